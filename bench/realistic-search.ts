/**
 * Search on a realistic catalogue, with Lucene beside it (issue 27). Alone: `npx tsx bench/realistic-search.ts`
 * (not part of `npm test`; part of `npm run bench` with BENCH_REALISTIC=1).
 *
 * 1. Generates BENCH_TITLES (100,000) records with `bench/realistic-catalogue.ts` (seed BENCH_SEED, 27) and prints
 *    the catalogue's shape: distinct words, titles per word at frequency ranks 1, 10, 100, 1,000, 10,000.
 * 2. Imports them into a fresh SQLite database through `importFiles`, as `npm run import` does.
 * 3. When a JDK and Debian's Lucene jars are there (`apt-get install -y default-jdk-headless liblucene8-java`;
 *    BENCH_INSTALL_LUCENE=1 runs that install), compiles `bench/lucene/EstanteLucene.java` with javac, gives it
 *    the same titles (read back from the database) and starts it. Without them it says so and times Estante alone.
 * 4. Runs the same queries — the words at those frequency ranks, and combinations; the ranks 1 and 100 words also
 *    in the sorts other than relevance (newest year, oldest first, date added, call number; Estante only) — BENCH_RUNS (30) rounds,
 *    interleaved (each round: every query on Estante, then on Lucene), and prints per query: hits, Estante's
 *    `/api/consulta` CPU time (in-process, empty text-pass cache: a query's first search) and wall time,
 *    Lucene's search thread CPU and wall time (measured inside the JVM), p50/p95, and the ratio of the CPU p50s.
 * 5. With DATABASE_URL=postgres://… it also imports the same file into that PostgreSQL database through
 *    `importFiles` (kept and reused when it already holds the catalogue's titles), runs the same queries on an API
 *    over it in the same rounds, and prints a second table: PostgreSQL beside SQLite, with the ratios. PostgreSQL's
 *    CPU is this process's plus the server's: the run time of the database's backend processes (their
 *    `/proc/<pid>/schedstat`, nanoseconds) read before and after each call, when the server runs on this machine;
 *    otherwise the table says the server's CPU is not counted.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { sql } from "kysely";
import { createApiApp } from "../api/app.ts";
import { openDatabase, type Db } from "../api/db/index.ts";
import { migrateToLatest } from "../api/db/migrate.ts";
import { importFiles } from "../api/marc/import.ts";
import { seedInstitution } from "../api/seed/institution.ts";
import { clearSearchCache } from "../api/search/index.ts";
import { shapeTable, writeRealisticFile, type Shape } from "./realistic-catalogue.ts";

const root = path.resolve(import.meta.dirname, "..");
const TITLES = Number(process.env.BENCH_TITLES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const SEED = Number(process.env.BENCH_SEED ?? 27);

/** The classpath of Debian's Lucene jars (core and analyzers), or null when they or javac are missing. */
export function luceneClasspath(): { cp: string } | { missing: string } {
  if (process.env.BENCH_INSTALL_LUCENE === "1" && spawnSync("javac", ["-version"]).status !== 0) {
    console.log("Installing a JDK and Lucene: apt-get install -y default-jdk-headless liblucene8-java");
    spawnSync("apt-get", ["install", "-y", "default-jdk-headless", "liblucene8-java"], { stdio: "inherit" });
  }
  if (spawnSync("javac", ["-version"]).status !== 0) return { missing: "no Java compiler (javac)" };
  const dir = "/usr/share/java";
  const jar = (name: string) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => new RegExp(`^${name}(-[0-9.]+)?\\.jar$`).test(f))
          .sort()[0]
      : undefined;
  const core = jar("lucene-core");
  const analyzers = jar("lucene-analyzers-common");
  if (!core || !analyzers) return { missing: "no Lucene jars in /usr/share/java" };
  return { cp: `${path.join(dir, core)}:${path.join(dir, analyzers)}` };
}

