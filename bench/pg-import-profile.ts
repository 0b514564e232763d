/**
 * Where a PostgreSQL import's time goes: imports a MARC file into the database of DATABASE_URL (migrated first)
 * and prints the statements by total time (as the client sees them: round trip included), then the wall time.
 * Usage: DATABASE_URL=postgres://… [BULK=1] npx tsx bench/pg-import-profile.ts file.mrc
 */
import pg from "pg";
import { Kysely, PostgresDialect } from "kysely";
import { migrateToLatest } from "../api/db/migrate.ts";
import { importFiles } from "../api/marc/import.ts";
import { seedInstitution } from "../api/seed/institution.ts";
import type { DB } from "../api/db/types.ts";

pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
const stats = new Map<string, { n: number; ms: number }>();
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: "-c jit=off -c random_page_cost=1.1" });
const db = new Kysely<DB>({
  dialect: new PostgresDialect({ pool }),
  log: (e) => {
    const key = e.query.sql
      .replace(/\$\d+/g, "?")
      .replace(/(\(\?(, \?)*\))(, \(\?(, \?)*\))+/g, "$1, …")
      .replace(/\s+/g, " ")
      .slice(0, 160);
    const s = stats.get(key) ?? { n: 0, ms: 0 };
    s.n++;
    s.ms += e.queryDurationMillis;
    stats.set(key, s);
  },
});
await migrateToLatest(db);
await seedInstitution(db);
stats.clear();
const t0 = performance.now();
const summary = await importFiles(db, process.argv.slice(2), { bulk: process.env.BULK === "1" });
const wall = performance.now() - t0;
const top = [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
let sum = 0;
for (const [, s] of stats) sum += s.ms;
for (const [k, s] of top) console.log(`${(s.ms / 1000).toFixed(2).padStart(8)} s ${String(s.n).padStart(7)}×  ${k}`);
console.log(
  `statements ${(sum / 1000).toFixed(1)} s of ${(wall / 1000).toFixed(1)} s wall; ${summary.imported} imported, ${summary.read} read, ${summary.skipped} skipped`,
);
if (summary.errors.length) console.log(summary.errors.slice(0, 3));
console.log(`${Math.round(summary.read / (wall / 1000))} records/s`);
await db.destroy();
