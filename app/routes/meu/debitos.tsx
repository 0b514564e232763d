import { pageTitle } from "~/components/search/page-title";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { ListFrame } from "~/components/account/ListFrame";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { AccountTable } from "~/components/ui/AccountTable";
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
            <AccountTable
              caption={t("caption")}
              rows={items}
              rowKey={(d) => d.id}
              selection={{
                header: t("col.select"),
                name: "debito",
                value: (d) => d.id,
                checked: (d) => result?.selected.includes(d.id),
                label: (d) => t("select_debit", { reason: d.reason, total: d.total }),
              }}
              columns={[
                { header: t("col.reason"), rowHeader: true, lang: () => lang.vocabulary, cell: (d) => d.reason },
                { header: t("col.service"), lang: (d) => (d.service.translated ? undefined : lang.vocabulary), cell: (d) => d.service.text },
                { header: t("col.title"), cell: (d) => d.title },
                { header: t("col.library"), lang: () => lang.vocabulary, cell: (d) => d.library },
                { header: t("col.fine"), cell: (d) => d.fine },
                { header: t("col.discount"), cell: (d) => d.discount },
                { header: t("col.paid"), cell: (d) => d.paid },
                { header: t("col.payment_date"), cell: (d) => d.paymentDate || t("not_paid") },
                { header: t("col.total"), cell: (d) => d.total },
              ]}
              footer={
                <tr>
                  <th scope="row" colSpan={9}>
                    {t("total")}
                  </th>
                  <td>{total}</td>
                </tr>
              }
            />
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
            <AccountTable
              caption={t("slips.caption")}
              rows={items}
              rowKey={(g) => g.id}
              columns={[
                {
                  header: t("slips.col.reference"),
                  rowHeader: true,
                  cell: (g) => (
                    <Link to={`${DEBITS_PATH}/gru/${g.id}`} aria-label={t("slips.open", { reference: g.reference })}>
                      {g.reference}
                    </Link>
                  ),
                },
                { header: t("col.library"), lang: () => lang.vocabulary, cell: (g) => g.library },
                { header: t("slips.col.status"), cell: (g) => (g.paid ? t("slips.status_paid") : t("slips.status_issued", { due: g.due })) },
                { header: t("slips.col.issued"), cell: (g) => g.issuedOn },
                { header: t("slips.col.paid"), cell: (g) => g.paidOn || t("not_paid") },
                { header: t("slips.col.amount"), cell: (g) => g.amount },
              ]}
            />
          )}
        </ListFrame>
      </section>

      <section aria-labelledby="pagos">
        <h2 id="pagos">{t("paid.heading")}</h2>
        <ListFrame items={paidDebits} failed={t("paid.failed")} empty={t("paid.empty")}>
          {(items) => (
            <AccountTable
              caption={t("paid.caption")}
              rows={items}
              rowKey={(d) => d.id}
              columns={[
                { header: t("col.reason"), rowHeader: true, lang: () => lang.vocabulary, cell: (d) => d.reason },
                { header: t("col.title"), cell: (d) => (d.titleId ? <Link to={`/acervo/${d.titleId}`}>{d.title}</Link> : d.title) },
                { header: t("col.library"), lang: () => lang.vocabulary, cell: (d) => d.library },
                { header: t("col.payment_date"), cell: (d) => d.paidOn },
                { header: t("col.paid"), cell: (d) => d.amount },
              ]}
            />
          )}
        </ListFrame>
      </section>
    </div>
  );
}
