import { Form } from "react-router";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { StatusMessage } from "~/components/account/StatusMessage";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { pageTitle } from "~/components/search/page-title";
import { AccountTable } from "~/components/ui/AccountTable";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { flagFailure } from "~/lib/action-failed.server";
import type { Route } from "./+types/listas";
import { listsAction, loadLists, type ListsActionData } from "./listas.server";
import { LISTS_PATH } from "./paths";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLists(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return flagFailure(context, await listsAction(request, context));
}

/** The patron's lists (ADR 246): the default one (the permanent basket) first, each with its size and visibility. */
export default function ListsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("lists");
  const result = actionData as ListsActionData | undefined;
  const { lists, done } = loaderData;
  return (
    <div className="page account-screen">
      <ErrorTitle show={Boolean(result)} prefix={loaderData.errorPrefix} title={loaderData.plainTitle} />
      <h1>{t("heading")}</h1>
      <StatusMessage message={done} />
      <ErrorSummary errors={result ? [{ fieldId: "lista-nome", message: result.error }] : []} />
      <p>{t("intro")}</p>
      {lists === null ? (
        <p className="notice notice--warning">{t("failed")}</p>
      ) : (
        <AccountTable
          caption={t("caption", { count: lists.length, max: loaderData.max })}
          rows={lists}
          rowKey={(l) => l.ref}
          columns={[
            {
              header: t("col.name"),
              rowHeader: true,
              cell: (l) => (
                <>
                  <Link to={`${LISTS_PATH}/${l.ref}`}>{l.name}</Link>
                  {l.isDefault ? <span className="account-table__sub"> {t("default_badge")}</span> : null}
                </>
              ),
            },
            { header: t("col.items"), cell: (l) => l.items },
            { header: t("col.visibility"), cell: (l) => (l.isPublic ? t("visibility.public") : t("visibility.private")) },
            { header: t("col.updated"), cell: (l) => l.updated ?? "—" },
          ]}
        />
      )}
      <h2 id="lista-nova-titulo">{t("create.heading")}</h2>
      <Form method="post" aria-labelledby="lista-nova-titulo" noValidate>
        <div className={result ? "field field--invalid" : "field"}>
          <label htmlFor="lista-nome" className="field__label">
            {t("create.name")}
          </label>
          <p id="lista-nome-dica" className="field__hint">
            {t("create.hint", { max: loaderData.maxName })}
          </p>
          {result ? (
            <p id="lista-nome-erro" className="field__error">
              <span className="visually-hidden">{loaderData.errorPrefix}</span> {result.error}
            </p>
          ) : null}
          <input
            id="lista-nome"
            name="nome"
            type="text"
            className="field__input"
            defaultValue={result?.nome ?? ""}
            autoComplete="off"
            aria-describedby={result ? "lista-nome-dica lista-nome-erro" : "lista-nome-dica"}
            aria-invalid={result ? true : undefined}
          />
        </div>
        <button type="submit" className="button">
          {t("create.submit")}
        </button>
      </Form>
    </div>
  );
}
