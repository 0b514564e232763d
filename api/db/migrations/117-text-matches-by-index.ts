import { sql, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * PostgreSQL: the titles whose text matches a query, always read through the text index (ADR 278). The planner
 * prices `@@` like an integer comparison, so for a word in a fifth of the catalogue it chose to test every row's
 * tsvector (50–64 ms at 100,000 titles) over the GIN index and the matching rows (17–18 ms). The function's own
 * `enable_seqscan = off` applies to its one statement only; a function with a SET clause is never inlined, so the
 * setting cannot leak into the query that calls it. SQLite's FTS5 always reads its index: nothing to do there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`CREATE OR REPLACE FUNCTION busca_texto_ids(q tsquery) RETURNS SETOF integer
            LANGUAGE sql STABLE STRICT PARALLEL SAFE ROWS 5000
            SET enable_seqscan = off
            AS $$ SELECT cod_acervo FROM acervo_busca WHERE documento @@ q $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`DROP FUNCTION IF EXISTS busca_texto_ids(tsquery)`.execute(db);
}
