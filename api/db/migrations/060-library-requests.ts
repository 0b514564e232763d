import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * Requests to the library (spec §3, §7 "Solicitacoes", ADR 190): interlibrary loan, bibliographic switching
 * (article, thesis, part of a document), bibliographic survey, catalogue card and specialised search, in one
 * table. `dados` holds the kind's fields (JSON), `chave_duplicidade` their normalised form for the duplicate
 * rule, `resposta` the library's answer (JSON; for a catalogue card, the classification the card prints).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
  await db.schema
    .createTable("solicitacao_biblioteca")
    .addColumn("cod_solicitacao", "integer", pk)
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("tipo", "text", (c) => c.notNull())
    .addColumn("subtipo", "text")
    .addColumn("dados", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("chave_duplicidade", "text", (c) => c.notNull())
    .addColumn("situacao", "text", (c) => c.notNull().defaultTo("aguardando"))
    .addColumn("resposta", "text")
    .addColumn("data_resposta", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex("solicitacao_biblioteca_pessoa").on("solicitacao_biblioteca").columns(["cod_pessoa", "tipo", "situacao"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("solicitacao_biblioteca").ifExists().execute();
}
