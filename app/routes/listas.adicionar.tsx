import { Form } from "react-router";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { StatusMessage } from "~/components/account/StatusMessage";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { pageTitle } from "~/components/search/page-title";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { flagFailure } from "~/lib/action-failed.server";
import { privateAreaPath } from "~/lib/product";
import type { Route } from "./+types/listas.adicionar";
import { addToListAction, loadAddToList, type AddToListActionData } from "./listas.adicionar.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAddToList(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return flagFailure(context, await addToListAction(request, context));
}

/** Adds one title to one of the patron's lists, with an optional note (ADR 246). */
export default function AddToListPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("lists");
  const result = actionData as AddToListActionData | undefined;
  const { lists, title, errorPrefix } = loaderData;
  const firstRadio = lists[0] ? `lista-${lists[0].ref}` : "lista-nota";
  const listError = result?.field === "lista" ? result.error : null;
  const noteError = result?.field === "nota" ? result.error : null;
  const checked = result?.lista ?? (loaderData.done ? null : (lists.find((l) => !l.contains)?.ref ?? lists[0]?.ref));
  return (
    <div className="page">
      <ErrorTitle show={Boolean(result)} prefix={errorPrefix} title={loaderData.plainTitle} />
      <h1>
        {t("add.heading_before")} <cite lang={title.lang}>{title.name}</cite>
      </h1>
      <StatusMessage message={loaderData.done} />
      <ErrorSummary errors={result ? [{ fieldId: result.field === "lista" ? firstRadio : "lista-nota", message: result.error }] : []} />
      <Form method="post" noValidate>
        <fieldset className={listError ? "field field--invalid" : "field"} aria-describedby={listError ? "lista-erro" : undefined}>
          <legend className="field__label">{t("add.legend")}</legend>
          {listError ? (
            <p id="lista-erro" className="field__error">
              <span className="visually-hidden">{errorPrefix}</span> {listError}
            </p>
          ) : null}
          {lists.map((l) => (
            <div key={l.ref} className="choice">
              <input type="radio" id={`lista-${l.ref}`} name="lista" value={l.ref} defaultChecked={checked === l.ref} />
              <label htmlFor={`lista-${l.ref}`}>
                {l.name}
                {l.contains ? ` ${t("add.contains")}` : ""}
              </label>
            </div>
          ))}
        </fieldset>
        <div className={noteError ? "field field--invalid" : "field"}>
          <label htmlFor="lista-nota" className="field__label">
            {t("add.note")}
          </label>
          <p id="lista-nota-dica" className="field__hint">
            {t("list.note_hint", { max: loaderData.maxNote })}
          </p>
          {noteError ? (
            <p id="lista-nota-erro" className="field__error">
              <span className="visually-hidden">{errorPrefix}</span> {noteError}
            </p>
          ) : null}
          <textarea
            id="lista-nota"
            name="nota"
            rows={3}
            className="field__input"
            defaultValue={result?.nota ?? ""}
            aria-describedby={noteError ? "lista-nota-dica lista-nota-erro" : "lista-nota-dica"}
            aria-invalid={noteError ? true : undefined}
          />
        </div>
        <button type="submit" className="button">
          {t("add.submit")}
        </button>
      </Form>
      <p>
        <Link to={loaderData.back}>{t("add.back")}</Link>
      </p>
      <p>
        <Link to={`${privateAreaPath}/listas`}>{t("add.manage")}</Link>
      </p>
    </div>
  );
}
