import { randomBytes } from "node:crypto";
import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { parseCookies } from "./cookies";
import { getEnv } from "./env.server";
import {
  addToHistory,
  decodeHistory,
  encodeHistory,
  HISTORY_COOKIE,
  historyUrl,
  historyCookie,
  MAX_COOKIE_VALUE,
  MAX_HISTORY,
  readHistory,
  recordSearch,
  type HistoryEntry,
} from "./search-history.server";

const secret = "a-test-secret-that-is-long-enough-000";
const entry = (u: string, n = 3, t = 1000): HistoryEntry => ({ u, n, t });

/** A search-page loader result as `loadHome` returns it. */
const searchResult = (over: Record<string, unknown> = {}, status?: number) =>
  data(
    {
      results: { total: 42, totalLimitado: false },
      query: { filtro: ["T:1"] },
      facets: { filtros: [{ tipo: "T", codigo: "1", descricao: "Livros" }] },
      error: null,
      ...over,
    },
    status ? { status } : undefined,
  );

function setCookieOf(result: unknown): string | null {
  const headers = new Headers((result as { init?: { headers?: HeadersInit } }).init?.headers);
  return headers.get("Set-Cookie");
}

/** A request carrying the history cookie a previous response set. */
function requestWith(url: string, setCookie: string | null): Request {
  const value = setCookie ? setCookie.split(";")[0] : "";
  return new Request(`http://localhost${url}`, { headers: value ? { Cookie: value } : {} });
}

describe("search history cookie", () => {
  it("round-trips the entries", () => {
    const list = [entry("/?termo=ecologia", 12), { ...entry("/ebooks?termo=redes", 3), c: true, f: ["Livros"] }];
    expect(decodeHistory(encodeHistory(list, secret), secret)).toEqual(list);
  });

  it("ignores a cookie sealed with another secret, a tampered one and garbage", () => {
    const value = encodeHistory([entry("/?termo=x1")], secret);
    expect(decodeHistory(value, "another-secret-that-is-long-enough-1")).toEqual([]);
    expect(decodeHistory(value.slice(0, -2) + (value.endsWith("A") ? "BB" : "AA"), secret)).toEqual([]);
    expect(decodeHistory("not-a-history", secret)).toEqual([]);
  });

  it("puts a search run again first, once, with its new count and time", () => {
    const start = [entry("/?termo=b", 1, 2), entry("/?termo=a", 1, 1)];
    const { entries } = addToHistory(start, entry("/?termo=a", 9, 3), secret);
    expect(entries.map((e) => [e.u, e.n])).toEqual([
      ["/?termo=a", 9],
      ["/?termo=b", 1],
    ]);
  });

  it(`keeps at most ${MAX_HISTORY} searches, dropping the oldest`, () => {
    let list: HistoryEntry[] = [];
    for (let i = 0; i < MAX_HISTORY + 5; i++) list = addToHistory(list, entry(`/?termo=t${i}`, i, i), secret).entries;
    expect(list).toHaveLength(MAX_HISTORY);
    expect(list[0].u).toBe(`/?termo=t${MAX_HISTORY + 4}`);
    expect(list.at(-1)?.u).toBe("/?termo=t5");
  });

  it("drops the oldest searches when the cookie would pass the size limit", () => {
    let list: HistoryEntry[] = [];
    let value = "";
    // Random-looking terms do not compress: twenty of them would not fit.
    for (let i = 0; i < MAX_HISTORY; i++) {
      const term = randomBytes(450).toString("base64url");
      ({ entries: list, value } = addToHistory(list, entry(`/?termo=${term}`, i, i), secret));
    }
    expect(value.length).toBeLessThanOrEqual(MAX_COOKIE_VALUE);
    expect(list.length).toBeLessThan(MAX_HISTORY);
    expect(list[0].n).toBe(MAX_HISTORY - 1);
  });

  it("is a browser-session cookie (no Max-Age), HttpOnly and SameSite=Lax; deleting it expires it", () => {
    const set = historyCookie("abc", new Request("https://example.org/"));
    expect(set).toMatch(/^estante_historico=abc; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(historyCookie(null, new Request("http://localhost/"))).toContain("Max-Age=0");
  });
});

describe("recording a search", () => {
  it("records a search that ran, without its page number, with the count and the filter labels", () => {
    const result = recordSearch(new Request("http://localhost/ebooks?termo=redes&pagina=3&filtro=T%3A1&exibicao=C"), searchResult(), () => 5000);
    const set = setCookieOf(result);
    expect(set).toContain(`${HISTORY_COOKIE}=`);
    const history = readHistory(requestWith("/historico", set));
    expect(history).toEqual([{ u: "/ebooks?filtro=T%3A1&termo=redes", n: 42, t: 5000, f: ["Livros"] }]);
  });

  it("treats the form's URL and a pagination link's URL of one search as the same search", () => {
    const url = (s: string) => historyUrl(new URL(`http://localhost${s}`));
    expect(url("/?termo=brasil&tipo=livre&ordenacao=C&qtd=20&exibicao=D&assunto=")).toBe("/?termo=brasil");
    expect(url("/?qtd=50&termo=brasil&pagina=2&tipo=autor")).toBe(url("/?termo=brasil&tipo=autor&qtd=50"));
    expect(url("/?termo=a1&filtro=Y%3A2&filtro=T%3A1")).toBe(url("/?filtro=T%3A1&termo=a1&filtro=Y%3A2"));
  });

  it("adds to the history the request already carries", () => {
    const first = setCookieOf(recordSearch(new Request("http://localhost/?termo=one"), searchResult()));
    const second = setCookieOf(recordSearch(requestWith("/?termo=two", first), searchResult()));
    expect(readHistory(requestWith("/historico", second)).map((e) => e.u)).toEqual(["/?termo=two", "/?termo=one"]);
  });

  it("records nothing for the page without a search, a refused term or a failed search", () => {
    const url = new Request("http://localhost/?termo=x");
    expect(setCookieOf(recordSearch(url, searchResult({ results: null, query: null })))).toBeNull();
    expect(setCookieOf(recordSearch(url, searchResult({}, 400)))).toBeNull();
    expect(setCookieOf(recordSearch(url, searchResult({ results: null, error: { key: "x" } }, 502)))).toBeNull();
    expect(recordSearch(url, { plain: true })).toEqual({ plain: true });
  });

  it("uses the portal's secret (a cookie from another installation is ignored)", () => {
    const foreign = encodeHistory([entry("/?termo=x1")], "another-secret-that-is-long-enough-1");
    expect(readHistory(new Request("http://localhost/", { headers: { Cookie: `${HISTORY_COOKIE}=${foreign}` } }))).toEqual([]);
    expect(parseCookies(`${HISTORY_COOKIE}=${encodeHistory([entry("/?termo=x1")], getEnv().SESSION_SECRET)}`)[HISTORY_COOKIE]).toBeTruthy();
  });
});
