/** Loan history: a date range (both required, start not after end), paged, and its CSV download. */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { getLoanHistory } from "~/lib/api/account/loans.server";
import { getApi } from "~/lib/api/client.server";
import { csvResponse, csvText } from "~/lib/csv.server";
import { settle } from "~/lib/api/settle.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { DateRangeSchema } from "~/schemas/account/date-range";

export const HISTORY_PAGE_SIZE = 20;

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
  const multa = url.searchParams.get("multa") === "S";
  const values = { dataIni: url.searchParams.get("dataIni") ?? defaultRange().dataIni, dataFim: url.searchParams.get("dataFim") ?? defaultRange().dataFim, multa };
  if (submission.status !== "success") {
    // A bad range is the visitor's input: 400 with the messages, the form keeps what was typed.
    return data({ pageTitle: `${t("common:errors.prefix")} ${title}`, values, result: submission.reply(), history: null, failed: false, page: 1, pages: 0, total: 0 }, { status: 400 });
  }
  const page = Math.min(Math.max(1, Number.parseInt(url.searchParams.get("pagina") ?? "1", 10) || 1), 100_000);
  const res = await settle(getLoanHistory(getApi(context), { ...submission.value, multa, pagina: page, qtd: HISTORY_PAGE_SIZE }));
  return {
    pageTitle: title,
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
  const header = ["table.title", "history.author", "table.library", "table.lent", "table.due", "history.returned", "table.renewals", "history.fine"].map((k) => t(`loans:${k}`));
  const rows = h.itens.map((r) => [r.titulo, r.autor, r.biblioteca, r.data_emprestimo?.slice(0, 10), r.data_devolucao_prevista?.slice(0, 10), r.data_devolucao?.slice(0, 10) ?? "", r.renovacoes, (r.multa ?? 0).toFixed(2)]);
  const name = `emprestimos-${submission.value.dataIni}-${submission.value.dataFim}.csv`;
  return csvResponse(csvText(header, rows), name);
}
