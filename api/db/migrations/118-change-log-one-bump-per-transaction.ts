import { sql, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * PostgreSQL: the change log's trigger (migration 077) moves the catalogue's version once per transaction instead of
 * once per written row (ADR 279). Every bump of the one row of `catalogo_versao` left a dead version of it that the
 * next bump in the same transaction walked past, so a transaction's cost grew with the square of its rows: a batch
 * of 1,000 imported records (about 9,000 rows with their copies and facet links) spent most of its time there. The
 * first row a transaction logs bumps the version and keeps it in a transaction-local setting; the others reuse it.
 * The titles logged and the version readers see at commit are the same; only the version's gaps are fewer. SQLite
 * has no row versions: its triggers stay.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`CREATE OR REPLACE FUNCTION acervo_mudou() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE s bigint; x text := txid_current()::text; v text := current_setting('estante.mudanca', true);
      BEGIN
        IF v LIKE x || ':%' THEN
          s := split_part(v, ':', 2)::bigint;
        ELSE
          UPDATE catalogo_versao SET seq = seq + 1 WHERE id = 1 RETURNING seq INTO s;
          PERFORM set_config('estante.mudanca', x || ':' || s, true);
        END IF;
        IF TG_OP <> 'INSERT' THEN
          INSERT INTO acervo_mudanca (cod_acervo, seq) VALUES (OLD.cod_acervo, s) ON CONFLICT (cod_acervo) DO UPDATE SET seq = excluded.seq;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO acervo_mudanca (cod_acervo, seq) VALUES (NEW.cod_acervo, s) ON CONFLICT (cod_acervo) DO UPDATE SET seq = excluded.seq;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`CREATE OR REPLACE FUNCTION acervo_mudou() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE s bigint;
      BEGIN
        UPDATE catalogo_versao SET seq = seq + 1 WHERE id = 1 RETURNING seq INTO s;
        IF TG_OP <> 'INSERT' THEN
          INSERT INTO acervo_mudanca (cod_acervo, seq) VALUES (OLD.cod_acervo, s) ON CONFLICT (cod_acervo) DO UPDATE SET seq = excluded.seq;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO acervo_mudanca (cod_acervo, seq) VALUES (NEW.cod_acervo, s) ON CONFLICT (cod_acervo) DO UPDATE SET seq = excluded.seq;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
}
