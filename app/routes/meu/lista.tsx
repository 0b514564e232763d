import "~/components/lists/lists.css";
import { Form } from "react-router";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { StatusMessage } from "~/components/account/StatusMessage";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { pageTitle } from "~/components/search/page-title";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { flagFailure } from "~/lib/action-failed.server";
import type { Route } from "./+types/lista";
import { listAction, loadList, refParam, type ListActionData } from "./lista.server";
import { LISTS_PATH } from "./paths";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadList(request, context, refParam(params.lista));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return flagFailure(context, await listAction(request, context, refParam(params.lista)));
}

/** The field an error belongs to, for the summary's link. */
function fieldOf(form: string): string {
  if (form === "nome") return "lista-renomear";
  if (form === "formato") return "lista-formato";
  const note = /^nota:(\d+)$/.exec(form);
  return note ? `nota-${note[1]}` : "lista-acoes-titulo";
}

/** One list (ADR 246): its titles with notes, and what the patron can do with it. */
export default function ListPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("lists");
  const result = actionData as ListActionData | undefined;
  const { list, items, done, errorPrefix } = loaderData;
  const here = `${LISTS_PATH}/${list.ref}`;
  const errorOf = (form: string) => (result?.form === form ? result.error : null);
  const FieldError = ({ id, form }: { id: string; form: string }) =>
    errorOf(form) ? (
      <p id={id} className="field__error">
        <span className="visually-hidden">{errorPrefix}</span> {errorOf(form)}
      </p>
    ) : null;
  return (
    <div className="page account-screen">
      <ErrorTitle show={Boolean(result)} prefix={errorPrefix} title={loaderData.plainTitle} />
      <p>
        <Link to={LISTS_PATH}>{t("list.back")}</Link>
      </p>
      <h1>{list.name}</h1>
      <StatusMessage message={done} />
      <ErrorSummary errors={result ? [{ fieldId: fieldOf(result.form), message: result.error }] : []} />
      {list.isDefault ? <p>{t("list.default_text")}</p> : null}
      {result && fieldOf(result.form) === "lista-acoes-titulo" ? (
        <p className="field__error">
          <span className="visually-hidden">{errorPrefix}</span> {result.error}
        </p>
      ) : null}

      {items.length === 0 ? (
        <p>{t("list.empty")}</p>
      ) : (
        <ol className="list-items">
          {items.map((i) => {
            const noteForm = `nota:${i.id}`;
            const noteError = errorOf(noteForm);
            return (
              <li key={i.id} id={`item-${i.id}`} className="list-item">
                <h2 className="list-item__title">
                  <Link to={i.href} lang={i.lang}>
                    {i.title}
                  </Link>
                </h2>
                <p className="account-table__sub">{[i.author ?? t("list.no_author"), i.type, i.year].filter(Boolean).join(" · ")}</p>
                <Form method="post" className="list-item__note" noValidate>
                  <div className={noteError ? "field field--invalid" : "field"}>
                    <label htmlFor={`nota-${i.id}`} className="field__label">
                      {t("list.note_label")}
                    </label>
                    <p id={`nota-${i.id}-dica`} className="field__hint">
                      {t("list.note_hint", { max: loaderData.maxNote })}
                    </p>
                    <FieldError id={`nota-${i.id}-erro`} form={noteForm} />
                    <textarea
                      id={`nota-${i.id}`}
                      name={`nota-${i.id}`}
                      rows={2}
                      className="field__input"
                      defaultValue={noteError ? result!.value : (i.note ?? "")}
                      aria-describedby={noteError ? `nota-${i.id}-dica nota-${i.id}-erro` : `nota-${i.id}-dica`}
                      aria-invalid={noteError ? true : undefined}
                      aria-label={t("list.note_label_named", { title: i.title })}
                    />
                  </div>
                  <div className="account-actions">
                    <button
                      type="submit"
                      name="intent"
                      value={noteForm}
                      className="button button--secondary"
                      aria-label={t("list.save_note_named", { title: i.title })}
                    >
                      {t("list.save_note")}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={`remover:${i.id}`}
                      className="button button--secondary"
                      aria-label={t("list.remove_named", { title: i.title })}
                    >
                      {t("list.remove")}
                    </button>
                  </div>
                </Form>
              </li>
            );
          })}
        </ol>
      )}

      <h2 id="lista-acoes-titulo" tabIndex={-1}>
        {t("list.manage_heading")}
      </h2>

      <h3 id="lista-compartilhar-titulo">{t("sharing.heading")}</h3>
      {list.isPublic && list.publicUrl ? (
        <>
          <p>{t("sharing.public_text")}</p>
          <p>
            <a href={list.publicUrl} id="lista-link-publico">
              {list.publicUrl}
            </a>
          </p>
        </>
      ) : (
        <p>{t("sharing.private_text")}</p>
      )}
      <Form method="post" aria-labelledby="lista-compartilhar-titulo">
        <button type="submit" name="intent" value={list.isPublic ? "privada" : "publica"} className="button button--secondary">
          {list.isPublic ? t("sharing.make_private") : t("sharing.make_public")}
        </button>
      </Form>

      <h3 id="lista-exportar-titulo">{t("export.heading")}</h3>
      {items.length === 0 ? (
        <p>{t("export.empty")}</p>
      ) : (
        // A document form: the export answers with a file download, which a client-side navigation cannot receive.
        <Form method="post" reloadDocument aria-labelledby="lista-exportar-titulo" noValidate>
          <div className={errorOf("formato") ? "field field--invalid" : "field"}>
            <label htmlFor="lista-formato" className="field__label">
              {t("export.format")}
            </label>
            <FieldError id="lista-formato-erro" form="formato" />
            <select
              id="lista-formato"
              name="formato"
              defaultValue={errorOf("formato") ? result!.value : ""}
              aria-describedby={errorOf("formato") ? "lista-formato-erro" : undefined}
              aria-invalid={errorOf("formato") ? true : undefined}
            >
              <option value="">{t("export.choose")}</option>
              {loaderData.formats.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" name="intent" value="exportar" className="button button--secondary">
            {t("export.submit")}
          </button>
        </Form>
      )}

      <h3 id="lista-renomear-titulo">{t("rename.heading")}</h3>
      <Form method="post" aria-labelledby="lista-renomear-titulo" noValidate>
        <div className={errorOf("nome") ? "field field--invalid" : "field"}>
          <label htmlFor="lista-renomear" className="field__label">
            {t("rename.name")}
          </label>
          <p id="lista-renomear-dica" className="field__hint">
            {t("create.hint", { max: loaderData.maxName })}
          </p>
          <FieldError id="lista-renomear-erro" form="nome" />
          <input
            id="lista-renomear"
            name="nome"
            type="text"
            className="field__input"
            autoComplete="off"
            defaultValue={errorOf("nome") ? result!.value : list.name}
            aria-describedby={errorOf("nome") ? "lista-renomear-dica lista-renomear-erro" : "lista-renomear-dica"}
            aria-invalid={errorOf("nome") ? true : undefined}
          />
        </div>
        <button type="submit" name="intent" value="renomear" className="button button--secondary">
          {t("rename.submit")}
        </button>
      </Form>

      {list.isDefault ? null : (
        <>
          <h3 id="lista-apagar-titulo">{t("delete.heading")}</h3>
          {loaderData.confirmDelete ? (
            <div className="notice notice--warning">
              <p>
                <strong>{t("delete.confirm_heading", { name: list.name })}</strong>
              </p>
              <p>{t("delete.confirm_text", { count: list.count })}</p>
              <Form method="post" aria-labelledby="lista-apagar-titulo" className="account-actions">
                <button type="submit" name="intent" value="apagar" className="button">
                  {t("delete.confirm")}
                </button>
                <Link to={here} className="button button--secondary">
                  {t("delete.cancel")}
                </Link>
              </Form>
            </div>
          ) : (
            <p>
              <Link to={`${here}?apagar=1#lista-apagar-titulo`}>{t("delete.link")}</Link>
            </p>
          )}
        </>
      )}
    </div>
  );
}
