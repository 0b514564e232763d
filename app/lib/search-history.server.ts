/**
 * The session's search history (spec §2 "Search history", ADR 093): the last searches the search page ran,
 * newest first, in a sealed browser-session cookie (no Max-Age), for anonymous visitors and patrons alike.
 * Logout deletes it. Each entry keeps the search URL (without its page number), the result count, the
 * time and the labels of the chosen filters; everything else shown (tab, terms, type) is read back from
 * the URL, so the cookie stays small.
 */
import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { z } from "zod";
import { isHttps, parseCookies, serializeCookie } from "./cookies";
import { getEnv } from "./env.server";
import { openBytes, sealBytes } from "./sealed-cookie.server";

export const HISTORY_COOKIE = "estante_historico";
const PURPOSE = "search-history-v1";
/** At most this many searches are kept (Koha keeps a session's searches; the oldest go first). */
export const MAX_HISTORY = 20;
/** The sealed value's ceiling: with the name and attributes the cookie stays under the 4 KB limit. */
export const MAX_COOKIE_VALUE = 3500;
/** A search URL longer than this is not recorded (a hand-made URL; it could crowd out the others). */
const MAX_URL = 1000;
const MAX_FILTER_LABELS = 6;
const MAX_LABEL = 60;

const EntrySchema = z.object({
  /** The search URL (see historyUrl). */
  u: z.string().startsWith("/").max(MAX_URL),
  /** Number of results, and whether the API capped the count ("N+"). */
  n: z.number().int().nonnegative(),
  c: z.boolean().optional(),
  /** When it ran (epoch milliseconds). */
  t: z.number().int().nonnegative(),
  /** Labels of the selected filters, as the facet panel showed them. */
  f: z.array(z.string().max(MAX_LABEL)).max(MAX_FILTER_LABELS).optional(),
});
export type HistoryEntry = z.infer<typeof EntrySchema>;
const HistorySchema = z.array(EntrySchema).max(MAX_HISTORY);

/** Encodes entries into the cookie value (compressed, then sealed). */
export function encodeHistory(entries: HistoryEntry[], secret: string): string {
  return sealBytes(deflateRawSync(Buffer.from(JSON.stringify(entries), "utf8")), secret, PURPOSE);
}

/** Decodes a cookie value; an empty list when it is missing, forged or malformed. */
export function decodeHistory(value: string | undefined, secret: string): HistoryEntry[] {
  const packed = openBytes(value, secret, PURPOSE);
  if (!packed) return [];
  try {
    const parsed = HistorySchema.safeParse(JSON.parse(inflateRawSync(packed, { maxOutputLength: 64 * 1024 }).toString("utf8")));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The history of the request's cookie, newest first. */
export function readHistory(request: Request): HistoryEntry[] {
  return decodeHistory(parseCookies(request.headers.get("Cookie"))[HISTORY_COOKIE], getEnv().SESSION_SECRET);
}

/** Parameters left out of a history URL: the page shown and the display are not part of the search. */
const NOT_THE_SEARCH = new Set(["pagina", "exibicao"]);
/** Values the search takes anyway when the parameter is absent (schemas/search SEARCH_DEFAULTS). */
const DEFAULTS: Record<string, string> = { tipo: "livre", ordenacao: "C", qtd: "20" };

/**
 * The search a URL runs, whatever page of it is shown and however it was reached (the form sends every
 * option, pagination links only the changed ones): without the page and display, without empty or default
 * values, parameters in a fixed order.
 */
export function historyUrl(url: URL): string {
  const pairs = [...url.searchParams].filter(([k, v]) => !NOT_THE_SEARCH.has(k) && v.trim() !== "" && DEFAULTS[k] !== v);
  pairs.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(pairs).toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

/**
 * Puts `entry` first: running a search again (or another page of it) moves it to the top with the new count
 * and time. The oldest entries go when there are more than MAX_HISTORY or the cookie would grow too large.
 */
export function addToHistory(entries: HistoryEntry[], entry: HistoryEntry, secret: string): { entries: HistoryEntry[]; value: string } {
  let next = [entry, ...entries.filter((e) => e.u !== entry.u)].slice(0, MAX_HISTORY);
  let value = encodeHistory(next, secret);
  while (value.length > MAX_COOKIE_VALUE && next.length > 1) {
    next = next.slice(0, -1);
    value = encodeHistory(next, secret);
  }
  return { entries: next, value };
}

/** The Set-Cookie value that stores the history (a browser-session cookie), or deletes it when `value` is null. */
export function historyCookie(value: string | null, request: Request): string {
  const secure = isHttps(request);
  if (value === null) return serializeCookie(HISTORY_COOKIE, "", { maxAge: 0, httpOnly: true, secure, sameSite: "Lax" });
  return serializeCookie(HISTORY_COOKIE, value, { httpOnly: true, secure, sameSite: "Lax" });
}

/** What the search page's loader returns that the history needs. */
interface SearchOutcome {
  results?: { total: number; totalLimitado?: boolean } | null;
  query?: { filtro?: string[] } | null;
  facets?: { filtros: Array<{ tipo: string; codigo: string; descricao: string }> } | null;
  error?: unknown;
}

/** A `data(value, init)` result (the class is not exported at run time: recognise it by its tag). */
function isDataResult(value: unknown): value is DataWithResponseInit<unknown> {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * Records the search a successful search-page load ran, by adding a Set-Cookie to the loader's `data()`
 * result; anything else (no search, a 400, an API failure) passes through untouched.
 */
export function recordSearch<T>(request: Request, result: T, now: () => number = Date.now): T {
  if (!isDataResult(result)) return result;
  const status = result.init?.status ?? 200;
  const outcome = result.data as SearchOutcome | null;
  if (status !== 200 || !outcome?.results || !outcome.query || outcome.error) return result;
  const url = historyUrl(new URL(request.url));
  if (url.length > MAX_URL) return result;
  const selected = outcome.query.filtro ?? [];
  const labels = selected
    .map((v) => outcome.facets?.filtros.find((f) => `${f.tipo}:${f.codigo}` === v)?.descricao ?? v)
    .slice(0, MAX_FILTER_LABELS)
    .map((l) => l.slice(0, MAX_LABEL));
  const entry: HistoryEntry = {
    u: url,
    n: outcome.results.total,
    t: now(),
    ...(outcome.results.totalLimitado ? { c: true } : {}),
    ...(labels.length ? { f: labels } : {}),
  };
  const { value } = addToHistory(readHistory(request), entry, getEnv().SESSION_SECRET);
  const headers = new Headers(result.init?.headers);
  headers.append("Set-Cookie", historyCookie(value, request));
  result.init = { ...result.init, headers };
  return result;
}
