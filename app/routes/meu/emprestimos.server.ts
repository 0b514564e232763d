/** The loans screen: current loans with renewal, the renewal's outcome, the due-date calendar feed. */
import crypto from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { changeCalendarFeed, getCalendarFeed, getCurrentLoans, renewLoans } from "~/lib/api/account/loans.server";
import { getApi } from "~/lib/api/client.server";
import { settle } from "~/lib/api/settle.server";
import { parseCookies } from "~/lib/cookies";
import { csvResponse, csvText } from "~/lib/csv.server";
import { formatDate, formatDue } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { libraryTimeZoneOf } from "~/lib/root-data.server";
import { privateAreaPath } from "~/lib/product";
import { requireUser } from "~/lib/require-user.server";
import { RenewalSchema } from "~/schemas/account/renewal";
import { calendarFeedUrl } from "./+shared/feed-url.server";
import { flashOutcome } from "./+shared/flash-outcome.server";
import { hasFormError, markFormError } from "./+shared/form-error.server";

export const LOANS_PATH = `${privateAreaPath}/emprestimos`;

/** One renewal outcome as the flash cookie keeps it (titles are read back from the loans). */
const OutcomeSchema = z
  .array(z.object({ i: z.number().int(), r: z.boolean(), d: z.string().max(40).nullable(), m: z.string().max(30).nullable() }))
  .max(500);
type Outcome = z.infer<typeof OutcomeSchema>[number];

const flash = flashOutcome("estante_renovacao", "renewal-outcome-v1", OutcomeSchema);
const readOutcome = (request: Request): Outcome[] | null => flash.read(request);
const outcomeCookie = (request: Request, outcome: Outcome[] | null): string => flash.cookie(request, outcome);

const FEED_COOKIE = "estante_calendario";
const FEED_PURPOSE = "calendar-feed-v1";
/** The new feed's token as the flash cookie keeps it, for the patron who made it and that feed only. */
const NewFeedSchema = z.object({ u: z.number().int(), t: z.string().max(200), c: z.string().max(40) });

/**
 * The feed's token is shown once, on the page the creation redirects to (ADR 123: the API keeps only its hash):
 * it crosses the redirect in a sealed, short-lived cookie bound to the patron and to that feed's creation time.
 */
const feedFlash = flashOutcome(FEED_COOKIE, FEED_PURPOSE, NewFeedSchema, 120);

function readNewFeed(request: Request, codPessoa: number, criadoEm: string | null): string | null {
  const feed = criadoEm ? feedFlash.read(request) : null;
  return feed && feed.u === codPessoa && feed.c === criadoEm ? feed.t : null;
}

function newFeedCookie(request: Request, feed: z.infer<typeof NewFeedSchema> | null): string {
  return feedFlash.cookie(request, feed);
}

export interface LoanRow {
  id: number;
  codAcervo: number | null;
  title: string;
  /** MARC language code of the title (its `lang`), null when the API does not say. */
  language: string | null;
  author: string;
  library: string;
  lent: string;
  due: string;
  overdue: boolean;
  renewals: number;
  renewalLimit: number | null;
  kind: string;
  renewable: boolean;
  reason: string | null;
  reasonText: string | null;
}

/** The orders the loans table offers (a plain GET parameter, `?ordem=`): due date first by default. */
export const LOAN_ORDERS = ["vencimento", "titulo"] as const;
export type LoanOrder = (typeof LOAN_ORDERS)[number];

/** The order asked for in the URL; anything else is the default order (due date). */
export function readLoanOrder(url: URL): LoanOrder {
  const asked = url.searchParams.get("ordem");
  return (LOAN_ORDERS as readonly string[]).includes(asked ?? "") ? (asked as LoanOrder) : "vencimento";
}

interface SortableLoan {
  cod_emprestimo: number;
  titulo?: string | null;
  data_devolucao_prevista?: string | null;
}

/** The loans in the given order: by due date (soonest first, then title) or by title (then due date); stable. */
export function sortLoans<T extends SortableLoan>(loans: readonly T[], order: LoanOrder, lang: string): T[] {
  const collator = new Intl.Collator(lang, { sensitivity: "base", numeric: true });
  const byTitle = (a: T, b: T) => collator.compare(a.titulo ?? "", b.titulo ?? "");
  const byDue = (a: T, b: T) => (a.data_devolucao_prevista ?? "9999").localeCompare(b.data_devolucao_prevista ?? "9999");
  return [...loans].sort(
    (a, b) => (order === "titulo" ? byTitle(a, b) || byDue(a, b) : byDue(a, b) || byTitle(a, b)) || a.cod_emprestimo - b.cod_emprestimo,
  );
}

/** The current loans as CSV, in the order asked for (`?ordem=`), dates as YYYY-MM-DD. */
export async function currentLoansCsv(request: Request, context: Readonly<RouterContextProvider>): Promise<Response> {
  const t = getT(context);
  const order = readLoanOrder(new URL(request.url));
  const loans = sortLoans(await getCurrentLoans(getApi(context)), order, getLanguage(context));
  const header = ["table.title", "history.author", "table.library", "table.lent", "table.due", "table.renewals", "table.kind", "table.renewal"].map(
    (k) => t(`loans:${k}`),
  );
  const rows = loans.map((l) => [
    l.titulo,
    l.autor,
    l.biblioteca,
    l.data_emprestimo?.slice(0, 10),
    // An hourly loan is due at an hour: the hour stays (ISO, as the API gives it).
    l.tipo === "horario" ? l.data_devolucao_prevista?.slice(0, 16) : l.data_devolucao_prevista?.slice(0, 10),
    l.renovacoes ?? 0,
    t(`loans:kinds.${l.tipo ?? "emprestado"}`, { defaultValue: l.tipo ?? "" }),
    l.renovavel
      ? t("loans:table.can_renew")
      : t(`loans:reasons.${l.motivo ?? "desconhecido"}`, { defaultValue: l.motivo_mensagem ?? t("loans:reasons.desconhecido") }),
  ]);
  return csvResponse(csvText(header, rows), `emprestimos-atuais-${new Date().toISOString().slice(0, 10)}.csv`);
}

