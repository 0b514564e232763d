import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * The waiting list (ADR 094): patrons waiting for a title that can be neither requested nor held. One
 * waiting entry per patron and title (a partial unique index, so a double submit makes one entry); the
 * position is the order of arrival among the waiting entries, so nothing needs renumbering.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
  await db.schema
    .createTable("lista_espera")
    .addColumn("id", "integer", pk)
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo").onDelete("cascade"))
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    // aguardando (waiting) | avisado (alerted: a copy can be requested or held) | cancelado
    .addColumn("situacao", "text", (c) => c.notNull().defaultTo("aguardando"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema
    .createIndex("lista_espera_pessoa_titulo")
    .on("lista_espera")
    .columns(["cod_acervo", "cod_pessoa"])
    .unique()
    .where(sql<boolean>`situacao = 'aguardando'`)
    .execute();
  await db.schema.createIndex("lista_espera_pessoa").on("lista_espera").columns(["cod_pessoa", "situacao"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lista_espera").ifExists().execute();
}
