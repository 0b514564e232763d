/**
 * What a search on PostgreSQL costs before any plan, beside the whole search on PostgreSQL and on SQLite (issue 27,
 * ADR 278): the floor a search over a client-server database cannot go under, to set beside the 2× target.
 * Not part of `npm test`. Reads the catalogue kept by the realistic bench in both databases:
 *   BENCH_DB_DIR=<dir> BENCH_TITLES=<n> DATABASE_URL=postgres://… npx tsx bench/realistic-search.ts   (builds both)
 *   BENCH_DB_DIR=<dir> BENCH_TITLES=<n> DATABASE_URL=postgres://… npx tsx bench/postgres-floor.ts
 * The PostgreSQL server must run on this machine: its backends' CPU is read from /proc, as the realistic bench
 * does. For each query word of the catalogue's shape, CPU ms (this process's plus the backends') p50 / p95 over
 * BENCH_RUNS (20) interleaved rounds of:
 *   - one round trip: `SELECT 1` through the API's own database handle (Kysely over `pg`);
 *   - the count of the word's matches with its alternatives, as the search reads them (`to_tsquery` through the
 *     GIN index, `busca_texto_ids`);
 *   - the whole first page (`searchAcervos`, relevance, 20 titles, the text-pass cache emptied first), and how many
 *     statements it sent;
 *   - the same first page on SQLite;
 *   - the facets of that search (`searchFacets`, right after it, as a results page asks for them: they share its
 *     pass), on each engine. The facet columns are read before the first round (a process reads them once).
 * BENCH_FILTERS (JSON, `{"B":["1"]}`) adds filters to the search and its facets; BENCH_ORDER sets the order.
 * The floor of a search is its statements times one round trip plus its text count: what is left when every plan
 * is free.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type KyselyPlugin } from "kysely";
import { openDatabase, type Db } from "../api/db/index.ts";
import { migrateToLatest } from "../api/db/migrate.ts";
import { clearSearchCache, facetColumns, searchAcervos, searchFacets, tsQuery, type SearchOrder, type SelectedFilters } from "../api/search/index.ts";
import { backendCpuMs, localPostmaster } from "./realistic-search.ts";

const TITLES = Number(process.env.BENCH_TITLES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SEED = Number(process.env.BENCH_SEED ?? 27);

const dir = process.env.BENCH_DB_DIR ? path.resolve(process.env.BENCH_DB_DIR, `realistic-${TITLES}-${SEED}`) : null;
const databaseUrl = process.env.DATABASE_URL ?? "";
if (!dir || !fs.existsSync(path.join(dir, "shape.json")) || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.log("postgres-floor: needs a kept realistic catalogue (BENCH_DB_DIR) and DATABASE_URL=postgres://… holding the same titles.");
  process.exit(0);
}
const shape = JSON.parse(fs.readFileSync(path.join(dir, "shape.json"), "utf8")) as { queries: Array<{ rank: number; word: string; titles: number }> };
const lite = openDatabase({ dataDir: path.join(dir, "db") });
await migrateToLatest(lite);
/** Statements sent through the PostgreSQL handle, counted by a plugin that sees every query Kysely runs. */
let statements = 0;
const counter: KyselyPlugin = {
  transformQuery: (args) => {
    statements++;
    return args.node;
  },
  transformResult: async (args) => args.result,
};
const pgBase = openDatabase({ databaseUrl, dataDir: os.tmpdir() });
await migrateToLatest(pgBase);
const pg: Db = pgBase.withPlugin(counter);
const server = await localPostmaster(pg);
if (!server) {
  console.log("postgres-floor: the PostgreSQL server is not on this machine; its CPU cannot be read.");
  process.exit(0);
}

/** CPU ms of `f`: this process's, plus the PostgreSQL backends' when `withServer`. */
const cpu = async (f: () => Promise<unknown>, withServer: boolean) => {
  const s0 = withServer ? backendCpuMs(server.pid, server.dbName) : 0;
  const c = process.cpuUsage();
  await f();
  const u = process.cpuUsage(c);
  return (u.user + u.system) / 1000 + (withServer ? backendCpuMs(server.pid, server.dbName) - s0 : 0);
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)];
};
const f2 = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
/** BENCH_FILTERS: the filters of every search and its facets, as JSON (`{"B":["1"]}`: one library). */
const filtros = process.env.BENCH_FILTERS ? (JSON.parse(process.env.BENCH_FILTERS) as SelectedFilters) : undefined;
/** BENCH_ORDER: the search's order (`C`, relevance, by default). */
const ordenacao = (process.env.BENCH_ORDER ?? "C") as SearchOrder;
const page = (db: Db, word: string) =>
  searchAcervos(db, { termos: [{ termo: word, tipo: "livre" }], pagina: 1, qtd: 20, ordenacao, lingua: "pt", filtros });
