import crypto from "node:crypto";
import type { Kysely } from "kysely";

/**
 * The calendar feed's token stored as its SHA-256 only (ADR 123), like the API's access tokens: a copy of the
 * database no longer hands out every patron's feed. Existing feeds keep working: their tokens are hashed in place.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("calendario_feed").renameColumn("token", "token_hash").execute();
  const rows = (await db.selectFrom("calendario_feed").select(["cod_pessoa", "token_hash"]).execute()) as Array<{
    cod_pessoa: number;
    token_hash: string;
  }>;
  for (const r of rows) {
    const hash = crypto.createHash("sha256").update(r.token_hash).digest("hex");
    await db.updateTable("calendario_feed").set({ token_hash: hash }).where("cod_pessoa", "=", r.cod_pessoa).execute();
  }
}

/** A hash cannot be turned back into its token: going down ends every feed (patrons create a new one). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("calendario_feed").execute();
  await db.schema.alterTable("calendario_feed").renameColumn("token_hash", "token").execute();
}