/** A running Lucene searcher: one query a line in, one answer a line out. */
class Lucene {
  private lines: AsyncIterator<string>;
  constructor(private proc: ChildProcessWithoutNullStreams) {
    this.lines = readline.createInterface({ input: proc.stdout })[Symbol.asyncIterator]();
  }
  static async start(cp: string, docs: string, work: string): Promise<{ lucene: Lucene; indexSeconds: number }> {
    const classes = path.join(work, "classes");
    fs.mkdirSync(classes, { recursive: true });
    const javac = spawnSync("javac", ["-cp", cp, "-d", classes, path.join(root, "bench", "lucene", "EstanteLucene.java")], { encoding: "utf8" });
    if (javac.status !== 0) throw new Error(`javac failed: ${javac.stderr}`);
    const proc = spawn("java", ["-Xmx1g", "-cp", `${cp}:${classes}`, "EstanteLucene", docs, path.join(work, "lucene-index")]);
    proc.stderr.on("data", (d) => process.stderr.write(d));
    const lucene = new Lucene(proc);
    const first = await lucene.next();
    const m = /^indexed (\d+) (\d+)$/.exec(first);
    if (!m) throw new Error(`Lucene: ${first}`);
    return { lucene, indexSeconds: Number(m[2]) / 1e9 };
  }
  private async next(): Promise<string> {
    const r = await this.lines.next();
    if (r.done) throw new Error("Lucene stopped");
    return r.value;
  }
  async search(q: string): Promise<{ wallMs: number; cpuMs: number; total: number; ids: number[] }> {
    this.proc.stdin.write(`${q}\n`);
    const [wall, cpu, total, ids] = (await this.next()).split("\t");
    return { wallMs: Number(wall) / 1e6, cpuMs: Number(cpu) / 1e6, total: Number(total), ids: ids ? ids.split(",").map(Number) : [] };
  }
  stop() {
    this.proc.stdin.end();
    this.proc.kill();
  }
}

/** The titles as Lucene's input: id, language, title and subtitle, authors, subjects, publisher and series. */
async function exportDocs(db: Db, file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  const tab = (s: string | null | undefined) => (s ?? "").replace(/[\t\n\r]+/g, " ");
  const list = (s: string | null) => (s ? (JSON.parse(s) as string[]).join(" ; ") : "");
  for (let from = 0; ;) {
    const rows = await db
      .selectFrom("acervo")
      .select(["cod_acervo", "idioma", "titulo", "subtitulo", "autor", "autores_secundarios", "assuntos", "editora", "serie"])
      .where("cod_acervo", ">", from)
      .orderBy("cod_acervo")
      .limit(5000)
      .execute();
    if (!rows.length) break;
    for (const r of rows) {
      const line = [
        r.cod_acervo,
        r.idioma ?? "",
        tab(`${r.titulo} ${r.subtitulo ?? ""}`),
        tab(`${r.autor ?? ""} ; ${list(r.autores_secundarios)}`),
        tab(list(r.assuntos)),
        tab(`${r.editora ?? ""} ${r.serie ?? ""}`),
      ].join("\t");
      if (!out.write(`${line}\n`)) await new Promise<void>((res) => out.once("drain", () => res()));
    }
    from = rows[rows.length - 1].cod_acervo;
  }
  await new Promise<void>((res, rej) => out.end((e?: Error | null) => (e ? rej(e) : res())));
}

/** The bench's queries: the words at each frequency rank, and two- and three-word searches made of them. */
export function queriesOf(shape: Shape): Array<{ name: string; q: string; ordenacao?: string }> {
  const at = (rank: number) => shape.queries[shape.ranks.findIndex((r) => r.rank === rank)]?.word;
  const out: Array<{ name: string; q: string; ordenacao?: string }> = [];
  for (const r of shape.queries)
    out.push({ name: `word at rank ${r.rank.toLocaleString("en")} (${r.titles.toLocaleString("en")} titles)`, q: r.word });
  const pairs: Array<[number, number]> = [
    [10, 100],
    [100, 1000],
    [1, 1000],
  ];
  for (const [a, b] of pairs) if (at(a) && at(b)) out.push({ name: `ranks ${a} + ${b.toLocaleString("en")}`, q: `${at(a)} ${at(b)}` });
  if (at(10) && at(100) && at(1000)) out.push({ name: "ranks 10 + 100 + 1,000", q: `${at(10)} ${at(100)} ${at(1000)}` });
  // The sorts other than relevance (ADR 251) on the broadest word and on a middling one: Estante only (Lucene's
  // side answers by relevance, so it is not run for them).
  for (const rank of [1, 100]) {
    const word = at(rank);
    if (!word) continue;
    const base = out.find((o) => o.q === word)?.name.replace(/ \(.*\)$/, "") ?? `word at rank ${rank}`;
    for (const [code, label] of SORTS) out.push({ name: `${base}, ${label}`, q: word, ordenacao: code });
  }
  return out;
}

/** The orderings timed besides relevance: `ordenacao` code and name (ADR 251). */
export const SORTS: Array<[string, string]> = [
  ["Y", "newest year"],
  ["O", "oldest first"],
  ["E", "date added"],
  ["N", "call number"],
];

