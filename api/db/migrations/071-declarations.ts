import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * No-debts declarations and absences (spec §4, §7 "Pessoas", "nada-consta"; ADR 192). `nada_consta` keeps each
 * declaration as issued (the name, document and category it printed) under its public verification code; one per
 * patron, since issuing it ends the patron's link with the information unit (`pessoa.desvinculado_em`).
 * `afastamento` lists the periods a patron is away (leave, exchange), as the library records them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
  await db.schema
    .createTable("nada_consta")
    .addColumn("cod_declaracao", "integer", pk)
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().unique().references("pessoa.cod_pessoa"))
    .addColumn("codigo", "text", (c) => c.notNull().unique())
    .addColumn("nome_pessoa", "text", (c) => c.notNull())
    .addColumn("documento", "text")
    .addColumn("categoria", "text", (c) => c.notNull())
    .addColumn("emitida_em", "text", (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.alterTable("pessoa").addColumn("desvinculado_em", "text").execute();
  await db.schema
    .createTable("afastamento")
    .addColumn("cod_afastamento", "integer", pk)
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("motivo", "text", (c) => c.notNull())
    .addColumn("data_inicio", "text", (c) => c.notNull())
    .addColumn("data_fim", "text")
    .addColumn("observacao", "text")
    .execute();
  await db.schema.createIndex("afastamento_pessoa").on("afastamento").columns(["cod_pessoa", "data_inicio"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("afastamento").ifExists().execute();
  await db.schema.alterTable("pessoa").dropColumn("desvinculado_em").execute();
  await db.schema.dropTable("nada_consta").ifExists().execute();
}
