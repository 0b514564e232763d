import type { Kysely } from "kysely";

/**
 * Captcha challenges already used (ADR 170): a solved challenge is accepted once. Rows are kept until the
 * challenge would have expired anyway, then pruned.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("captcha_usado")
    // SHA-256 of the challenge's signature: unique per challenge.
    .addColumn("assinatura_hash", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("captcha_usado").ifExists().execute();
}
