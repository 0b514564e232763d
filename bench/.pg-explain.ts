import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { searchFacets, parseFilters, type SearchParams } from "../api/search/index.ts";
const pool = new pg.Pool({ connectionString: process.env.URL, options: "-c jit=off" });
const slow: string[] = [];
let worst: { ms: number; sql: string; params: readonly unknown[] } | null = null;
const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }), log: (e) => { if (!worst || e.queryDurationMillis > worst.ms) worst = { ms: e.queryDurationMillis, sql: e.query.sql, params: e.query.parameters }; if (e.queryDurationMillis > 50) slow.push(`${e.queryDurationMillis.toFixed(0)} ms ${e.query.sql.replace(/\s+/g, " ").slice(0, 90)}`); } });
const q = new URLSearchParams(process.argv[2]);
const p: SearchParams = { termos: [{ termo: q.get("termo")!, tipo: "livre" }], pagina: 1, qtd: 20, ordenacao: "C", filtros: parseFilters(q.getAll("filtro")).selected };
const t0 = performance.now();
await searchFacets(db as any, p, "pt");
console.log("facets", (performance.now() - t0).toFixed(0));
console.log(slow.join("\n"));
if (process.env.EXPLAIN && worst) {
  const w = worst as { sql: string; params: unknown[] };
  const r = await pool.query("EXPLAIN (ANALYZE, BUFFERS) " + w.sql, w.params as any[]);
  console.log(r.rows.map((x: any) => x["QUERY PLAN"]).join("\n"));
}
await pool.end();
