import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * Password recovery codes (ADR 130): one row per code sent, only its scrypt hash stored. A code lives until
 * it expires, is used, reaches the wrong-try limit, or a newer code for the same login replaces it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
  await db.schema
    .createTable("recuperacao_senha")
    .addColumn("id", "integer", pk)
    .addColumn("cod_login", "integer", (c) => c.notNull().references("login.cod_login"))
    .addColumn("codigo_hash", "text", (c) => c.notNull())
    .addColumn("codigo_salt", "text", (c) => c.notNull())
    .addColumn("tentativas", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "text", (c) => c.notNull())
    // Set when the code is used, replaced by a newer one, or worn out by wrong tries.
    .addColumn("encerrado_em", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex("recuperacao_senha_login").on("recuperacao_senha").columns(["cod_login", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("recuperacao_senha").ifExists().execute();
}
