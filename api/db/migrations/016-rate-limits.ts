import type { Kysely } from "kysely";

/**
 * Rate-limit counters (ADR 111): one row per limited key, e.g. login attempts per username `u:<name>` (whether
 * or not the account exists, so the lock reveals nothing) and per address `ip:<address>`, basket e-mails per
 * patron and per address. Each event increments its row in one atomic upsert before the work is done, so
 * parallel requests cannot all read "not over the limit yet".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("contador_limite")
    .addColumn("chave", "text", (c) => c.primaryKey())
    .addColumn("contagem", "integer", (c) => c.notNull())
    // Start of the counting window (ISO-8601): attempts older than the window no longer count.
    .addColumn("inicio", "text", (c) => c.notNull())
    .addColumn("bloqueado_ate", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contador_limite").ifExists().execute();
}
