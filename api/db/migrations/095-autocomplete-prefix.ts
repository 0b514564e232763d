import { sql, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * The search box's autocomplete (issue 28) reads the browse headings that start with what was typed. SQLite
 * compares text by its bytes, so the primary key (indice, chave, cod_acervo) answers that range already. A
 * PostgreSQL database orders text by its locale, where a prefix is no range: this index in byte order
 * (`text_pattern_ops`) answers `chave LIKE 'prefix%'`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`CREATE INDEX IF NOT EXISTS indice_entrada_prefixo ON indice_entrada (indice, chave text_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`DROP INDEX IF EXISTS indice_entrada_prefixo`.execute(db);
}
