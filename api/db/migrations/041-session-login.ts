import type { Kysely } from "kysely";

/**
 * The login a session works under (spec §4 "several logins", ADR 172): one row per token family, set by the
 * password grant to the login typed and changed by `PUT /pessoas/troca-login`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sessao_login")
    .addColumn("familia", "text", (c) => c.primaryKey())
    .addColumn("cod_login", "integer", (c) => c.notNull().references("login.cod_login"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sessao_login").ifExists().execute();
}
