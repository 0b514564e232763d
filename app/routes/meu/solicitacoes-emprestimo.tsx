import { pageTitle } from "~/components/search/page-title";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { ConfirmBody, ConfirmPage, useConfirmDialog, type ConfirmBodyProps, type ConfirmItem } from "~/components/account/ConfirmStep";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { ListFrame } from "~/components/account/ListFrame";
import { StatusMessage } from "~/components/account/StatusMessage";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { SelectField } from "~/components/forms/SelectField";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { AccountTable, titleColumn } from "~/components/ui/AccountTable";
import { flagFailure } from "~/lib/action-failed.server";
import { LOAN_REQUEST_STATES } from "~/lib/api/account/loan-request-states";
import type { Route } from "./+types/solicitacoes-emprestimo";
import { LOAN_REQUESTS_PATH } from "./paths";
import { loadLoanRequests, loanRequestsAction, type LoanRequestsActionData } from "./solicitacoes-emprestimo.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLoanRequests(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return flagFailure(context, await loanRequestsAction(request, context));
}

function DateField({ id, name, label, value, error }: { id: string; name: string; label: string; value: string; error?: string }) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      {(describedBy) => (
        <input
          className="field__input"
          type="date"
          id={id}
          name={name}
          defaultValue={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}

/** The patron's loan requests with their statuses, filtered by date range and status; cancel while waiting. */
export default function LoanRequestsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("holds");
  const lang = useLangOfParts();
  const result = actionData as LoanRequestsActionData | undefined;
  const { values, errors, items, done } = loaderData;
  const confirm = useConfirmDialog<ConfirmItem>();
  const question = (item: ConfirmItem): ConfirmBodyProps => ({
    heading: t("loanRequests.confirm.heading"),
    lines: [{ key: item.id, text: item.title, lang: lang.record(item.language) }],
    fields: [["solicitacao", item.id]],
    intent: "cancelar",
    yes: t("loanRequests.confirm.yes"),
    no: t("loanRequests.confirm.no"),
    backTo: LOAN_REQUESTS_PATH,
  });
  if (result?.confirm) return <ConfirmPage pageHeading={t("loanRequests.heading")} {...question(result.confirm)} />;
  const summary = [
    ...(result?.error ? [{ fieldId: "", message: result.error }] : []),
    ...(["dataIni", "dataFim", "status"] as const).filter((k) => errors[k]).map((k) => ({ fieldId: `filtro-${k}`, message: errors[k] })),
  ];
  return (
    <div className="page account-screen">
      <ErrorTitle show={Boolean(result?.error)} prefix={loaderData.errorPrefix} title={loaderData.plainTitle} />
      <h1>{t("loanRequests.heading")}</h1>
      <StatusMessage message={done ? t("loanRequests.done") : null} />
      <ErrorSummary errors={summary} />
      <Form method="get" className="account-filter" aria-labelledby="filtrar">
        <h2 id="filtrar">{t("loanRequests.filter_heading")}</h2>
        <p>{t("loanRequests.filter_hint")}</p>
        <DateField id="filtro-dataIni" name="dataIni" label={t("loanRequests.from")} value={values.dataIni} error={errors.dataIni} />
        <DateField id="filtro-dataFim" name="dataFim" label={t("loanRequests.to")} value={values.dataFim} error={errors.dataFim} />
        <SelectField
          id="filtro-status"
          name="status"
          label={t("loanRequests.status")}
          placeholder={t("loanRequests.any_status")}
          options={LOAN_REQUEST_STATES.map((s) => ({ value: s, label: t(`loanRequests.state.${s}`) }))}
          defaultValue={values.status}
          error={errors.status}
        />
        <button type="submit" className="button">
          {t("loanRequests.filter_submit")}
        </button>{" "}
        <Link to={LOAN_REQUESTS_PATH}>{t("loanRequests.clear")}</Link>
      </Form>
      <ListFrame items={items} failed={t("loanRequests.failed")} empty={t("loanRequests.empty")}>
        {(rows) => (
          <AccountTable
            caption={t("loanRequests.caption")}
            rows={rows}
            rowKey={(r) => r.id}
            columns={[
              titleColumn(t("col.title"), lang.record),
              { header: t("loanRequests.col.state"), cell: (r) => t(`loanRequests.state.${r.state}`) },
              { header: t("loanRequests.col.date"), cell: (r) => r.date },
              { header: t("loanRequests.col.origin"), cell: (r) => r.origin },
              { header: t("loanRequests.col.receiving"), cell: (r) => r.receiving },
              { header: t("loanRequests.col.receivingNote"), cell: (r) => r.receivingNote },
              { header: t("col.copy"), cell: (r) => r.copy },
              { header: t("col.cancel_date"), cell: (r) => r.cancelDate },
              {
                header: t("col.actions"),
                cell: (r) =>
                  r.state === "aguardando" ? (
                    <Form method="post" onSubmit={(e) => confirm.ask(e, { id: r.id, title: r.title, language: r.language })}>
                      <input type="hidden" name="solicitacao" value={r.id} />
                      <button type="submit" name="intent" value="confirmar" className="button button--secondary">
                        {t("loanRequests.cancel", { title: r.title })}
                      </button>
                    </Form>
                  ) : null,
              },
            ]}
          />
        )}
      </ListFrame>
      {confirm.dialog((item, close) => (
        <ConfirmBody {...question(item)} onBack={close} />
      ))}
    </div>
  );
}
