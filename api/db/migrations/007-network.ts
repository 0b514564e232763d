import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * The network (OAI) catalogue (ADR 063): a store of its own, apart from the home catalogue, as a union
 * catalogue harvested from the member institutions. `rede_instituicao` lists the members;
 * `rede_registro` holds one row per harvested record (the home institution's titles included, as member 1);
 * `rede_busca` is its full-text index, built like `acervo_busca` (migration 002): FTS5 on SQLite,
 * a weighted tsvector with a GIN index on PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());

  await db.schema
    .createTable("rede_instituicao")
    .addColumn("cod_instituicao", "integer", (c) => c.primaryKey())
    .addColumn("sigla", "text", (c) => c.notNull())
    .addColumn("nome", "text", (c) => c.notNull())
    .addColumn("cidade", "text")
    // The OAI-PMH repository identifier (the middle part of `oai:<repositorio>:<local id>`).
    .addColumn("repositorio_oai", "text", (c) => c.notNull().unique())
    // The member's own public catalogue; a record's page there is `<url_catalogo>/acervo/<cod_origem>`.
    .addColumn("url_catalogo", "text", (c) => c.notNull())
    // 1 for the institution running this API: its records link to this portal's own title pages.
    .addColumn("local", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("rede_registro")
    .addColumn("cod_registro", "integer", pk)
    .addColumn("cod_instituicao", "integer", (c) => c.notNull().references("rede_instituicao.cod_instituicao").onDelete("cascade"))
    .addColumn("identificador_oai", "text", (c) => c.notNull().unique())
    // The record's id in its home catalogue.
    .addColumn("cod_origem", "text", (c) => c.notNull())
    .addColumn("cod_tipo_obra", "integer")
    .addColumn("titulo", "text", (c) => c.notNull())
    .addColumn("subtitulo", "text")
    .addColumn("autor", "text")
    .addColumn("autores_secundarios", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("editora", "text")
    .addColumn("local_publicacao", "text")
    .addColumn("ano_publicacao", "integer")
    .addColumn("edicao", "text")
    .addColumn("descricao_fisica", "text")
    .addColumn("classificacao", "text")
    .addColumn("idioma", "text")
    .addColumn("isbn", "text")
    .addColumn("issn", "text")
    .addColumn("serie", "text")
    .addColumn("assuntos", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("notas", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("link_online", "text")
    .addColumn("datestamp", "text", (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex("rede_registro_instituicao").on("rede_registro").columns(["cod_instituicao", "cod_origem"]).unique().execute();

  if (pg) {
    await db.schema
      .createTable("rede_busca")
      .addColumn("cod_registro", "integer", (c) => c.primaryKey().references("rede_registro.cod_registro").onDelete("cascade"))
      .addColumn("documento", sql`tsvector`, (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX rede_busca_gin ON rede_busca USING GIN (documento)`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE rede_busca USING fts5(
    titulo, autor, assunto, outros,
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rede_busca").ifExists().execute();
  await db.schema.dropTable("rede_registro").ifExists().execute();
  await db.schema.dropTable("rede_instituicao").ifExists().execute();
}
