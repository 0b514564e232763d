/** The account summary screen's loader: the patron's loans, holds, debits and registration, each shown or not on its own. */
import type { Route } from "./+types/index";
import { getDebits, getHolds, getLoans, getRenewal } from "~/lib/api/account.server";
import { getApi } from "~/lib/api/client.server";
import { settle } from "~/lib/api/settle.server";
import { dayIn } from "../../../contract/time-zone";
import { formatDate, formatDue, formatMoney } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { libraryTimeZoneOf } from "~/lib/root-data.server";
import { PRODUCT_NAME } from "~/lib/product";

/** The library day of a due date (a day as it is; a timestamp on its day in the zone). */
function formatDayOf(value: string, timeZone: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : dayIn(new Date(value), timeZone);
}

/** Today in the library's time zone (a loan due today is not overdue until the library's day ends). */
function todayIso(timeZone: string): string {
  return dayIn(new Date(), timeZone);
}

/** The summary warns of the registration's expiry this many days ahead (the API's own renewal window). */
const RENEWAL_NOTICE_DAYS = 30;

export async function loadAccountSummary({ context }: Route.LoaderArgs) {
  const api = getApi(context);
  const lang = getLanguage(context);
  // The lists load in parallel; a token refresh among them happens once (single-flight).
  const [loans, holds, debits, renewal, zone] = await Promise.all([
    settle(getLoans(api)),
    settle(getHolds(api)),
    settle(getDebits(api)),
    settle(getRenewal(api)),
    libraryTimeZoneOf(context),
  ]);
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
