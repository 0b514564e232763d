import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import {
  ConfirmBody,
  ConfirmPage,
  submitterValue,
  useConfirmDialog,
  type ConfirmBodyProps,
  type ConfirmItem,
} from "~/components/account/ConfirmStep";
import { StatusMessage } from "~/components/account/StatusMessage";
import { Link } from "~/framework/Link";
import type { Route } from "./+types/emprestimos.historico";
import { ListFrame } from "~/components/account/ListFrame";
import { ListTitle } from "~/components/account/ListTitle";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { pageTitle } from "~/components/search/page-title";
import { AccountTable } from "~/components/ui/AccountTable";
import { TextField } from "~/components/forms/TextField";
import { flagFailure } from "~/lib/action-failed.server";
import { privateAreaPath } from "~/lib/product";
import { useErrorTitle } from "./+shared/use-error-title";
import { historyAction, loadHistoryPage, type HistoryActionData } from "./emprestimos.historico.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadHistoryPage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return flagFailure(context, await historyAction(request, context));
}

const BASE = `${privateAreaPath}/emprestimos/historico`;

/** The question before deleting the chosen loans (the dialog's and the no-JS page's); posts back to the same range. */
function useDeleteQuestion(items: ConfirmItem[], backTo: string): ConfirmBodyProps {
  const { t } = useTranslation("loans");
  const lang = useLangOfParts();
  return {
    heading: t("history.confirm.heading", { count: items.length }),
    lines: items.map((h) => ({ key: h.id, text: h.title, lang: lang.record(h.language) })),
    fields: items.map((h) => ["emprestimo", h.id] as const),
    intent: "excluir",
    yes: t("history.confirm.yes", { count: items.length }),
    no: t("history.confirm.no"),
    backTo,
  };
}

function ConfirmDeleteBody({ items, backTo, onBack }: { items: ConfirmItem[]; backTo: string; onBack: () => void }) {
  return <ConfirmBody {...useDeleteQuestion(items, backTo)} onBack={onBack} />;
}

/** The no-JS confirmation step: a page of its own; nothing is deleted until the patron confirms. */
function ConfirmDelete({ items, backTo }: { items: ConfirmItem[]; backTo: string }) {
  const { t } = useTranslation("loans");
  return <ConfirmPage pageHeading={t("history.heading")} {...useDeleteQuestion(items, backTo)} />;
}