const pct = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: pct(s, 50), p95: pct(s, 95) };
};
/**
 * The CPU time (ms) used so far by the PostgreSQL server's backends serving database `dbName`: the children of
 * the postmaster whose process title names that database, read from /proc (Linux, server on this machine).
 */
export function backendCpuMs(postmaster: number, dbName: string): number {
  let ns = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // Field 4 (after the parenthesised name) is the parent's pid.
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) !== postmaster) continue;
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (!title.includes(` ${dbName} `)) continue;
      ns += Number(fs.readFileSync(`/proc/${entry}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // A process that ended between the listing and the read.
    }
  }
  return ns / 1e6;
}

/** The postmaster's pid when the PostgreSQL server of `db` runs on this machine (its backend is visible in /proc), else null. */
export async function localPostmaster(db: Db): Promise<{ pid: number; dbName: string } | null> {
  const r = await sql<{ pid: number; db: string }>`SELECT pg_backend_pid() AS pid, current_database() AS db`.execute(db);
  const { pid, db: dbName } = r.rows[0];
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return { pid: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]), dbName };
  } catch {
    return null;
  }
}

/** Imports the catalogue into PostgreSQL (`databaseUrl`) unless it already holds `TITLES` titles; prints what it did. */
export async function preparePostgres(databaseUrl: string, file: string, say: (s: string) => void): Promise<Db> {
  const pgDb = openDatabase({ databaseUrl, dataDir: os.tmpdir() });
  await migrateToLatest(pgDb);
  const n = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM acervo`.execute(pgDb)).rows[0].n);
  if (n === TITLES) {
    say(`\nPostgreSQL: reusing the ${TITLES.toLocaleString("en")} titles already imported into ${new URL(databaseUrl).pathname.slice(1)}.`);
    return pgDb;
  }
  if (n > 0) throw new Error(`The PostgreSQL database of DATABASE_URL holds ${n} titles, not ${TITLES}: give the bench an empty database.`);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run once without BENCH_DB_DIR's kept database, or remove it.`);
  await seedInstitution(pgDb);
  const t = performance.now();
  const c0 = process.cpuUsage();
  const where = await localPostmaster(pgDb);
  const s0 = where ? backendCpuMs(where.pid, where.dbName) : 0;
  const summary = await importFiles(pgDb, [file], { codEmpresa: 1 });
  const cpu = process.cpuUsage(c0);
  const server = where ? `${((backendCpuMs(where.pid, where.dbName) - s0) / 1000).toFixed(1)} s` : "not measured";
  await sql`ANALYZE`.execute(pgDb);
  say(
    `\nPostgreSQL: imported ${summary.imported.toLocaleString("en")} titles, ${summary.copies.toLocaleString("en")} copies (${summary.errors.length} refused) in ${((performance.now() - t) / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU in Node and ${server} in the server (then ANALYZE).`,
  );
  return pgDb;
}

const f = (n: number | undefined) => (n === undefined ? "—" : n < 10 ? n.toFixed(2) : n.toFixed(1));