const facets = (db: Db, word: string) => searchFacets(db, { termos: [{ termo: word, tipo: "livre" }], filtros }, "pt");
for (const db of [pg, lite]) while (!(await facetColumns(db))) await new Promise((r) => setTimeout(r, 200));

const rows = shape.queries.map((q) => ({
  ...q,
  trip: [] as number[],
  count: [] as number[],
  pgPage: [] as number[],
  litePage: [] as number[],
  pgFacets: [] as number[],
  liteFacets: [] as number[],
  n: 0,
  sent: 0,
}));
for (let round = -2; round < RUNS; round++)
  for (const r of rows) {
    const q = tsQuery([r.word], "livre");
    const trip = await cpu(() => sql`SELECT 1`.execute(pg), true);
    const count = await cpu(
      async () =>
        (r.n = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM busca_texto_ids(to_tsquery('simple', ${q}))`.execute(pg)).rows[0].n)),
      true,
    );
    clearSearchCache(pg);
    const before = statements;
    const pgPage = await cpu(() => page(pg, r.word), true);
    r.sent = statements - before;
    const pgFacets = await cpu(() => facets(pg, r.word), true);
    clearSearchCache(lite);
    const litePage = await cpu(() => page(lite, r.word), false);
    const liteFacets = await cpu(() => facets(lite, r.word), false);
    if (round < 0) continue;
    r.pgFacets.push(pgFacets);
    r.liteFacets.push(liteFacets);
    r.trip.push(trip);
    r.count.push(count);
    r.pgPage.push(pgPage);
    r.litePage.push(litePage);
  }

const version = (await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(pg)).rows[0].v;
console.log(
  `\nPostgreSQL ${version} floor at ${TITLES.toLocaleString("en")} titles${filtros ? `, filters ${JSON.stringify(filtros)}` : ""}, order ${ordenacao}, CPU ms p50 / p95 (PostgreSQL: this process plus the backends), ${RUNS} rounds; load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" / ")} on ${os.availableParallelism()} cores.\n`,
);
console.log(
  "| word (rank) | matches | statements per search | one round trip | text count alone | floor (statements × trip + count) | PostgreSQL search | SQLite search | floor / SQLite | search / SQLite | PostgreSQL facets | SQLite facets | PostgreSQL search + facets | SQLite search + facets | search + facets, PostgreSQL / SQLite |",
);
console.log("|---|---:|---:|---|---|---:|---|---|---:|---:|---|---|---|---|---:|");
for (const r of rows) {
  const pair = (xs: number[]) => `${f2(pct(xs, 50))} / ${f2(pct(xs, 95))}`;
  const sum = (a: number[], b: number[]) => a.map((x, i) => x + b[i]);
  const floor = r.sent * pct(r.trip, 50) + pct(r.count, 50);
  const lite50 = pct(r.litePage, 50);
  console.log(
    `| \`${r.word}\` (${r.rank.toLocaleString("en")}) | ${r.n.toLocaleString("en")} | ${r.sent} | ${f2(pct(r.trip, 50))} / ${f2(pct(r.trip, 95))} | ${f2(pct(r.count, 50))} / ${f2(pct(r.count, 95))} | ${f2(floor)} | ${f2(pct(r.pgPage, 50))} / ${f2(pct(r.pgPage, 95))} | ${f2(lite50)} / ${f2(pct(r.litePage, 95))} | ${(floor / lite50).toFixed(1)}× | ${(pct(r.pgPage, 50) / lite50).toFixed(1)}× | ${pair(r.pgFacets)} | ${pair(r.liteFacets)} | ${pair(sum(r.pgPage, r.pgFacets))} | ${pair(sum(r.litePage, r.liteFacets))} | ${(pct(sum(r.pgPage, r.pgFacets), 50) / pct(sum(r.litePage, r.liteFacets), 50)).toFixed(1)}× |`,
  );
}
await pgBase.destroy();
await lite.destroy();
