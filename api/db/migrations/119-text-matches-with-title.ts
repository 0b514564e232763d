import { sql, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * PostgreSQL: the titles whose text matches a query, each with whether its title field matches a second query
 * (the relevance's title tier), in one pass of the text index (ADR 279's successor, see ADR 281). A relevance search
 * read the index twice, once for every match and once for the title tier; testing the title query on each match's
 * tsvector, already read for the first, costs a few milliseconds where the second pass cost 17–37 (a broad word at
 * 100,000 titles). Read through the index like `busca_texto_ids` (migration 117).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`CREATE OR REPLACE FUNCTION busca_texto_titulo(q tsquery, t tsquery) RETURNS TABLE (cod_acervo integer, no_titulo boolean)
            LANGUAGE sql STABLE STRICT PARALLEL SAFE ROWS 5000
            SET enable_seqscan = off
            AS $$ SELECT b.cod_acervo, b.documento @@ t FROM acervo_busca b WHERE b.documento @@ q $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`DROP FUNCTION IF EXISTS busca_texto_titulo(tsquery, tsquery)`.execute(db);
}
