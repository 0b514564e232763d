import { sql, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * The catalogue search index (see api/search/indexer.ts). Its text columns hold pre-normalised tokens
 * (lower case, no accents, each word followed by its stems), computed in JS by reindexAcervos.
 * SQLite: an FTS5 table keyed by rowid = cod_acervo. PostgreSQL: a stored tsvector with a GIN index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await db.schema
      .createTable("acervo_busca")
      .addColumn("cod_acervo", "integer", (c) => c.primaryKey().references("acervo.cod_acervo").onDelete("cascade"))
      .addColumn("documento", sql`tsvector`, (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX acervo_busca_gin ON acervo_busca USING GIN (documento)`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE acervo_busca USING fts5(
    titulo, autor, assunto, outros,
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("acervo_busca").ifExists().execute();
}
