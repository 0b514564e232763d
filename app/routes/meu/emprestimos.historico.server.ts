/** Loan history: a date range (both required, start not after end), paged, and its CSV download. */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { ConfirmItem } from "~/components/account/ConfirmStep";
import { titleAfterAction } from "~/lib/action-failed.server";
import { getLoanHistory } from "~/lib/api/account/loans.server";
import { deleteHistoryItems } from "~/lib/api/account/notifications.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { csvResponse, csvText } from "~/lib/csv.server";
import { settle } from "~/lib/api/settle.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { privateAreaPath } from "~/lib/product";
import { DateRangeSchema } from "~/schemas/account/date-range";

export const HISTORY_PAGE_SIZE = 20;
/** The most ids one deletion sends (the API's own limit). */
export const HISTORY_DELETE_MAX = 500;
const BASE = `${privateAreaPath}/emprestimos/historico`;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The default range when the page opens without one: the last twelve months. */
export function defaultRange(now = Date.now()) {
  return { dataIni: isoDay(now - 365 * 86_400_000), dataFim: isoDay(now) };
}

/** Reads the range from the URL; with no range at all, the default one. */
export function readRange(url: URL) {
  const hasAny = url.searchParams.has("dataIni") || url.searchParams.has("dataFim");
  const input = hasAny ? url.searchParams : new URLSearchParams(defaultRange());
  return parseWithZod(input, { schema: DateRangeSchema });
}

export async function loadHistoryPage(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const t = getT(context);
  const lang = getLanguage(context);
  const submission = readRange(url);
  const title = t("loans:history.heading");
  const done = deletedOutcome(url);
  const outcome = done ? deletedText(t, done) : null;
  const multa = url.searchParams.get("multa") === "S";
  const values = {
    dataIni: url.searchParams.get("dataIni") ?? defaultRange().dataIni,
    dataFim: url.searchParams.get("dataFim") ?? defaultRange().dataFim,
    multa,
  };
  if (submission.status !== "success") {
    // A bad range is the visitor's input: 400 with the messages, the form keeps what was typed.
    return data(
      {
        pageTitle: `${t("common:errors.prefix")} ${title}`,
        outcome: null,
        values,
        result: submission.reply(),
        history: null,
        failed: false,
        page: 1,
        pages: 0,
        total: 0,
      },
      { status: 400 },
    );
  }
  const page = Math.min(Math.max(1, Number.parseInt(url.searchParams.get("pagina") ?? "1", 10) || 1), 100_000);
  const res = await settle(getLoanHistory(getApi(context), { ...submission.value, multa, pagina: page, qtd: HISTORY_PAGE_SIZE }));
  return {
    pageTitle: titleAfterAction(context, title, t("common:errors.prefix"), outcome),
    outcome,
    values: { ...submission.value, multa },
    result: null,
    failed: !res.ok,
    page,
    total: res.ok ? res.value.total : 0,
    pages: res.ok ? Math.max(1, Math.ceil(res.value.total / HISTORY_PAGE_SIZE)) : 0,
    history: res.ok
      ? res.value.itens.map((h) => ({
          id: h.cod_emprestimo,
          codAcervo: h.cod_acervo ?? null,
          title: h.titulo ?? "",
          language: h.idioma ?? null,
          library: h.biblioteca ?? "",
          lent: formatDate(h.data_emprestimo, lang),
          due: formatDate(h.data_devolucao_prevista, lang),
          returned: h.data_devolucao ? formatDate(h.data_devolucao, lang) : null,
          renewals: h.renovacoes ?? 0,
          fine: h.multa ? formatMoney(h.multa, lang) : null,
        }))
      : null,
  };
}

/** "2 empréstimos excluídos do histórico." (and how many of the chosen stayed), from the redirect's query (PRG). */
function deletedOutcome(url: URL): { deleted: number; kept: number } | null {
  if (url.searchParams.get("feito") !== "excluidos") return null;
  const count = (k: string) => Math.min(Math.max(0, Number.parseInt(url.searchParams.get(k) ?? "0", 10) || 0), HISTORY_DELETE_MAX);
  return { deleted: count("n"), kept: count("m") };
}

function deletedText(t: ReturnType<typeof getT>, done: { deleted: number; kept: number }): string {
  const text = t("loans:history.deleted", { count: done.deleted });
  return done.kept > 0 ? `${text} ${t("loans:history.kept", { count: done.kept })}` : text;
}

