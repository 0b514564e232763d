/**
 * `npm run bench`: server-side timings of the portal on the demo catalogue.
 *
 * Starts the built production server on a fresh data directory (127.0.0.1 only), then reports:
 * - server CPU per page with two workers beside the framework's floor (bench/page-cost.ts, ADR 210);
 * - p50 / p95 time of a search results page and of a title page (sequential requests, one worker),
 *   with the API time the portal spent (Server-Timing) beside it when the server reports it;
 * - pages per second at 10 concurrent connections (mixed search and title pages, default workers);
 * - the JavaScript each route ships, compressed with brotli;
 * - search at 100k synthetic titles (bench/search-100k.ts): API and raw DB p50/p95;
 * - the MARC import rate: 100,000 realistic records through `npm run import`, and a generated 100,000-record
 *   ISO 2709 file through importFiles (bench/import-100k.ts).
 * Results go to stdout as a table and to bench/results/<timestamp>.json.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { BENCH_LOGIN, seedBenchPatron } from "./account.ts";
import { importTable, realisticImportTable, runImport100k, runRealisticImport } from "./import-100k.ts";
import { pageCostTable, runPageCost } from "./page-cost.ts";
import { runSearch100k } from "./search-100k.ts";
import { runRealisticSearch } from "./realistic-search.ts";
import { runFindingCosts } from "./finding-costs.ts";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_PORT ?? 3190);
const base = `http://127.0.0.1:${PORT}`;
const SEARCH_TERMS = ["historia", "music", "brasil", "jazz", "education", "poesia", "guerra", "saude", "france", "literatura"];

function startServer(name: string, env: Record<string, string>): ChildProcess {
  const dataDir = path.join(root, "bench", ".data", name);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  return spawn(process.execPath, [path.join(root, "build/server.js")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0000",
      ...env,
    },
  });
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await done;
}

async function waitReady(timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${base}/login`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)];
}

/** The number of /api round trips the portal made for the page (Server-Timing `api;desc="N calls"`). */
function apiCalls(res: Response): number | null {
  const m = /api;[^,]*desc="(\d+) calls"/.exec(res.headers.get("server-timing") ?? "");
  return m ? Number(m[1]) : null;
}

/** Sum of the `dur` of every Server-Timing entry named `api` (the portal's time waiting for /api). */
function apiTime(res: Response): number | null {
  const header = res.headers.get("server-timing");
  if (!header) return null;
  let total = 0;
  let found = false;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (name !== "api") continue;
    const dur = params.map((p) => p.trim()).find((p) => p.startsWith("dur="));
    if (dur) {
      total += Number(dur.slice(4));
      found = true;
    }
  }
  return found ? total : null;
}

async function timeRequests(urls: string[], headers: Record<string, string> = {}) {
  const times: number[] = [];
  const api: number[] = [];
  let calls: number | null = null;
  for (const url of urls) {
    const t0 = performance.now();
    const res = await fetch(url, { headers, redirect: "manual" });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    const a = apiTime(res);
    if (a !== null) api.push(a);
    calls = Math.max(calls ?? 0, apiCalls(res) ?? 0);
  }
  times.sort((a, b) => a - b);
  api.sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    n: times.length,
    p50: r(percentile(times, 50)),
    p95: r(percentile(times, 95)),
    apiP50: api.length ? r(percentile(api, 50)) : null,
    apiP95: api.length ? r(percentile(api, 95)) : null,
    maxApiCallsPerPage: calls,
  };
}

async function throughput(urls: string[], connections: number, seconds: number) {
  let done = 0;
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const url = urls[next++ % urls.length];
        try {
          const res = await fetch(url);
          await res.arrayBuffer();
          if (res.ok) done++;
          else failed++;
        } catch {
          failed++;
        }
      }
    }),
  );
  return { pagesPerSecond: Math.round((done / seconds) * 10) / 10, failed };
}

