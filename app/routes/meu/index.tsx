import { pageTitle } from "~/components/search/page-title";
import { TextSep } from "~/components/ui/TextSep";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import type { Route } from "./+types/index";
import { getDebits, getHolds, getLoans, getRenewal } from "~/lib/api/account.server";
import { getApi } from "~/lib/api/client.server";
import { settle } from "~/lib/api/settle.server";
import { ListFrame } from "~/components/account/ListFrame";
import { ListTitle } from "~/components/account/ListTitle";
import { dayIn } from "../../../contract/time-zone";
import { formatDate, formatDue, formatMoney } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { libraryTimeZoneOf } from "~/lib/root-data.server";
import { PRODUCT_NAME, privateAreaPath } from "~/lib/product";
import { useRootData } from "~/lib/use-root-data";
import { screenHref } from "./_nav";
import "./index.css";

export function meta({ data, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(data?.title ?? `Meu ${PRODUCT_NAME}`, matches) }];
}

/** The library day of a due date (a day as it is; a timestamp on its day in the zone). */
function formatDayOf(value: string, timeZone: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : dayIn(new Date(value), timeZone);
}

/** Today in the library's time zone (a loan due today is not overdue until the library's day ends). */
function todayIso(timeZone: string): string {
  return dayIn(new Date(), timeZone);
}

/** The hold states the API reports (reserva.situacao); shown translated, never as the raw code. */
const HOLD_STATUSES = ["ativa", "disponivel", "atendida", "cancelada"] as const;
/** The summary warns of the registration's expiry this many days ahead (the API's own renewal window). */
const RENEWAL_NOTICE_DAYS = 30;

const isHoldStatus = (s: string): s is (typeof HOLD_STATUSES)[number] => (HOLD_STATUSES as readonly string[]).includes(s);

export async function loader({ context }: Route.LoaderArgs) {
  const api = getApi(context);
  const lang = getLanguage(context);
  // The lists load in parallel; a token refresh among them happens once (single-flight).
  const [loans, holds, debits, renewal, zone] = await Promise.all([settle(getLoans(api)), settle(getHolds(api)), settle(getDebits(api)), settle(getRenewal(api)), libraryTimeZoneOf(context)]);
  const today = todayIso(zone);
  const now = Date.now();
  return {
    title: getT(context)("common:account.heading", { product: PRODUCT_NAME }),
    // The registration's expiry, only when it is near (RENEWAL_NOTICE_DAYS) or past; a failed call shows nothing.
    registration:
      renewal.ok && renewal.value.validade_cadastro && renewal.value.dias_restantes !== null && renewal.value.dias_restantes <= RENEWAL_NOTICE_DAYS
        ? { date: formatDate(renewal.value.validade_cadastro, lang), days: renewal.value.dias_restantes, expired: renewal.value.dias_restantes < 0 }
        : null,
    loans: loans.ok
      ? loans.value.map((l) => ({
          id: l.cod_emprestimo,
          codAcervo: l.cod_acervo ?? null,
          title: l.titulo ?? "",
          language: l.idioma ?? null,
          library: l.biblioteca ?? "",
          due: formatDue(l.data_devolucao_prevista, lang, l.tipo === "horario", zone),
          // An hourly loan is late from its hour; any other from the day after its due day.
          overdue: Boolean(
            l.data_devolucao_prevista &&
              (l.tipo === "horario" ? Date.parse(l.data_devolucao_prevista) < now : formatDayOf(l.data_devolucao_prevista, zone) < today),
          ),
        }))
      : null,
    holds: holds.ok
      ? holds.value.map((h) => ({
          id: h.cod_reserva,
          codAcervo: h.cod_acervo ?? null,
          title: h.titulo ?? "",
          language: h.idioma ?? null,
          library: h.biblioteca ?? "",
          position: h.posicao ?? null,
          status: h.situacao ?? "",
          ready: h.situacao === "disponivel",
        }))
      : null,
    debits: debits.ok
      ? {
          count: debits.value.debitos.length,
          total: formatMoney(debits.value.total, lang),
          items: debits.value.debitos.map((d) => ({
            id: d.cod_debito,
            reason: d.motivo ?? d.tipo_servico ?? "",
            amount: formatMoney(d.total ?? d.valor_multa ?? 0, lang),
          })),
        }
      : null,
  };
}

/** The most urgent items first (overdue, ready for pickup, unpaid, unread alerts), each linking to its screen. */
function UrgentItems({ loans, holds, debits, registration }: Pick<Route.ComponentProps["loaderData"], "loans" | "holds" | "debits" | "registration">) {
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
          <li key={i.key}>{i.href ? <Link to={i.href}>{t(`summary.urgent.${i.key}`, { count: i.count })}</Link> : t(`summary.urgent.${i.key}`, { count: i.count })}</li>
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