export interface HistoryActionData {
  /** The selection's error (a translated message), shown beside the list and in the summary. */
  error?: string;
  /** The ids that were ticked when the post was refused: kept for the patron. */
  selected?: number[];
  /** The step before deleting: the loans chosen (the no-JS confirmation page). */
  confirm?: ConfirmItem[];
}

/** The ids ticked: whole positive numbers, each once, at most HISTORY_DELETE_MAX (a longer list is refused). */
function selectedIds(form: FormData): number[] | null {
  const ids = [
    ...new Set(
      form
        .getAll("emprestimo")
        .map((v) => (typeof v === "string" && /^\d{1,12}$/.test(v) ? Number(v) : 0))
        .filter((n) => Number.isSafeInteger(n) && n > 0),
    ),
  ];
  return ids.length > HISTORY_DELETE_MAX ? null : ids;
}

/**
 * Deleting loans from the history (issue 29). intent=excluir: deletes the chosen returned loans (the API deletes
 * only the patron's own) and redirects to the same range with the count (PRG); any other post (the list's button
 * without JS) checks the selection against the patron's history and answers the confirmation step, writing nothing.
 */
export async function historyAction(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const form = await request.formData();
  const t = getT(context);
  const api = getApi(context);
  const ids = selectedIds(form);
  const refuse = (key: string) => data<HistoryActionData>({ error: t(key), selected: ids ?? [] }, { status: 400 });
  if (ids === null || ids.length === 0) return refuse("loans:errors.select_history");
  const range = readRange(url);
  // The period the patron was looking at (the default one when the form's dates were bad): where the page returns.
  const period = range.status === "success" ? range.value : defaultRange();
  const back = new URLSearchParams(period);
  if (url.searchParams.get("multa") === "S") back.set("multa", "S");
  try {
    if (form.get("intent") === "excluir") {
      const deleted = await deleteHistoryItems(api, ids);
      // None of them was the patron's returned loan (another patron's, a current loan, a loan a debit points at).
      if (deleted === 0) return refuse("loans:errors.not_in_history");
      back.set("feito", "excluidos");
      back.set("n", String(deleted));
      if (ids.length > deleted) back.set("m", String(ids.length - deleted));
      return redirect(`${BASE}?${back.toString()}`);
    }
    // The confirmation names each chosen loan: the whole period's returned loans (every page), not the page shown.
    const history = await getLoanHistory(api, { ...period, todos: true });
    const confirm = history.itens
      .filter((h) => ids.includes(h.cod_emprestimo) && h.data_devolucao)
      .map((h) => ({ id: h.cod_emprestimo, title: h.titulo ?? "", language: h.idioma ?? null }));
    if (confirm.length === 0) return refuse("loans:errors.not_in_history");
    return data<HistoryActionData>({ confirm });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    const m = describeError(err);
    return data<HistoryActionData>({ error: t(m.key, m.values), selected: ids }, { status: err.status === 0 ? 503 : 400 });
  }
}

/** The whole range as CSV (UTF-8 with BOM so spreadsheets read the accents); a bad range is a 400. */
export async function historyCsv(request: Request, context: Readonly<RouterContextProvider>): Promise<Response> {
  const url = new URL(request.url);
  const t = getT(context);
  const submission = readRange(url);
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {})[0]?.[0];
    return new Response(t(first ?? "loans:errors.start_required"), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const h = await getLoanHistory(getApi(context), { ...submission.value, multa: url.searchParams.get("multa") === "S", todos: true });
  const header = [
    "table.title",
    "history.author",
    "table.library",
    "table.lent",
    "table.due",
    "history.returned",
    "table.renewals",
    "history.fine",
  ].map((k) => t(`loans:${k}`));
  const rows = h.itens.map((r) => [
    r.titulo,
    r.autor,
    r.biblioteca,
    r.data_emprestimo?.slice(0, 10),
    r.data_devolucao_prevista?.slice(0, 10),
    r.data_devolucao?.slice(0, 10) ?? "",
    r.renovacoes,
    (r.multa ?? 0).toFixed(2),
  ]);
  const name = `emprestimos-${submission.value.dataIni}-${submission.value.dataFim}.csv`;
  return csvResponse(csvText(header, rows), name);
}