/** The JS a route makes the browser download: module scripts, modulepreloads and dynamic imports in the HTML. */
async function jsBytes(url: string) {
  const html = await (await fetch(url)).text();
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/import\s+[^"']*["']([^"']+\.js)["']/g)) srcs.add(m[1]);
  let raw = 0;
  let br = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer());
    raw += body.length;
    br += zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { files: srcs.size, rawBytes: raw, brBytes: br };
}

async function firstTitleId(): Promise<number> {
  const tok = (await (
    await fetch(`${base}/api/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials&client_id=4",
    })
  ).json()) as { access_token: string };
  const res = await fetch(`${base}/api/consulta?termo=historia&qtd=1`, { headers: { authorization: `Bearer ${tok.access_token}` } });
  const body = (await res.json()) as { resultados: Array<{ cod_acervo: number }> };
  if (!body.resultados?.length) throw new Error("no title found for the bench");
  return body.resultados[0].cod_acervo;
}

/** Signs the bench patron in through the login form; returns the session cookie header. */
async function signIn(login: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ username: login, password: "demo1234" }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (res.status !== 302 && res.status !== 303 && !cookies.length) throw new Error(`bench login answered ${res.status}`);
  return cookies.join("; ");
}

async function main() {
  if (!fs.existsSync(path.join(root, "build/server.js"))) throw new Error("run `npm run build` first");
  const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };

  // 0. Server CPU per page, two workers, beside the framework's floor (BENCH_SKIP_PAGE_COST=1 skips it).
  if (!process.env.BENCH_SKIP_PAGE_COST) {
    const cost = await runPageCost();
    results.pageCost = cost;
    console.log(pageCostTable(cost));
    console.log("");
  }

  // 1. Latency with one worker, so the numbers are per-request server time on an idle machine.
  let server = startServer("latency", { WEB_CONCURRENCY: "1" });
  try {
    await waitReady();
    const id = await firstTitleId();
    const searchUrls = (n: number) =>
      Array.from({ length: n }, (_, i) => `${base}/?termo=${encodeURIComponent(SEARCH_TERMS[i % SEARCH_TERMS.length])}&tipo=livre`);
    const titleUrls = (n: number) => Array.from({ length: n }, () => `${base}/acervo/${id}`);
    await timeRequests([...searchUrls(20), ...titleUrls(20)]); // warm-up
    results.searchPage = await timeRequests(searchUrls(200));
    results.titlePage = await timeRequests(titleUrls(200));
    results.jsPerRoute = {
      "/": await jsBytes(`${base}/`),
      "/?termo=…": await jsBytes(`${base}/?termo=historia`),
      "/acervo/:id": await jsBytes(`${base}/acervo/${id}`),
      "/login": await jsBytes(`${base}/login`),
    };
    results.titleId = id;
    // The account summary and the loans page of a patron with 50 loans and 500 returned ones.
    await seedBenchPatron(path.join(root, "bench", ".data", "latency"));
    const cookie = await signIn(BENCH_LOGIN);
    const account = (p: string, n: number) => Array.from({ length: n }, () => `${base}/meu${process.env.PRODUCT_SLUG ?? "pergamum"}${p}`);
    await timeRequests([...account("", 10), ...account("/emprestimos", 10)], { cookie });
    results.accountSummary = await timeRequests(account("", 100), { cookie });
    results.loansPage = await timeRequests(account("/emprestimos", 100), { cookie });
  } finally {
    await stopServer(server);
  }

  // 2. Throughput with the default workers (one per core), 10 connections.
  server = startServer("throughput", {});
  try {
    await waitReady();
    const id = results.titleId as number;
    const mix = SEARCH_TERMS.flatMap((t) => [`${base}/?termo=${encodeURIComponent(t)}`, `${base}/acervo/${id}`]);
    await throughput(mix, 10, 2); // warm-up
    results.throughput = await throughput(mix, 10, 10);
  } finally {
    await stopServer(server);
  }

  const outDir = path.join(root, "bench", "results");
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, JSON.stringify(results, null, 2));

  const s = results.searchPage as Awaited<ReturnType<typeof timeRequests>>;
  const t = results.titlePage as Awaited<ReturnType<typeof timeRequests>>;
  const tp = results.throughput as Awaited<ReturnType<typeof throughput>>;
  const lines = [
    "| measure | p50 ms | p95 ms | /api time p50 | /api time p95 | /api calls per page |",
    "|---|---|---|---|---|---|",
    `| search page (${s.n} req) | ${s.p50} | ${s.p95} | ${s.apiP50 ?? "n/a"} | ${s.apiP95 ?? "n/a"} | ${s.maxApiCallsPerPage ?? "n/a"} |`,
    `| title page (${t.n} req) | ${t.p50} | ${t.p95} | ${t.apiP50 ?? "n/a"} | ${t.apiP95 ?? "n/a"} | ${t.maxApiCallsPerPage ?? "n/a"} |`,
    ...(["accountSummary", "loansPage"] as const).map((k) => {
      const a = results[k] as Awaited<ReturnType<typeof timeRequests>>;
      const label = k === "accountSummary" ? "account summary, 50 loans" : "loans page, 50 loans + 500 history";
      return `| ${label} (${a.n} req) | ${a.p50} | ${a.p95} | ${a.apiP50 ?? "n/a"} | ${a.apiP95 ?? "n/a"} | ${a.maxApiCallsPerPage ?? "n/a"} |`;
    }),
    "",
    `Throughput, 10 connections, mixed pages: **${tp.pagesPerSecond} pages/s** (${tp.failed} failed)`,
    "",
    "| route | JS files | JS bytes | JS bytes (br) |",
    "|---|---|---|---|",
    ...Object.entries(results.jsPerRoute as Record<string, Awaited<ReturnType<typeof jsBytes>>>).map(
      ([route, j]) => `| ${route} | ${j.files} | ${j.rawBytes} | ${j.brBytes} |`,
    ),
  ];
  console.log(lines.join("\n"));
  console.log(`\nsaved ${path.relative(root, file)}`);

  // 3. Search at 100k synthetic titles, API and raw DB time (bench/search-100k.ts; BENCH_SKIP_100K=1 skips it).
  if (!process.env.BENCH_SKIP_100K) {
    console.log("");
    await runSearch100k();
  }
  // 4. The same at 1,000,000 titles, opt-in (building takes long): BENCH_1M=1. The database is kept in
  // BENCH_1M_DB_DIR (default bench/.data/search-1m) and reused by later runs.
  if (process.env.BENCH_1M) {
    console.log("");
    await runSearch100k(1_000_000, process.env.BENCH_1M_DB_DIR ?? path.join(root, "bench", ".data", "search-1m"));
  }

  // 4b. Search on a realistic catalogue with Lucene beside it, opt-in (generating and importing 100,000
  // realistic records takes minutes): BENCH_REALISTIC=1 (bench/realistic-search.ts). Then, on the same catalogue
  // (kept by BENCH_DB_DIR), what finding a book costs beside the search (bench/finding-costs.ts, issue 28).
  if (process.env.BENCH_REALISTIC) {
    console.log("");
    await runRealisticSearch();
    console.log("");
    await runFindingCosts();
  }

  // 5. Import rate (BENCH_SKIP_IMPORT=1 skips both): 100,000 realistic records through `npm run import` in a child
  // process (BENCH_IMPORT_REALISTIC=0 skips it), then a generated 100,000-record file through importFiles.
  if (!process.env.BENCH_SKIP_IMPORT) {
    console.log("");
    if (process.env.BENCH_IMPORT_REALISTIC !== "0") console.log(realisticImportTable(await runRealisticImport()));
    console.log(importTable(await runImport100k()));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
