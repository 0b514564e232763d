import { pageTitle } from "~/components/search/page-title";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { useTranslation } from "~/lib/use-translation";
import { Form } from "react-router";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { ListFrame } from "~/components/account/ListFrame";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { flagFailure } from "~/lib/action-failed.server";
import type { Route } from "./+types/debitos";
import { debitsAction, loadDebits, type DebitsActionData } from "./debitos.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadDebits(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return flagFailure(context, await debitsAction(request, context));
}

/** The patron's open debits with every field, and a GRU (with PIX) for the selected ones. */
export default function DebitsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("debits");
  const lang = useLangOfParts();
  const result = actionData as DebitsActionData | undefined;
  const { debits, total } = loaderData;
  return (
    <div className="page account-screen">
      <ErrorTitle show={Boolean(result)} prefix={loaderData.errorPrefix} title={loaderData.plainTitle} />
      <h1>{t("heading")}</h1>
      <ErrorSummary errors={result ? [{ fieldId: result.error.field, message: result.error.message }] : []} />
      <ListFrame items={debits} failed={t("failed")} empty={t("empty")}>
        {(items) => (
          <Form method="post" id="debitos-lista" tabIndex={-1}>
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
            <div className="account-table-wrap" role="region" aria-label={t("caption")} tabIndex={0}>
              <table className="account-table">
                <caption>{t("caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("col.select")}</th>
                    <th scope="col">{t("col.reason")}</th>
                    <th scope="col">{t("col.service")}</th>
                    <th scope="col">{t("col.title")}</th>
                    <th scope="col">{t("col.library")}</th>
                    <th scope="col">{t("col.fine")}</th>
                    <th scope="col">{t("col.discount")}</th>
                    <th scope="col">{t("col.paid")}</th>
                    <th scope="col">{t("col.payment_date")}</th>
                    <th scope="col">{t("col.total")}</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((d) => (
                    <tr key={d.id}>
                      <td>
                        <input
                          type="checkbox"
                          name="debito"
                          value={d.id}
                          defaultChecked={result?.selected.includes(d.id)}
                          aria-label={t("select_debit", { reason: d.reason, total: d.total })}
                        />
                      </td>
                      <th scope="row" lang={lang.vocabulary}>{d.reason}</th>
                      <td lang={lang.vocabulary}>{d.service}</td>
                      <td>{d.title}</td>
                      <td lang={lang.vocabulary}>{d.library}</td>
                      <td>{d.fine}</td>
                      <td>{d.discount}</td>
                      <td>{d.paid}</td>
                      <td>{d.paymentDate || t("not_paid")}</td>
                      <td>{d.total}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={9}>
                      {t("total")}
                    </th>
                    <td>{total}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
            <p>{t("gru_explain")}</p>
            <button type="submit" className="button">
              {t("gru_submit")}
            </button>
          </Form>
        )}
      </ListFrame>
    </div>
  );
}
