import { TextSep } from "~/components/ui/TextSep";
import { useArrivalFocus } from "~/lib/use-arrival-focus";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { useTranslation } from "~/framework/use-translation";
import { Form, useLocation } from "react-router";
import { Link } from "~/framework/Link";
import type { Route } from "./+types/emprestimos";
import { ListFrame } from "~/components/account/ListFrame";
import { ListTitle } from "~/components/account/ListTitle";
import { AccountTable } from "~/components/ui/AccountTable";
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
  const { ref, autoFocus } = useArrivalFocus<HTMLHeadingElement>(outcome);
  return (
    <section className="notice account-outcome" role="status" aria-labelledby="resultado" id="resultado-regiao">
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the outcome's focus on a page load (WCAG 2.4.3, 4.1.3) */}
      <h2 id="resultado" tabIndex={-1} ref={ref} autoFocus={autoFocus}>
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
function sortColumn(order: LoanOrder, current: LoanOrder, label: string, t: (key: string) => string) {
  return order === current
    ? {
        sort: "ascending" as const,
        header: (
          <>
            {label}
            <span className="visually-hidden"> {t("sort.current")}</span>
          </>
        ),
      }
    : {
        header: (
          <Link to={`?ordem=${order}`}>
            {label}
            <span className="visually-hidden"> {t("sort.by")}</span>
          </Link>
        ),
      };
}

function LoansTable({ loans, selectable, order }: { loans: readonly LoanRow[]; selectable: boolean; order: LoanOrder }) {
  const { t } = useTranslation("loans");
  const lang = useLangOfParts();
  return (
    <AccountTable
      caption={t("table.caption", { count: loans.length })}
      rows={loans}
      rowKey={(l) => l.id}
      rowClassName={(l) => (l.overdue ? "account-table__row--overdue" : undefined)}
      selection={
        selectable
          ? {
              header: <span className="visually-hidden">{t("table.select")}</span>,
              name: "emprestimo",
              value: (l) => l.id,
              id: (l) => `renovar-${l.id}`,
              hiddenLabel: true,
              label: (l) => t("table.renew_item", { title: l.title }),
              selectable: (l) => l.renewable,
              className: "account-check",
            }
          : undefined
      }
      columns={[
        {
          ...sortColumn("titulo", order, t("table.title"), t),
          rowHeader: true,
          cell: (l) => (
            <>
              <ListTitle codAcervo={l.codAcervo} title={l.title} lang={lang.record(l.language)} />
              {l.author ? (
                <>
                  <TextSep />
                  <span className="account-table__sub">{l.author}</span>
                </>
              ) : null}
            </>
          ),
        },
        { header: t("table.library"), lang: () => lang.vocabulary, cell: (l) => l.library },
        { header: t("table.lent"), cell: (l) => l.lent },
        {
          ...sortColumn("vencimento", order, t("table.due"), t),
          cell: (l) => (
            <>
              {l.due}
              {l.overdue ? (
                <>
                  {" "}
                  <strong className="badge badge--danger">{t("overdue")}</strong>
                </>
              ) : null}
            </>
          ),
        },
        {
          header: t("table.renewals"),
          cell: (l) => (l.renewalLimit === null ? l.renewals : t("table.renewals_of", { used: l.renewals, allowed: l.renewalLimit })),
        },
        { header: t("table.kind"), cell: (l) => t(`kinds.${l.kind}`, { defaultValue: l.kind }) },
        {
          header: t("table.renewal"),
          cell: (l) =>
            l.renewable
              ? t("table.can_renew")
              : t(`reasons.${l.reason ?? "desconhecido"}`, { defaultValue: l.reasonText ?? t("reasons.desconhecido") }),
        },
      ]}
    />
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
