import type { Kysely } from "kysely";

/**
 * Login throttling counters (ADR 111): one row per throttled key, `u:<username>` (whether or not the account
 * exists, so the lock reveals nothing) and `ip:<address>`. Each attempt increments the row in one atomic
 * upsert before the password is checked, so parallel guesses cannot all read "not locked yet".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tentativa_login")
    .addColumn("chave", "text", (c) => c.primaryKey())
    .addColumn("tentativas", "integer", (c) => c.notNull())
    // Start of the counting window (ISO-8601): attempts older than the window no longer count.
    .addColumn("inicio", "text", (c) => c.notNull())
    .addColumn("bloqueado_ate", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tentativa_login").ifExists().execute();
}
