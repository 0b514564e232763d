import { pageTitle } from "~/components/search/page-title";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { ListFrame } from "~/components/account/ListFrame";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { Link } from "~/framework/Link";
import { flagFailure } from "~/lib/action-failed.server";
import type { Route } from "./+types/debitos";
import { debitsAction, loadDebits, type DebitsActionData } from "./debitos.server";
import { DEBITS_PATH } from "./paths";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadDebits(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return flagFailure(context, await debitsAction(request, context));
}

/**
 * The patron's open debits with every field and a GRU (with PIX) for the selected ones; the slips already issued
 * (status, dates, value) and the history of debits already paid, each with the title it came from.
 */
export default function DebitsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("debits");
  const lang = useLangOfParts();
  const result = actionData as DebitsActionData | undefined;
  const { debits, total, slips, paidDebits } = loaderData;
  return (
    <div className="page account-screen">
      <ErrorTitle show={Boolean(result)} prefix={loaderData.errorPrefix} title={loaderData.plainTitle} />
      <h1>{t("heading")}</h1>
      <ErrorSummary errors={result ? [{ fieldId: result.error.field, message: result.error.message }] : []} />
      <h2 id="em-aberto">{t("open_heading")}</h2>
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
                      <th scope="row" lang={lang.vocabulary}>
                        {d.reason}
                      </th>
                      <td lang={d.service.translated ? undefined : lang.vocabulary}>{d.service.text}</td>
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

      <section aria-labelledby="guias">
        <h2 id="guias">{t("slips.heading")}</h2>
        <ListFrame items={slips} failed={t("slips.failed")} empty={t("slips.empty")}>
          {(items) => (
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
            <div className="account-table-wrap" role="region" aria-label={t("slips.caption")} tabIndex={0}>
              <table className="account-table">
                <caption>{t("slips.caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("slips.col.reference")}</th>
                    <th scope="col">{t("col.library")}</th>
                    <th scope="col">{t("slips.col.status")}</th>
                    <th scope="col">{t("slips.col.issued")}</th>
                    <th scope="col">{t("slips.col.paid")}</th>
                    <th scope="col">{t("slips.col.amount")}</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((g) => (
                    <tr key={g.id}>
                      <th scope="row">
                        <Link to={`${DEBITS_PATH}/gru/${g.id}`} aria-label={t("slips.open", { reference: g.reference })}>
                          {g.reference}
                        </Link>
                      </th>
                      <td lang={lang.vocabulary}>{g.library}</td>
                      <td>{g.paid ? t("slips.status_paid") : t("slips.status_issued", { due: g.due })}</td>
                      <td>{g.issuedOn}</td>
                      <td>{g.paidOn || t("not_paid")}</td>
                      <td>{g.amount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </ListFrame>
      </section>

      <section aria-labelledby="pagos">
        <h2 id="pagos">{t("paid.heading")}</h2>
        <ListFrame items={paidDebits} failed={t("paid.failed")} empty={t("paid.empty")}>
          {(items) => (
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
            <div className="account-table-wrap" role="region" aria-label={t("paid.caption")} tabIndex={0}>
              <table className="account-table">
                <caption>{t("paid.caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("col.reason")}</th>
                    <th scope="col">{t("col.title")}</th>
                    <th scope="col">{t("col.library")}</th>
                    <th scope="col">{t("col.payment_date")}</th>
                    <th scope="col">{t("col.paid")}</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((d) => (
                    <tr key={d.id}>
                      <th scope="row" lang={lang.vocabulary}>
                        {d.reason}
                      </th>
                      <td>{d.titleId ? <Link to={`/acervo/${d.titleId}`}>{d.title}</Link> : d.title}</td>
                      <td lang={lang.vocabulary}>{d.library}</td>
                      <td>{d.paidOn}</td>
                      <td>{d.amount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </ListFrame>
      </section>
    </div>
  );
}
