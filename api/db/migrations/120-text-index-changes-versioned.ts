import { sql, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * PostgreSQL: a write of the text index (`acervo_busca`) moves the catalogue's version (`catalogo_versao.seq`,
 * migration 077) once per transaction, as the change log's own trigger does since migration 118 (ADR 282). The
 * search keeps a query's pass over its matches under that version, so that the results page's facets call reuses
 * the search call's pass (a second pass of the text index cost as much as the first: 252 of 523 ms for a word in a
 * quarter of a million titles); another process's write must be seen there. A title's own row is not logged: its
 * facet data did not change. A statement trigger, so a whole rebuild (`DELETE FROM acervo_busca`) moves it once.
 * SQLite needs none: its pass cache reads `PRAGMA data_version`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`CREATE OR REPLACE FUNCTION acervo_busca_versao() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE x text := txid_current()::text; v text := current_setting('estante.mudanca', true); s bigint;
      BEGIN
        IF v IS NULL OR v NOT LIKE x || ':%' THEN
          UPDATE catalogo_versao SET seq = seq + 1 WHERE id = 1 RETURNING seq INTO s;
          PERFORM set_config('estante.mudanca', x || ':' || s, true);
        END IF;
        RETURN NULL;
      END $$`.execute(db);
  await sql`CREATE TRIGGER acervo_busca_versao AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON acervo_busca
            FOR EACH STATEMENT EXECUTE FUNCTION acervo_busca_versao()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`DROP TRIGGER IF EXISTS acervo_busca_versao ON acervo_busca`.execute(db);
  await sql`DROP FUNCTION IF EXISTS acervo_busca_versao()`.execute(db);
}
