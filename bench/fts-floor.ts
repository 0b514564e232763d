/**
 * What SQLite's FTS5 alone costs for a query's matches, beside the whole search (issue 27, ADR 268): the floor an
 * FTS5-based search cannot go under, to set beside Lucene's CPU per query from `bench/realistic-search.ts`.
 * Not part of `npm test`. Reads a catalogue kept by the realistic bench:
 *   BENCH_DB_DIR=<dir> BENCH_TITLES=<n> npx tsx bench/realistic-search.ts   (builds and keeps it)
 *   BENCH_DB_DIR=<dir> BENCH_TITLES=<n> npx tsx bench/fts-floor.ts
 * For each query word of the catalogue's shape (frequency ranks 4 to 10,000), CPU ms p50 / p95 over BENCH_RUNS
 * (20) interleaved rounds of:
 *   - the count of the one folded word's matches (`count(*)` of a one-token MATCH): the least an exact count costs;
 *   - the count with the word's alternatives as the search asks them (its stems in five languages, the prefix);
 *   - those matches' row ids read into JavaScript (what any ranking in the API must at least read);
 *   - the whole first page (`searchAcervos`, relevance, 20 titles, the text-pass cache emptied first).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "../api/db/index.ts";
import { migrateToLatest } from "../api/db/migrate.ts";
import { clearSearchCache, fold, fts5Query, searchAcervos } from "../api/search/index.ts";

const TITLES = Number(process.env.BENCH_TITLES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SEED = Number(process.env.BENCH_SEED ?? 27);

const dir = process.env.BENCH_DB_DIR ? path.resolve(process.env.BENCH_DB_DIR, `realistic-${TITLES}-${SEED}`) : null;
if (!dir || !fs.existsSync(path.join(dir, "shape.json"))) {
  console.log("fts-floor: no kept realistic catalogue; build one first with BENCH_DB_DIR and bench/realistic-search.ts.");
  process.exit(0);
}
const shape = JSON.parse(fs.readFileSync(path.join(dir, "shape.json"), "utf8")) as { queries: Array<{ rank: number; word: string; titles: number }> };
const db = openDatabase({ dataDir: path.join(dir, "db") });
await migrateToLatest(db);

const cpu = async (f: () => Promise<unknown>) => {
  const c = process.cpuUsage();
  await f();
  const u = process.cpuUsage(c);
  return (u.user + u.system) / 1000;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)];
};
const f2 = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));

const rows = shape.queries.map((q) => ({ ...q, one: [] as number[], alts: [] as number[], ids: [] as number[], page: [] as number[], n1: 0, n2: 0 }));
for (let round = -2; round < RUNS; round++)
  for (const r of rows) {
    const one = `"${fold(r.word)}"`;
    const alts = fts5Query([r.word], "livre");
    const count = (q: string) => sql<{ n: number }>`SELECT count(*) AS n FROM acervo_busca WHERE acervo_busca MATCH ${q}`.execute(db);
    const t1 = await cpu(async () => (r.n1 = Number((await count(one)).rows[0].n)));
    const t2 = await cpu(async () => (r.n2 = Number((await count(alts)).rows[0].n)));
    const t3 = await cpu(() => sql`SELECT rowid FROM acervo_busca WHERE acervo_busca MATCH ${alts}`.execute(db));
    clearSearchCache(db);
    const t4 = await cpu(() => searchAcervos(db, { termos: [{ termo: r.word, tipo: "livre" }], pagina: 1, qtd: 20, ordenacao: "C", lingua: "pt" }));
    if (round < 0) continue;
    r.one.push(t1);
    r.alts.push(t2);
    r.ids.push(t3);
    r.page.push(t4);
  }
console.log(
  `\nFTS5 floor at ${TITLES.toLocaleString("en")} titles, CPU ms p50 / p95, ${RUNS} rounds; load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" / ")} on ${os.availableParallelism()} cores.\n`,
);
console.log("| word (rank) | one-word matches | count, one word | with alternatives | count, alternatives | their ids read | first page |");
console.log("|---|---:|---|---:|---|---|---|");
for (const r of rows)
  console.log(
    `| \`${r.word}\` (${r.rank.toLocaleString("en")}) | ${r.n1.toLocaleString("en")} | ${f2(pct(r.one, 50))} / ${f2(pct(r.one, 95))} | ${r.n2.toLocaleString("en")} | ${f2(pct(r.alts, 50))} / ${f2(pct(r.alts, 95))} | ${f2(pct(r.ids, 50))} / ${f2(pct(r.ids, 95))} | ${f2(pct(r.page, 50))} / ${f2(pct(r.page, 95))} |`,
  );
await db.destroy();
