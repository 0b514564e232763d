import type { Kysely } from "kysely";

/**
 * A secret per token family, kept on its refresh tokens (ADR 116): a refresh token's successor pair is derived
 * from it and the presented token, so refreshing the same token twice (two workers, a response whose Set-Cookie
 * was lost) gives the same pair instead of a second one. Families issued before have none and rotate as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("oauth_token").addColumn("segredo", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("oauth_token").dropColumn("segredo").execute();
}
