/** Loader and action orchestration of the search history page ("/historico", ADR 093). */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { getLanguage, getT } from "~/lib/i18n.server";
import { historyCookie, readHistory, type HistoryEntry } from "~/lib/search-history.server";
import { joinedRowsText } from "~/lib/search-summary";
import { HistoryActionSchema } from "~/schemas/history";
import { readRowOperator } from "~/schemas/search";

/** One row of the history table, ready to render. */
export interface HistoryRow {
  href: string;
  /** The tab's translated name. */
  tab: string;
  /** The words searched, with the advanced search's field names. */
  terms: string;
  /** The translated term type ("All fields", "Title"…), or null on the advanced tab. */
  type: string | null;
  filters: string[];
  total: number;
  capped: boolean;
  /** ISO time, and how long ago in words ("5 minutes ago"). */
  iso: string;
  ago: string;
}

const ADVANCED_FIELDS = ["titulo", "autor", "assunto"] as const;
const NO_STORE = { "Cache-Control": "private, no-store" };

/** "5 minutes ago" in the page's language (no time zone involved, so no server/browser mismatch). */
export function timeAgo(then: number, now: number, language: string): string {
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  const seconds = Math.round((then - now) / 1000);
  // Under a minute is "agora"/"now", not "este minuto"/"this minute".
  if (Math.abs(seconds) < 60) return rtf.format(0, "second");
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return rtf.format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return rtf.format(hours, "hour");
  return rtf.format(Math.round(hours / 24), "day");
}

/** Turns a stored entry into what the table shows, reading the tab, terms and type back from its URL. */
export function describeEntry(
  entry: HistoryEntry,
  t: (key: string, values?: Record<string, unknown>) => string,
  language: string,
  now: number,
): HistoryRow {
  const url = new URL(entry.u, "http://estante.invalid");
  const guia = url.pathname.split("/").filter(Boolean)[0] ?? "geral";
  const q = url.searchParams;
  const advanced = !q.has("termo");
  const row = (f: (typeof ADVANCED_FIELDS)[number]) => q.get(f)?.trim() || undefined;
  const operator = (name: string) => readRowOperator(q.get(name));
  // Rows joined by OR or NOT say so (ADR 257); a hand-edited operator reads as AND, as the search did.
  const joined = advanced
    ? joinedRowsText(
        { titulo: row("titulo"), autor: row("autor"), assunto: row("assunto"), op_autor: operator("op_autor"), op_assunto: operator("op_assunto") },
        (f) => t(`history:fields.${f}`),
        t,
      )
    : null;
  const terms = advanced
    ? (joined ??
      ADVANCED_FIELDS.filter((f) => row(f))
        .map((f) => `${t(`history:fields.${f}`)}: ${row(f)}`)
        .join(" · "))
    : (q.get("termo") ?? "").trim();
  const tipo = q.get("tipo") ?? "livre";
  return {
    href: entry.u,
    tab: t(`catalogue:tabs.names.${guia}`),
    terms,
    type: advanced ? null : t(`catalogue:search.types.${["livre", "titulo", "assunto", "autor"].includes(tipo) ? tipo : "livre"}`),
    filters: entry.f ?? [],
    total: entry.n,
    capped: Boolean(entry.c),
    iso: new Date(entry.t).toISOString(),
    ago: timeAgo(entry.t, now, language),
  };
}

/** The page's data: the session's searches, newest first, and the notice left by a clear. */
export function loadHistoryPage(request: Request, context: Readonly<RouterContextProvider>, now = Date.now()) {
  const t = getT(context);
  const language = getLanguage(context);
  const rows = readHistory(request).map((e) => describeEntry(e, t, language, now));
  const cleared = new URL(request.url).searchParams.get("aviso") === "limpo";
  return data({ pageTitle: t("history:meta.title"), rows, cleared }, { headers: NO_STORE });
}

/** POST: clears the history (deletes its cookie), then PRG to the page with a confirmation. */
export async function historyAction(request: Request, context: Readonly<RouterContextProvider>) {
  const submission = parseWithZod(await request.formData(), { schema: HistoryActionSchema });
  if (submission.status !== "success") {
    const page = loadHistoryPage(request, context).data;
    return data({ ...page, result: submission.reply() }, { status: 400, headers: NO_STORE });
  }
  return redirect("/historico?aviso=limpo", { headers: { "Set-Cookie": historyCookie(null, request) } });
}
