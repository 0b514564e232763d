import { pageTitle } from "~/components/search/page-title";
import { Form } from "react-router";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { ListFrame } from "~/components/account/ListFrame";
import { StatusMessage } from "~/components/account/StatusMessage";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { Link } from "~/framework/Link";
import { flagFailure } from "~/lib/action-failed.server";
import { useTranslation } from "~/framework/use-translation";
import type { Route } from "./+types/cesta-permanente";
import { loadPermanentBasket, permanentBasketAction, type PermanentActionData } from "./cesta-permanente.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadPermanentBasket(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return flagFailure(context, await permanentBasketAction(request, context));
}

/** The patron's permanent basket: tick titles, then remove them, copy them into the basket or export them. */
export default function PermanentBasketPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("permanent");
  const result = actionData as PermanentActionData | undefined;
  const { items, done, formats } = loaderData;
  const selected = new Set(result?.selected ?? []);
  const firstId = items?.[0] ? `permanente-${items[0].id}` : "";
  const errors = result ? [{ fieldId: result.field === "formato" ? "permanente-formato" : firstId, message: result.error }] : [];
  return (
    <div className="page account-screen">
      <ErrorTitle show={Boolean(result)} prefix={loaderData.errorPrefix} title={loaderData.plainTitle} />
      <h1>{t("heading")}</h1>
      <StatusMessage message={done ? t(`done.${done.kind}`, { count: done.count }) : null} />
      <ErrorSummary errors={errors} />
      <p>{t("intro")}</p>
      <ListFrame items={items} failed={t("failed")} empty={t("empty")}>
        {(rows) => (
          // A document form (also with JavaScript): "Export" answers with a file download, which a client-side
          // navigation cannot receive; the other actions redirect back here with their result.
          <Form method="post" reloadDocument aria-labelledby="permanente-acoes-titulo">
            <div className="account-table-wrap">
              <table className="account-table">
                <caption>{t("caption", { count: rows.length })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("col.select")}</th>
                    <th scope="col">{t("col.title")}</th>
                    <th scope="col">{t("col.author")}</th>
                    <th scope="col">{t("col.added")}</th>
                    <th scope="col">{t("col.actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((i) => (
                    <tr key={i.id}>
                      <td>
                        <input
                          type="checkbox"
                          id={`permanente-${i.id}`}
                          name="acervo"
                          value={i.id}
                          defaultChecked={selected.has(i.id)}
                          className="account-check"
                          aria-describedby={result?.field === "acervo" && i.id === rows[0].id ? "permanente-erro" : undefined}
                        />
                        <label htmlFor={`permanente-${i.id}`} className="visually-hidden">
                          {t("select_named", { title: i.title })}
                        </label>
                      </td>
                      <th scope="row">
                        <Link to={i.href} lang={i.lang}>
                          {i.title}
                        </Link>
                        {i.type || i.year ? (
                          <>
                            {" "}
                            <span className="account-table__sub">{[i.type, i.year].filter(Boolean).join(", ")}</span>
                          </>
                        ) : null}
                      </th>
                      <td>{i.author ?? t("no_author")}</td>
                      <td>{i.added}</td>
                      <td>
                        <button type="submit" name="intent" value={`remover:${i.id}`} className="button button--secondary">
                          {t("remove_named", { title: i.title })}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {result?.field === "acervo" ? (
              <p id="permanente-erro" className="field__error">
                <span className="visually-hidden">{loaderData.errorPrefix}</span> {result.error}
              </p>
            ) : null}
            <h2 id="permanente-acoes-titulo">{t("actions_heading")}</h2>
            <div className="account-actions">
              <button type="submit" name="intent" value="cesta" className="button">
                {t("to_basket")}
              </button>
              <button type="submit" name="intent" value="remover" className="button button--secondary">
                {t("remove_selected")}
              </button>
            </div>
            <div className="field">
              <label htmlFor="permanente-formato" className="field__label">
                {t("format")}
              </label>
              {result?.field === "formato" ? (
                <p id="permanente-formato-erro" className="field__error">
                  <span className="visually-hidden">{loaderData.errorPrefix}</span> {result.error}
                </p>
              ) : null}
              <select
                id="permanente-formato"
                name="formato"
                defaultValue={result?.formato ?? ""}
                aria-describedby={result?.field === "formato" ? "permanente-formato-erro" : undefined}
                aria-invalid={result?.field === "formato" ? true : undefined}
              >
                <option value="">{t("format_choose")}</option>
                {formats.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </select>
              <button type="submit" name="intent" value="exportar" className="button button--secondary">
                {t("export_selected")}
              </button>
            </div>
          </Form>
        )}
      </ListFrame>
      <p>
        <Link to="/cesta">{t("basket_link")}</Link>
      </p>
    </div>
  );
}
