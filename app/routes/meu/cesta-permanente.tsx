import { pageTitle } from "~/components/search/page-title";
import { Form } from "react-router";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { ListFrame } from "~/components/account/ListFrame";
import { StatusMessage } from "~/components/account/StatusMessage";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { AccountTable } from "~/components/ui/AccountTable";
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
            <AccountTable
              caption={t("caption", { count: rows.length })}
              rows={rows}
              rowKey={(i) => i.id}
              selection={{
                header: t("col.select"),
                name: "acervo",
                value: (i) => i.id,
                id: (i) => `permanente-${i.id}`,
                hiddenLabel: true,
                label: (i) => t("select_named", { title: i.title }),
                checked: (i) => selected.has(i.id),
                className: "account-check",
                describedBy: (i) => (result?.field === "acervo" && i.id === rows[0].id ? "permanente-erro" : undefined),
              }}
              columns={[
                {
                  header: t("col.title"),
                  rowHeader: true,
                  cell: (i) => (
                    <>
                      <Link to={i.href} lang={i.lang}>
                        {i.title}
                      </Link>
                      {i.type || i.year ? (
                        <>
                          {" "}
                          <span className="account-table__sub">{[i.type, i.year].filter(Boolean).join(", ")}</span>
                        </>
                      ) : null}
                    </>
                  ),
                },
                { header: t("col.author"), cell: (i) => i.author ?? t("no_author") },
                { header: t("col.added"), cell: (i) => i.added },
                {
                  header: t("col.actions"),
                  cell: (i) => (
                    <button type="submit" name="intent" value={`remover:${i.id}`} className="button button--secondary">
                      {t("remove_named", { title: i.title })}
                    </button>
                  ),
                },
              ]}
            />
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
