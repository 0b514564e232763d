import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * A patron's request to change their e-mail address (ADR 236): the new address waits here until the link sent to
 * it is followed. The link's token is stored as its SHA-256 only (`token_hash`, unique), as the API's access
 * tokens are; `expira_em` and `usado_em` are ISO-8601 texts, and a row with `usado_em` set is spent (confirmed,
 * replaced by a newer request or cancelled: `situacao` says which).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pk = (c: ColumnDefinitionBuilder) => (dialectOf(db) === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
  await db.schema
    .createTable("alteracao_email")
    .addColumn("id", "integer", pk)
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa").onDelete("cascade"))
    .addColumn("email_novo", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expira_em", "text", (c) => c.notNull())
    .addColumn("usado_em", "text")
    .addColumn("situacao", "text", (c) => c.notNull().defaultTo("pendente"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("alteracao_email_pessoa").on("alteracao_email").columns(["cod_pessoa", "usado_em"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("alteracao_email").execute();
}
