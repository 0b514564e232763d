import { pageTitle } from "~/components/search/page-title";
import { TextSep } from "~/components/ui/TextSep";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import type { Route } from "./+types/index";
import { loadAccountSummary } from "./index.server";
import { ListFrame } from "~/components/account/ListFrame";
import { ListTitle } from "~/components/account/ListTitle";
import { PRODUCT_NAME, privateAreaPath } from "~/lib/product";
import { useRootData } from "~/lib/use-root-data";
import { screenHref } from "./_nav";
import "./index.css";

export function meta({ data, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(data?.title ?? `Meu ${PRODUCT_NAME}`, matches) }];
}

/** The hold states the API reports (reserva.situacao); shown translated, never as the raw code. */
const HOLD_STATUSES = ["ativa", "disponivel", "atendida", "cancelada"] as const;

const isHoldStatus = (s: string): s is (typeof HOLD_STATUSES)[number] => (HOLD_STATUSES as readonly string[]).includes(s);

export function loader(args: Route.LoaderArgs) {
  return loadAccountSummary(args);
}

/** The most urgent items first (overdue, ready for pickup, unpaid, unread alerts), each linking to its screen. */
function UrgentItems({
  loans,
  holds,
  debits,
  registration,
}: Pick<Route.ComponentProps["loaderData"], "loans" | "holds" | "debits" | "registration">) {
  const { t } = useTranslation("account");
  const unread = useRootData()?.user?.unreadAlerts ?? 0;
  const overdue = loans?.filter((l) => l.overdue).length ?? 0;
  const ready = holds?.filter((h) => h.ready).length ?? 0;
  const unpaid = debits?.count ?? 0;
  const items = [
    { key: "overdue", count: overdue, href: screenHref(privateAreaPath, "loans") },
    { key: "ready", count: ready, href: screenHref(privateAreaPath, "holds") },
    { key: "unpaid", count: unpaid, href: screenHref(privateAreaPath, "debits") },
    { key: "alerts", count: unread, href: screenHref(privateAreaPath, "alerts") },
  ].filter((i) => i.count > 0);
  if (items.length === 0 && !registration) return null;
  return (
    <section className="account__section account-urgent" aria-labelledby="urgente">
      <h2 id="urgente">{t("summary.urgent_heading")}</h2>
      <ul>
        {items.map((i) => (
          <li key={i.key}>
            {i.href ? <Link to={i.href}>{t(`summary.urgent.${i.key}`, { count: i.count })}</Link> : t(`summary.urgent.${i.key}`, { count: i.count })}
          </li>
        ))}
        {registration ? (
          <li className="account-urgent__registration">
            {registration.expired
              ? t("summary.registration.expired", { date: registration.date })
              : t("summary.registration.expires", { date: registration.date, count: registration.days })}{" "}
            {t("summary.registration.what_to_do")}
          </li>
        ) : null}
      </ul>
    </section>
  );
}

export default function MyAccount({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  const lang = useLangOfParts();
  const { loans, holds, debits, registration } = loaderData;
  const loansHref = screenHref(privateAreaPath, "loans");
  return (
    <div className="page account">
      <h1>{t("account.heading", { product: PRODUCT_NAME })}</h1>
      <p className="account__intro">{t("account.summary")}</p>
      <UrgentItems loans={loans} holds={holds} debits={debits} registration={registration} />

      <section className="account__section" aria-labelledby="emprestimos">
        <h2 id="emprestimos">{t("account.loans_heading", { count: loans?.length ?? 0 })}</h2>
        <ListFrame items={loans} failed={t("account.list_failed")} empty={t("account.no_loans")}>
          {(items) => (
            <ul className="account__list">
              {items.map((l) => (
                <li key={l.id} className={l.overdue ? "account__item account__item--overdue" : "account__item"}>
                  <ListTitle codAcervo={l.codAcervo} title={l.title} lang={lang.record(l.language)} />
                  {l.overdue ? (
                    <>
                      <TextSep />
                      <strong className="badge badge--danger">{t("account.overdue")}</strong>
                    </>
                  ) : null}
                  <TextSep />
                  <span className="account__meta">{t("account.due", { date: l.due })}</span>
                  {l.library ? (
                    <>
                      <TextSep />
                      <span className="account__meta">{t("account.library", { library: l.library })}</span>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </ListFrame>
        {loansHref ? (
          <p>
            <Link to={loansHref}>{t("account:summary.loans_link")}</Link>
          </p>
        ) : null}
      </section>

      <section className="account__section" aria-labelledby="reservas">
        <h2 id="reservas">{t("account.holds_heading", { count: holds?.length ?? 0 })}</h2>
        <ListFrame items={holds} failed={t("account.list_failed")} empty={t("account.no_holds")}>
          {(items) => (
            <ul className="account__list">
              {items.map((h) => (
                <li key={h.id} className="account__item">
                  <ListTitle codAcervo={h.codAcervo} title={h.title} lang={lang.record(h.language)} />
                  {h.position !== null ? (
                    <>
                      <TextSep />
                      <span className="account__meta">{t("account.queue_position", { position: h.position })}</span>
                    </>
                  ) : null}
                  {isHoldStatus(h.status) ? (
                    <>
                      <TextSep />
                      <span className="account__meta">{t("account.hold_status", { status: t(`account.hold_statuses.${h.status}`) })}</span>
                    </>
                  ) : null}
                  {h.library ? (
                    <>
                      <TextSep />
                      <span className="account__meta">{t("account.library", { library: h.library })}</span>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </ListFrame>
      </section>

      <section className="account__section" aria-labelledby="debitos">
        <h2 id="debitos">{t("account.debits_heading", { count: debits?.count ?? 0 })}</h2>
        {debits === null ? (
          <p className="notice notice--warning">{t("account.list_failed")}</p>
        ) : debits.count === 0 ? (
          <p>{t("account.no_debits")}</p>
        ) : (
          <>
            <ul className="account__list">
              {debits.items.map((d) => (
                <li key={d.id} className="account__item">
                  <span>{d.reason}</span> <span className="account__meta">{d.amount}</span>
                </li>
              ))}
            </ul>
            <p className="account__total">{t("account.debits_total", { total: debits.total })}</p>
          </>
        )}
      </section>
    </div>
  );
}
