/**
 * Server CPU per page (issue 12, ADR 210): the built server with two workers on a fresh demo catalogue, loaded
 * with keep-alive requests from this process, one page at a time. The CPU time of the server's processes
 * (primary and workers, read from /proc) divided by the pages served is the page's cost; the wall-clock rate
 * is reported too, but on a shared machine CPU time is the number to compare. Beside the portal's pages, the
 * framework's floor (bench/floor-server.tsx: the same stack rendering 20 results with facets from memory).
 *
 * The rows are measured interleaved: every server runs from the start, and the pages are served in rounds, a block of
 * each row in turn, so a change in the machine's load between rows (other jobs, a neighbour on the host) moves
 * the floor and the pages alike and the "× floor" ratio stays put.
 *
 * Alone: `npx tsx bench/page-cost.ts` (after `npm run build`). BENCH_REQUESTS (default 1200) sets the pages measured
 * per row, in BENCH_ROUNDS (default 6) blocks, after BENCH_WARMUP (default 500) unmeasured ones; BENCH_CONNECTIONS
 * (default 8) the concurrent connections, BENCH_PAGES a comma-separated subset of floor, floor-routes, home,
 * title, rare, broad, account; BENCH_BUILD another build folder to measure (an earlier commit's).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { BENCH_LOGIN, seedBenchPatron } from "./account.ts";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_PORT ?? 3190);
const FLOOR_PORT = PORT + 1;
// A fixed number of pages, not a fixed time: on a busy machine a timed run serves few pages, mostly cold ones.
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1200);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 6));
// A server's first pages run cold code (JIT tiers) and fill its caches: a few hundred are not yet its steady cost.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 500);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const WORKERS = "2";
/** The built server to measure: BENCH_BUILD names another build folder (an earlier commit's, to compare). */
const serverEntry = path.resolve(process.env.BENCH_BUILD ?? path.join(root, "build"), "server.js");
/** Pages beside the floor's search page in its second row: the portal has 89 routes (app/routes.ts and root). */
const FLOOR_ROUTES = 88;
const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim() || 100);

export interface PageCost {
  page: string;
  url: string;
  pages: number;
  cpuMsPerPage: number;
  pagesPerSecond: number;
  apiCalls: number | null;
  failed: number;
}

/** utime + stime of a process, in ms (0 once it has exited). */
function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The pids of a process and its children (the cluster's workers). */
function processTree(pid: number): number[] {
  const pids = [pid];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) pids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return pids;
}

function treeCpuMs(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + processCpuMs(p), 0);
}

function spawnServer(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", ...env },
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await done;
}