/** Loan history (spec §7 historico: dataIni, dataFim, multa): a GET form, the table, paging, CSV; deleting chosen loans (issue 29). */
export default function LoanHistoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("loans");
  const lang = useLangOfParts();
  const { values, result, history, failed, page, pages, total, outcome } = loaderData;
  const posted = actionData as HistoryActionData | undefined;
  const errors = (result?.error ?? {}) as Record<string, string[] | null | undefined>;
  const startError = errors.dataIni?.[0];
  const endError = errors.dataFim?.[0];
  const selectError = posted?.error;
  useErrorTitle(Boolean(startError || endError || selectError));
  const confirm = useConfirmDialog<ConfirmItem[]>();
  const query = (p: number) => {
    const q = new URLSearchParams({ dataIni: values.dataIni, dataFim: values.dataFim });
    if (values.multa) q.set("multa", "S");
    if (p > 1) q.set("pagina", String(p));
    return q.toString();
  };
  const here = `${BASE}?${query(page)}`;
  if (posted?.confirm) return <ConfirmDelete items={posted.confirm} backTo={here} />;
  const firstSelectable = history?.find((h) => h.returned !== null);
  return (
    <div className="page account">
      <h1>{t("history.heading")}</h1>
      <StatusMessage message={outcome} />
      <ErrorSummary
        errors={[
          ...(startError ? [{ fieldId: "historico-inicio", message: t(startError) }] : []),
          ...(endError ? [{ fieldId: "historico-fim", message: t(endError) }] : []),
          ...(selectError ? [{ fieldId: firstSelectable ? `excluir-${firstSelectable.id}` : "", message: selectError }] : []),
        ]}
      />
      <Form method="get" className="account-filter" noValidate>
        <fieldset>
          <legend>{t("history.range")}</legend>
          <div className="account-filter__fields">
            <TextField
              id="historico-inicio"
              name="dataIni"
              type="date"
              label={t("history.start")}
              defaultValue={values.dataIni}
              error={startError ? t(startError) : undefined}
              required
            />
            <TextField
              id="historico-fim"
              name="dataFim"
              type="date"
              label={t("history.end")}
              defaultValue={values.dataFim}
              error={endError ? t(endError) : undefined}
              required
            />
          </div>
          <div className="a11y-panel__check">
            <input type="checkbox" id="historico-multa" name="multa" value="S" defaultChecked={values.multa} />
            <label htmlFor="historico-multa">{t("history.only_fines")}</label>
          </div>
          <button type="submit" className="button">
            {t("history.apply")}
          </button>
        </fieldset>
      </Form>

      {history !== null || failed ? (
        <section aria-labelledby="historico-resultado">
          <h2 id="historico-resultado">{t("history.results", { count: total })}</h2>
          <ListFrame items={failed ? null : history} failed={t("history.failed")} empty={t("history.empty")}>
            {(items) => (
              <>
                <p>
                  <a href={`${BASE}.csv?${query(1)}`} download>
                    {t("history.csv")}
                  </a>
                </p>
                <Form
                  method="post"
                  className="account-form"
                  noValidate
                  onSubmit={(e) => {
                    // With JS the confirmation is a dialog; an empty selection goes to the server, which says what is missing.
                    if (submitterValue(e) !== "confirmar") return;
                    const ids = new FormData(e.currentTarget).getAll("emprestimo").map(Number);
                    const chosen = items.filter((h) => ids.includes(h.id)).map((h) => ({ id: h.id, title: h.title, language: h.language }));
                    if (chosen.length > 0) confirm.ask(e, chosen);
                  }}
                >
                  <AccountTable
                    caption={t("history.caption", { page, pages })}
                    rows={items}
                    rowKey={(h) => h.id}
                    selection={{
                      header: t("history.select_col"),
                      name: "emprestimo",
                      value: (h) => h.id,
                      id: (h) => `excluir-${h.id}`,
                      label: (h) => t("history.select", { title: h.title, date: h.returned }),
                      selectable: (h) => h.returned !== null,
                      describedBy: () => (selectError ? "excluir-erro" : undefined),
                      invalid: Boolean(selectError),
                      checked: (h) => posted?.selected?.includes(h.id),
                    }}
                    columns={[
                      {
                        header: t("table.title"),
                        rowHeader: true,
                        cell: (h) => <ListTitle codAcervo={h.codAcervo} title={h.title} lang={lang.record(h.language)} />,
                      },
                      { header: t("table.library"), lang: () => lang.vocabulary, cell: (h) => h.library },
                      { header: t("table.lent"), cell: (h) => h.lent },
                      { header: t("table.due"), cell: (h) => h.due },
                      { header: t("history.returned"), cell: (h) => h.returned ?? t("history.not_returned") },
                      { header: t("table.renewals"), cell: (h) => h.renewals },
                      { header: t("history.fine"), cell: (h) => h.fine ?? t("history.no_fine") },
                    ]}
                  />
                  {selectError ? (
                    <p className="field__error" id="excluir-erro">
                      <span className="visually-hidden">{t("common:errors.prefix")} </span>
                      {selectError}
                    </p>
                  ) : null}
                  {firstSelectable ? (
                    <div className="account-actions">
                      <button type="submit" name="intent" value="confirmar" className="button button--secondary">
                        {t("history.delete_selected")}
                      </button>
                    </div>
                  ) : null}
                </Form>
                {confirm.dialog((chosen, close) => (
                  <ConfirmDeleteBody items={chosen} backTo={here} onBack={close} />
                ))}
                {pages > 1 ? (
                  <nav aria-label={t("history.pages")} className="account-pager">
                    <ul>
                      {page > 1 ? (
                        <li>
                          <Link to={`${BASE}?${query(page - 1)}`}>{t("history.previous")}</Link>
                        </li>
                      ) : null}
                      <li>{t("history.page_of", { page, pages })}</li>
                      {page < pages ? (
                        <li>
                          <Link to={`${BASE}?${query(page + 1)}`}>{t("history.next")}</Link>
                        </li>
                      ) : null}
                    </ul>
                  </nav>
                ) : null}
              </>
            )}
          </ListFrame>
        </section>
      ) : null}
    </div>
  );
}