/** Loads the loans page: the loans (or null on failure), the last renewal's outcome, the feed and a new form key. */
export async function loadLoansPage(request: Request, context: Readonly<RouterContextProvider>) {
  const api = getApi(context);
  const lang = getLanguage(context);
  const t = getT(context);
  const order = readLoanOrder(new URL(request.url));
  const [loans, feed, zone] = await Promise.all([settle(getCurrentLoans(api)), settle(getCalendarFeed(api)), libraryTimeZoneOf(context)]);
  const rows: LoanRow[] | null = loans.ok
    ? sortLoans(loans.value, order, lang).map((l) => ({
        id: l.cod_emprestimo,
        codAcervo: l.cod_acervo ?? null,
        title: l.titulo ?? "",
        language: l.idioma ?? null,
        author: l.autor ?? "",
        library: l.biblioteca ?? "",
        lent: formatDate(l.data_emprestimo, lang, zone),
        // An hourly loan is due at an hour of the day: the hour is what the patron needs.
        due: formatDue(l.data_devolucao_prevista, lang, l.tipo === "horario", zone),
        overdue: Boolean(l.atrasado),
        renewals: l.renovacoes ?? 0,
        renewalLimit: l.limite_renovacoes ?? null,
        kind: l.tipo ?? "emprestado",
        renewable: Boolean(l.renovavel),
        reason: l.motivo ?? null,
        reasonText: l.motivo_mensagem ?? null,
      }))
    : null;
  const outcome = readOutcome(request);
  const newFeed = feed.ok ? readNewFeed(request, requireUser(request, context).cod_pessoa, feed.value.criado_em) : null;
  const headers = new Headers();
  if (outcome) headers.append("Set-Cookie", outcomeCookie(request, null));
  if (parseCookies(request.headers.get("Cookie"))[FEED_COOKIE]) headers.append("Set-Cookie", newFeedCookie(request, null));
  const loanOf = new Map((rows ?? []).map((r) => [r.id, r]));
  const failed = hasFormError(context);
  const title = t("loans:heading");
  return data(
    {
      pageTitle: failed ? `${t("common:errors.prefix")} ${title}` : title,
      loans: rows,
      order,
      chave: crypto.randomUUID(),
      outcome: outcome
        ? {
            renewed: outcome.filter((o) => o.r).length,
            total: outcome.length,
            items: outcome.map((o) => ({
              id: o.i,
              title: loanOf.get(o.i)?.title ?? "",
              language: loanOf.get(o.i)?.language ?? null,
              renewed: o.r,
              due: o.d ? formatDate(o.d, lang) : "",
              reason: o.m,
            })),
          }
        : null,
      // The address only right after it was made; afterwards, that a feed exists and since when.
      feed: feed.ok
        ? {
            exists: feed.value.criado_em !== null,
            url: newFeed ? calendarFeedUrl(request, context, newFeed) : null,
            since: formatDate(feed.value.criado_em, lang),
          }
        : null,
    },
    // The outcome and the new feed's address are shown once: their cookies are cleared on the page that shows them.
    { headers },
  );
}

/** Renews (selected or all), or creates/revokes the calendar feed; redirects back with the outcome (PRG). */
export async function loansAction(request: Request, context: Readonly<RouterContextProvider>) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const api = getApi(context);
  if (intent === "feed-create" || intent === "feed-revoke") {
    const made = await changeCalendarFeed(api, intent === "feed-create" ? "create" : "revoke");
    const cookie =
      made.token && made.criado_em
        ? newFeedCookie(request, { u: requireUser(request, context).cod_pessoa, t: made.token, c: made.criado_em })
        : newFeedCookie(request, null);
    return redirect(`${LOANS_PATH}?calendario=${intent === "feed-create" ? "criado" : "revogado"}#calendario`, { headers: { "Set-Cookie": cookie } });
  }
  const submission = parseWithZod(formData, { schema: RenewalSchema });
  if (submission.status !== "success") {
    markFormError(context);
    return data({ result: submission.reply() }, { status: 400 });
  }
  const input = submission.value;
  const result = await renewLoans(api, { ids: input.intent === "todos" ? "all" : input.emprestimo, chave: input.chave });
  const outcome: Outcome[] = result.resultados.map((r) => ({
    i: r.cod_emprestimo,
    r: r.renovado,
    d: r.data_devolucao_prevista ?? null,
    m: r.renovado ? null : (r.motivo ?? null),
  }));
  // A query of its own: w3m takes a redirect to the URL it posted to as a loop and shows nothing (ADR 151).
  return redirect(`${LOANS_PATH}?renovacao=resultado#resultado`, { headers: { "Set-Cookie": outcomeCookie(request, outcome) } });
}
