import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * The patron's self-service beyond placing requests (ADR 125):
 * - a hold can be suspended until a date (it keeps its place and is skipped while suspended) and is
 *   "in transit" once a copy is on its way to the pickup library (then its library can no longer change);
 * - a loan request can be cancelled while waiting (its cancel date is kept);
 * - GRU payment slips issued for a patron's debits, with the PIX code of the same amount;
 * - the patron's saved searches.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
  const ts = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`);

  await db.schema.alterTable("reserva").addColumn("suspensa_ate", "text").execute();
  await db.schema.alterTable("reserva").addColumn("data_transito", "text").execute();
  await db.schema.alterTable("solicitacao_emprestimo").addColumn("data_cancelamento", "text").execute();

  await db.schema
    .createTable("gru")
    .addColumn("cod_gru", "integer", pk)
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("cod_biblioteca", "integer", (c) => c.notNull().references("biblioteca.cod_biblioteca"))
    .addColumn("valor", "numeric", (c) => c.notNull())
    // JSON array of the cod_debito the slip pays.
    .addColumn("debitos", "text", (c) => c.notNull())
    .addColumn("numero_referencia", "text", (c) => c.notNull().unique())
    .addColumn("vencimento", "text", (c) => c.notNull())
    .addColumn("pix", "text", (c) => c.notNull())
    // emitida | paga
    .addColumn("situacao", "text", (c) => c.notNull().defaultTo("emitida"))
    .addColumn("data_pagamento", "text")
    .addColumn("created_at", "text", ts)
    .execute();
  await db.schema.createIndex("gru_pessoa").on("gru").columns(["cod_pessoa", "situacao"]).execute();

  await db.schema
    .createTable("pesquisa_salva")
    .addColumn("id", "integer", pk)
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("nome", "text", (c) => c.notNull())
    // The catalogue search's query string (ADR 040), without the leading "?".
    .addColumn("consulta", "text", (c) => c.notNull())
    .addColumn("created_at", "text", ts)
    .execute();
  // Saving the same search twice (a double submit) keeps one.
  await db.schema.createIndex("pesquisa_salva_unica").on("pesquisa_salva").columns(["cod_pessoa", "consulta"]).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("pesquisa_salva").ifExists().execute();
  await db.schema.dropTable("gru").ifExists().execute();
  await db.schema.alterTable("solicitacao_emprestimo").dropColumn("data_cancelamento").execute();
  await db.schema.alterTable("reserva").dropColumn("data_transito").execute();
  await db.schema.alterTable("reserva").dropColumn("suspensa_ate").execute();
}