async function waitReady(url: string, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not start`);
}

function apiCalls(res: Response): number | null {
  const m = /api;[^,]*desc="(\d+) calls"/.exec(res.headers.get("server-timing") ?? "");
  return m ? Number(m[1]) : null;
}

/**
 * Requests `url` `count` times over `CONNECTIONS` keep-alive connections; returns pages done and failures. Node's
 * own http client, not fetch: on a two-core machine the load generator's CPU is taken from the servers it
 * measures, and fetch spent about 0.75 ms a request where http.get spends about 0.3.
 */
async function load(url: string, count: number, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let done = 0;
  let failed = 0;
  let started = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const req = http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode === 200) done++;
          else failed++;
          resolve();
        });
      });
      req.on("error", () => {
        failed++;
        resolve();
      });
    });
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (started < count) {
          started++;
          await one();
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return { done, failed };
}

interface Row {
  name: string;
  label: string;
  pid: number;
  url: string;
  headers: Record<string, string>;
}

/**
 * The CPU the server's processes spend per page of each row's `url`: every row warmed up first, then served in
 * ROUNDS rounds of a block per row, the CPU and wall time of each block added to its row.
 */
async function measureInterleaved(rows: Row[]): Promise<PageCost[]> {
  const totals = rows.map(() => ({ cpu: 0, wall: 0, done: 0, failed: 0, calls: null as number | null }));
  for (const [i, row] of rows.entries()) {
    const probe = await fetch(row.url, { headers: row.headers });
    await probe.arrayBuffer();
    if (!probe.ok) throw new Error(`${row.url} answered ${probe.status}`);
    await load(row.url, WARMUP, row.headers); // warm-up (JIT, caches)
    // The /api calls of a warm page (the first page of a worker also loads the per-process caches).
    for (let k = 0; k < 4; k++) {
      const res = await fetch(row.url, { headers: row.headers });
      await res.arrayBuffer();
      totals[i].calls = Math.max(totals[i].calls ?? 0, apiCalls(res) ?? 0);
    }
  }
  const block = Math.max(1, Math.round(REQUESTS / ROUNDS));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, row] of rows.entries()) {
      const cpu0 = treeCpuMs(row.pid);
      const t0 = performance.now();
      const { done, failed } = await load(row.url, block, row.headers);
      totals[i].wall += (performance.now() - t0) / 1000;
      totals[i].cpu += treeCpuMs(row.pid) - cpu0;
      totals[i].done += done;
      totals[i].failed += failed;
    }
  }
  const r = (n: number, d = 10) => Math.round(n * d) / d;
  return rows.map((row, i) => {
    const t = totals[i];
    return {
      page: row.label,
      url: row.url,
      pages: t.done,
      cpuMsPerPage: r(t.cpu / Math.max(1, t.done), 100),
      pagesPerSecond: r(t.done / t.wall),
      apiCalls: t.calls,
      failed: t.failed,
    };
  });
}

async function firstTitleId(base: string): Promise<number> {
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

async function signIn(base: string, login: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ username: login, password: "demo1234", intent: "login", destino: "area" }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!cookies.length) throw new Error(`bench login answered ${res.status}`);
  return cookies.join("; ");
}

/** Runs the page-cost bench; returns the rows and the load average before and after. */
export async function runPageCost(): Promise<{ rows: PageCost[]; loadBefore: number[]; loadAfter: number[]; connections: number; requests: number }> {
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
  const only = process.env.BENCH_PAGES?.split(",").map((s) => s.trim());
  const want = (name: string) => !only || only.includes(name);
  const loadBefore = os.loadavg();
  const rows: Row[] = [];
  const servers: ChildProcess[] = [];

  try {
    // The floor, and the same floor with a route table the size of the portal's (informative: not the ratio's base).
    const floors: Array<[string, string, number]> = [
      ["floor", "framework floor (20 results + facets, in memory)", 0],
      ["floor-routes", `framework floor with ${FLOOR_ROUTES + 1} routes (lazy discovery)`, FLOOR_ROUTES],
    ];
    for (const [k, [name, label, extraRoutes]] of floors.entries()) {
      if (!want(name)) continue;
      const port = FLOOR_PORT + k;
      const floor = spawnServer(["--import", "tsx", path.join(root, "bench/floor-server.tsx")], {
        PORT: String(port),
        WEB_CONCURRENCY: WORKERS,
        FLOOR_ROUTES: String(extraRoutes),
      });
      servers.push(floor);
      await waitReady(`http://127.0.0.1:${port}/`);
      rows.push({ name, label, pid: floor.pid!, url: `http://127.0.0.1:${port}/`, headers: {} });
    }

    const dataDir = path.join(root, "bench", ".data", "page-cost");
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    const base = `http://127.0.0.1:${PORT}`;
    const server = spawnServer([serverEntry], {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: WORKERS,
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0000",
    });
    servers.push(server);
    await waitReady(`${base}/login`);
    const id = await firstTitleId(base);
    const pages: Array<[string, string, string]> = [
      ["home", "home `/`", `${base}/`],
      ["title", "title `/acervo/{id}`", `${base}/acervo/${id}`],
      ["rare", "rare term `/?termo=setecentistas`", `${base}/?termo=setecentistas`],
      ["broad", "broad search `/?termo=brasil` (facets)", `${base}/?termo=brasil`],
    ];
    for (const [name, label, url] of pages) if (want(name)) rows.push({ name, label, pid: server.pid!, url, headers: {} });
    if (want("account")) {
      await seedBenchPatron(dataDir);
      const cookie = await signIn(base, BENCH_LOGIN);
      rows.push({
        name: "account",
        label: "account summary (50 loans)",
        pid: server.pid!,
        url: `${base}/meu${process.env.PRODUCT_SLUG ?? "pergamum"}`,
        headers: { cookie },
      });
    }
    const costs = await measureInterleaved(rows);
    return { rows: costs, loadBefore, loadAfter: os.loadavg(), connections: CONNECTIONS, requests: REQUESTS };
  } finally {
    for (const child of servers) await stop(child);
  }
}

/** The Markdown table of a run: CPU per page, its ratio to the floor, pages/s and /api calls. */
export function pageCostTable(r: Awaited<ReturnType<typeof runPageCost>>): string {
  const floor = r.rows.find((row) => row.page.startsWith("framework floor ("))?.cpuMsPerPage;
  const la = (l: number[]) => l.map((n) => n.toFixed(2)).join(" ");
  return [
    `Server CPU per page, ${WORKERS} workers, ${r.connections} keep-alive connections, ${r.requests} pages per row in ${ROUNDS} interleaved rounds after a warm-up (load average before: ${la(r.loadBefore)}; after: ${la(r.loadAfter)})`,
    "",
    "| page | CPU ms per page | × floor | pages/s | /api calls | pages measured |",
    "|---|---|---|---|---|---|",
    ...r.rows.map(
      (row) =>
        `| ${row.page} | ${row.cpuMsPerPage} | ${floor ? (row.cpuMsPerPage / floor).toFixed(1) : "n/a"} | ${row.pagesPerSecond} | ${row.apiCalls ?? "n/a"} | ${row.pages}${row.failed ? ` (${row.failed} failed)` : ""} |`,
    ),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runPageCost()
    .then((r) => console.log(pageCostTable(r)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
