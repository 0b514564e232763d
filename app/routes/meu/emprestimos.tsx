import { TextSep } from "~/components/ui/TextSep";
import { useEffect, useRef } from "react";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { useTranslation } from "~/framework/use-translation";
import { Form, useLocation } from "react-router";
import { Link } from "~/framework/Link";
import type { Route } from "./+types/emprestimos";
import { ListFrame } from "~/components/account/ListFrame";
import { ListTitle } from "~/components/account/ListTitle";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { pageTitle } from "~/components/search/page-title";
import { privateAreaPath } from "~/lib/product";
import { useErrorTitle } from "./+shared/use-error-title";
import { loadLoansPage, loansAction, type LoanOrder, type LoanRow } from "./emprestimos.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLoansPage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return loansAction(request, context);
}

/** The renewal's outcome: a summary ("2 of 3 renewed") and every item, announced and focused. */
function RenewalOutcome({ outcome }: { outcome: NonNullable<Route.ComponentProps["loaderData"]["outcome"]> }) {
  const { t } = useTranslation("loans");
  const lang = useLangOfParts();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), [outcome]);
  return (
    <section className="notice account-outcome" role="status" aria-labelledby="resultado" id="resultado-regiao">
      <h2 id="resultado" tabIndex={-1} ref={ref}>
        {t("outcome.heading")}
      </h2>
      <p className="account-outcome__summary">{t("outcome.summary", { renewed: outcome.renewed, total: outcome.total })}</p>
      <ul className="account-outcome__list">
        {outcome.items.map((o) => (
          <li key={o.id}>
            {o.title ? <strong lang={lang.record(o.language)}>{o.title}</strong> : <strong>{t("outcome.unknown_title")}</strong>}:{" "}
            {o.renewed
              ? t("outcome.renewed", { date: o.due })
              : t("outcome.not_renewed", { reason: t(`reasons.${o.reason ?? "desconhecido"}`, { defaultValue: t("reasons.desconhecido") }) })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A column the table can be ordered by: a plain GET link; the current order's column carries aria-sort. */
function SortHeader({ order, current, label }: { order: LoanOrder; current: LoanOrder; label: string }) {
  const { t } = useTranslation("loans");
  if (order === current)
    return (
      <th scope="col" aria-sort="ascending">
        {label}
        <span className="visually-hidden"> {t("sort.current")}</span>
      </th>
    );
  return (
    <th scope="col">
      <Link to={`?ordem=${order}`}>
        {label}
        <span className="visually-hidden"> {t("sort.by")}</span>
      </Link>
    </th>
  );
}

function LoansTable({ loans, selectable, order }: { loans: readonly LoanRow[]; selectable: boolean; order: LoanOrder }) {
  const { t } = useTranslation("loans");
  const lang = useLangOfParts();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <div className="account-table-wrap" role="region" aria-label={t("table.caption", { count: loans.length })} tabIndex={0}>
      <table className="account-table">
        <caption>{t("table.caption", { count: loans.length })}</caption>
        <thead>
          <tr>
            {selectable ? (
              <th scope="col">
                <span className="visually-hidden">{t("table.select")}</span>
              </th>
            ) : null}
            <SortHeader order="titulo" current={order} label={t("table.title")} />
            <th scope="col">{t("table.library")}</th>
            <th scope="col">{t("table.lent")}</th>
            <SortHeader order="vencimento" current={order} label={t("table.due")} />
            <th scope="col">{t("table.renewals")}</th>
            <th scope="col">{t("table.kind")}</th>
            <th scope="col">{t("table.renewal")}</th>
          </tr>
        </thead>
        <tbody>
          {loans.map((l) => (
            <tr key={l.id} className={l.overdue ? "account-table__row--overdue" : undefined}>
              {selectable ? (
                <td>
                  {l.renewable ? (
                    <>
                      <input type="checkbox" id={`renovar-${l.id}`} name="emprestimo" value={l.id} className="account-check" />
                      <label htmlFor={`renovar-${l.id}`} className="visually-hidden">
                        {t("table.renew_item", { title: l.title })}
                      </label>
                    </>
                  ) : null}
                </td>
              ) : null}
              <th scope="row">
                <ListTitle codAcervo={l.codAcervo} title={l.title} lang={lang.record(l.language)} />
                {l.author ? (
                  <>
                    <TextSep />
                    <span className="account-table__sub">{l.author}</span>
                  </>
                ) : null}
              </th>
              <td lang={lang.vocabulary}>{l.library}</td>
              <td>{l.lent}</td>
              <td>
                {l.due}
                {l.overdue ? (
                  <>
                    {" "}
                    <strong className="badge badge--danger">{t("overdue")}</strong>
                  </>
                ) : null}
              </td>
              <td>{l.renewalLimit === null ? l.renewals : t("table.renewals_of", { used: l.renewals, allowed: l.renewalLimit })}</td>
              <td>{t(`kinds.${l.kind}`, { defaultValue: l.kind })}</td>
              <td>
                {l.renewable
                  ? t("table.can_renew")
                  : t(`reasons.${l.reason ?? "desconhecido"}`, { defaultValue: l.reasonText ?? t("reasons.desconhecido") })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Current loans (spec §7 titulos-pendentes, renovacao): table, renew selected / all, outcome, calendar. */
export default function LoansPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("loans");
  const { loans, outcome, chave, feed, order } = loaderData;
  const { search } = useLocation();
  const selectError = actionData?.result?.error?.emprestimo?.[0] ?? actionData?.result?.error?.chave?.[0];
  useErrorTitle(Boolean(selectError));
  const firstRenewable = loans?.find((l) => l.renewable);
  const feedNotice = new URLSearchParams(search).get("calendario");
  return (
    <div className="page account">
      <h1>{t("heading")}</h1>
      {outcome ? <RenewalOutcome outcome={outcome} /> : null}
      <ErrorSummary errors={selectError ? [{ fieldId: firstRenewable ? `renovar-${firstRenewable.id}` : "", message: t(selectError) }] : []} />
      <ListFrame items={loans} failed={t("failed")} empty={t("empty")}>
        {(items) => {
          const anyRenewable = items.some((l) => l.renewable);
          return (
            <Form method="post" className="account-form" noValidate>
              <input type="hidden" name="chave" value={chave} />
              <LoansTable loans={items} selectable={anyRenewable} order={order} />
              {selectError ? (
                <p className="field__error" id="renovar-erro">
                  <span className="visually-hidden">{t("common:errors.prefix")} </span>
                  {t(selectError)}
                </p>
              ) : null}
              {anyRenewable ? null : <p>{t("none_renewable")}</p>}
              {/* A form that can only fail is not offered: with nothing renewable, the table's reasons say why. */}
              {anyRenewable ? (
                <div className="account-actions">
                  <button type="submit" name="intent" value="selecionados" className="button">
                    {t("renew_selected")}
                  </button>
                  <button type="submit" name="intent" value="todos" className="button button--secondary">
                    {t("renew_all")}
                  </button>
                </div>
              ) : null}
            </Form>
          );
        }}
      </ListFrame>
      {loans && loans.length > 0 ? (
        <p>
          <a href={`${privateAreaPath}/emprestimos/atuais.csv?ordem=${order}`} download>
            {t("csv_current")}
          </a>
        </p>
      ) : null}
      <p>
        <Link to={`${privateAreaPath}/emprestimos/historico`}>{t("history_link")}</Link>
      </p>

      <section className="account__section" aria-labelledby="calendario">
        <h2 id="calendario">{t("calendar.heading")}</h2>
        <p>{t("calendar.intro")}</p>
        <p>
          <a href={`${privateAreaPath}/emprestimos/calendario.ics`} download>
            {t("calendar.download")}
          </a>
        </p>
        {feedNotice === "criado" || feedNotice === "revogado" ? (
          <p className="notice" role="status">
            {t(feedNotice === "criado" ? "calendar.created" : "calendar.revoked")}
          </p>
        ) : null}
        {feed === null ? (
          <p className="notice notice--warning">{t("calendar.failed")}</p>
        ) : feed.exists ? (
          <>
            {feed.url ? (
              <>
                <label className="field__label" htmlFor="calendario-url">
                  {t("calendar.url_label")}
                </label>
                <input
                  id="calendario-url"
                  className="account-feed-url"
                  type="text"
                  readOnly
                  value={feed.url}
                  aria-describedby="calendario-url-hint"
                />
                <p className="hint" id="calendario-url-hint">
                  {t("calendar.url_hint", { date: feed.since })}
                </p>
              </>
            ) : (
              <p>{t("calendar.exists", { date: feed.since })}</p>
            )}
            <Form method="post" className="account-actions">
              <button type="submit" name="intent" value="feed-create" className="button button--secondary">
                {t("calendar.rotate")}
              </button>
              <button type="submit" name="intent" value="feed-revoke" className="button button--secondary">
                {t("calendar.revoke")}
              </button>
            </Form>
          </>
        ) : (
          <Form method="post" className="account-actions">
            <button type="submit" name="intent" value="feed-create" className="button button--secondary">
              {t("calendar.create")}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