export async function runRealisticSearch(): Promise<string> {
  // BENCH_DB_DIR keeps the generated catalogue, its database and Lucene's input between runs (same titles, seed
  // and word lists: reused as they are; Lucene's index is built again each run); without it everything is built
  // in a temporary folder and removed.
  const keep = process.env.BENCH_DB_DIR ? path.resolve(process.env.BENCH_DB_DIR, `realistic-${TITLES}-${SEED}`) : null;
  if (keep) fs.mkdirSync(keep, { recursive: true });
  const work = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), "estante-realistic-"));
  const shapeFile = path.join(work, "shape.json");
  const reuse = keep !== null && fs.existsSync(shapeFile);
  const lines: string[] = [];
  const say = (s: string) => {
    lines.push(s);
    console.log(s);
  };
  let lucene: Lucene | null = null;
  let pgDb: Db | null = null;
  // SQLite always (the reference the PostgreSQL ratios are taken against), whatever DATABASE_URL says.
  const db = openDatabase({ dataDir: path.join(work, "db") });
  try {
    const file = path.join(work, "catalogue.mrc");
    let t = performance.now();
    let shape: Shape;
    if (reuse) {
      shape = JSON.parse(fs.readFileSync(shapeFile, "utf8")) as Shape;
      say(`Reusing the catalogue of ${TITLES.toLocaleString("en")} records (seed ${SEED}) kept in BENCH_DB_DIR.\n`);
      say(shapeTable(shape));
      await migrateToLatest(db);
    } else {
      shape = await writeRealisticFile(file, TITLES, SEED);
      say(
        `Generated ${TITLES.toLocaleString("en")} records (${(fs.statSync(file).size / 1e6).toFixed(0)} MB, seed ${SEED}) in ${((performance.now() - t) / 1000).toFixed(1)} s.\n`,
      );
      say(shapeTable(shape));
      await migrateToLatest(db);
      await seedInstitution(db);
      t = performance.now();
      const c0 = process.cpuUsage();
      const summary = await importFiles(db, [file], { bulk: TITLES >= 50_000, codEmpresa: 1 });
      const cpu = process.cpuUsage(c0);
      say(
        `\nImported ${summary.imported.toLocaleString("en")} titles, ${summary.copies.toLocaleString("en")} copies (${summary.errors.length} refused) in ${((performance.now() - t) / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU.`,
      );
      if (keep) fs.writeFileSync(shapeFile, JSON.stringify(shape));
    }
    const cp: ReturnType<typeof luceneClasspath> = process.env.BENCH_LUCENE === "0" ? { missing: "BENCH_LUCENE=0" } : luceneClasspath();
    if ("cp" in cp) {
      const docs = path.join(work, "docs.tsv");
      if (!reuse || !fs.existsSync(docs)) await exportDocs(db, docs);
      // The indexer appends to an index it finds: a kept folder's is dropped first.
      fs.rmSync(path.join(work, "lucene-index"), { recursive: true, force: true });
      const started = await Lucene.start(cp.cp, docs, work);
      lucene = started.lucene;
      say(
        `Lucene (${path.basename(cp.cp.split(":")[0])}) indexed the same titles in ${started.indexSeconds.toFixed(1)} s (wall, one thread, merged to one segment).`,
      );
    } else {
      say(`Lucene skipped: ${cp.missing}. Install it with: apt-get install -y default-jdk-headless liblucene8-java (or BENCH_INSTALL_LUCENE=1).`);
    }
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) pgDb = await preparePostgres(databaseUrl, file, say);
    /** Times `/api/consulta` on an API over `on`; `server` adds the PostgreSQL backends' CPU. */
    const searcher = async (on: Db) => {
      const app = createApiApp({ db: on, mailer: { send: async () => {} } });
      const tok = await app.request("/api/oauth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials&client_id=4",
      });
      const auth = { authorization: `Bearer ${((await tok.json()) as { access_token: string }).access_token}` };
      const server = on === db ? null : await localPostmaster(on);
      return async (q: string, ordenacao = "C") => {
        clearSearchCache(on);
        const s0 = server ? backendCpuMs(server.pid, server.dbName) : 0;
        const c = process.cpuUsage();
        const w = performance.now();
        const res = await app.request(`/api/consulta?${new URLSearchParams({ termo: q, ordenacao })}`, { headers: auth });
        if (res.status !== 200) throw new Error(`${q}: ${res.status}`);
        const body = (await res.json()) as { total: number };
        const used = process.cpuUsage(c);
        const wallMs = performance.now() - w;
        const serverMs = server ? backendCpuMs(server.pid, server.dbName) - s0 : 0;
        return { wallMs, cpuMs: (used.user + used.system) / 1000 + serverMs, serverMs, total: body.total };
      };
    };
    const estante = await searcher(db);
    const postgres = pgDb ? await searcher(pgDb) : null;
    const pgServerMeasured = pgDb ? (await localPostmaster(pgDb)) !== null : false;
    const queries = queriesOf(shape);
    const timings = queries.map(() => ({
      e: { wall: [] as number[], cpu: [] as number[], total: 0 },
      l: { wall: [] as number[], cpu: [] as number[], total: 0 },
      p: { wall: [] as number[], cpu: [] as number[], server: [] as number[], total: 0 },
    }));
    // Warm-up: 3 rounds each, not counted (the JIT of both, SQLite's and Lucene's caches).
    for (let round = -3; round < RUNS; round++) {
      for (const [i, q] of queries.entries()) {
        const e = await estante(q.q, q.ordenacao);
        const l = lucene && !q.ordenacao ? await lucene.search(q.q) : null;
        const p = postgres ? await postgres(q.q, q.ordenacao) : null;
        if (round < 0) continue;
        const tm = timings[i];
        if (p) {
          tm.p.wall.push(p.wallMs);
          tm.p.cpu.push(p.cpuMs);
          tm.p.server.push(p.serverMs);
          tm.p.total = p.total;
        }
        tm.e.wall.push(e.wallMs);
        tm.e.cpu.push(e.cpuMs);
        tm.e.total = e.total;
        if (l) {
          tm.l.wall.push(l.wallMs);
          tm.l.cpu.push(l.cpuMs);
          tm.l.total = l.total;
        }
      }
    }
    say(
      `\nSearch, ${RUNS} interleaved rounds (each round: every query on Estante, then on Lucene), ms; Estante: \`/api/consulta\` in-process, CPU time of the process and wall time, text-pass cache emptied before each call; Lucene 8: the search thread's CPU time and wall time inside the JVM (BM25 top 20, exact hit count). Load average at the end: ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(" / ")} on ${os.availableParallelism()} cores.\n`,
    );
    say(
      "| query | words | Estante hits | Lucene hits | Estante CPU p50 | p95 | Estante wall p50 | p95 | Lucene CPU p50 | p95 | Lucene wall p50 | p95 | CPU p50 ratio (Estante / Lucene) | p95 ratio |",
    );
    say("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (const [i, q] of queries.entries()) {
      const tm = timings[i];
      const ec = stats(tm.e.cpu),
        ew = stats(tm.e.wall);
      const lc = tm.l.cpu.length ? stats(tm.l.cpu) : undefined,
        lw = tm.l.wall.length ? stats(tm.l.wall) : undefined;
      const ratio = (a: number, b: number | undefined) => (b ? `${(a / Math.max(b, 0.01)).toFixed(1)}×` : "—");
      say(
        `| ${q.name} | \`${q.q}\` | ${tm.e.total.toLocaleString("en")} | ${tm.l.cpu.length ? tm.l.total.toLocaleString("en") : "—"} | ${f(ec.p50)} | ${f(ec.p95)} | ${f(ew.p50)} | ${f(ew.p95)} | ${f(lc?.p50)} | ${f(lc?.p95)} | ${f(lw?.p50)} | ${f(lw?.p95)} | ${ratio(ec.p50, lc?.p50)} | ${ratio(ec.p95, lc?.p95)} |`,
      );
    }
    if (pgDb) {
      const pgVersion = (await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(pgDb)).rows[0].v;
      say(
        `\nPostgreSQL ${pgVersion} beside SQLite, the same rounds, ms. SQLite: as above. PostgreSQL: \`/api/consulta\` in-process over \`pg\`; CPU = this process's ${pgServerMeasured ? "plus the database backends' (their /proc schedstat run time, read before and after each call)" : "only (the server is on another machine: its CPU is not counted)"}; wall includes the round trips. Load average at the end: ${os
          .loadavg()
          .map((x) => x.toFixed(1))
          .join(" / ")} on ${os.availableParallelism()} cores.\n`,
      );
      say(
        "| query | SQLite hits | PostgreSQL hits | SQLite CPU p50 | p95 | SQLite wall p50 | p95 | PostgreSQL CPU p50 | p95 | of which server p50 | PostgreSQL wall p50 | p95 | CPU p50 ratio (PostgreSQL / SQLite) | wall p50 ratio |",
      );
      say("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
      for (const [i, q] of queries.entries()) {
        const tm = timings[i];
        const ec = stats(tm.e.cpu),
          ew = stats(tm.e.wall),
          pc = stats(tm.p.cpu),
          pw = stats(tm.p.wall),
          ps = stats(tm.p.server);
        const ratio = (a: number, b: number) => `${(a / Math.max(b, 0.01)).toFixed(1)}×`;
        say(
          `| ${q.name} | ${tm.e.total.toLocaleString("en")} | ${tm.p.total.toLocaleString("en")} | ${f(ec.p50)} | ${f(ec.p95)} | ${f(ew.p50)} | ${f(ew.p95)} | ${f(pc.p50)} | ${f(pc.p95)} | ${f(ps.p50)} | ${f(pw.p50)} | ${f(pw.p95)} | ${ratio(pc.p50, ec.p50)} | ${ratio(pw.p50, ew.p50)} |`,
        );
      }
    }
    say(
      "\nHits differ where the two engines match differently: Lucene's language analyzers drop stop words from the stems field and stem with their own (light) stemmers; Estante stems with Snowball in the record's language and expands the last word's prefix into the vocabulary's terms.",
    );
    const outDir = path.join(root, "bench", "results");
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, `realistic-search-${new Date().toISOString().replace(/[:.]/g, "-")}.md`), lines.join("\n") + "\n");
    return lines.join("\n");
  } finally {
    lucene?.stop();
    await db.destroy();
    await pgDb?.destroy();
    if (!keep) fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  runRealisticSearch().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
