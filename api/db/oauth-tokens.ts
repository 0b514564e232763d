/** Storage of OAuth access and refresh tokens (table `oauth_token`, ADR 030, 116): only each token's hash is kept. */
import type { Db } from "./index.ts";
import { prepared } from "./prepared.ts";

/** A token row to store; times are ISO strings. */
export interface TokenRow {
  token_hash: string;
  tipo: "access" | "refresh";
  client_id: string;
  cod_pessoa: number | null;
  familia: string;
  expires_at: string;
  created_at: string;
  segredo: string | null;
}

/** Stores a token by its hash; a token already stored (the same derived successor, written twice) is kept as it is. */
export async function insertToken(db: Db, row: TokenRow): Promise<void> {
  await db
    .insertInto("oauth_token")
    .values(row)
    .onConflict((oc) => oc.column("token_hash").doNothing())
    .execute();
}

/** Forgets the tokens that expired before `before` (ISO). */
export async function deleteTokensExpiredBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom("oauth_token").where("expires_at", "<", before).execute();
}

/** Revokes (at `at`, ISO) every live token of one family. */
export async function revokeTokenFamily(db: Db, familia: string, at: string): Promise<void> {
  await db.updateTable("oauth_token").set({ revoked_at: at }).where("familia", "=", familia).where("revoked_at", "is", null).execute();
}

/** A refresh token's row by its hash, or undefined. */
export async function refreshTokenByHash(db: Db, hash: string) {
  return db.selectFrom("oauth_token").selectAll().where("token_hash", "=", hash).where("tipo", "=", "refresh").executeTakeFirst();
}

/** Marks a token rotated at `at` (ISO) unless it already is; true when this call marked it. */
export async function markTokenRotated(db: Db, hash: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable("oauth_token")
    .set({ rotated_at: at })
    .where("token_hash", "=", hash)
    .where("rotated_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** When a token was rotated and revoked (null when not), or undefined for an unknown hash. */
export async function tokenRotationState(db: Db, hash: string) {
  return db.selectFrom("oauth_token").select(["rotated_at", "revoked_at"]).where("token_hash", "=", hash).executeTakeFirst();
}

/** Sets a live token's expiry to `expiresAt` (ISO). */
export async function extendLiveToken(db: Db, hash: string, expiresAt: string): Promise<void> {
  await db.updateTable("oauth_token").set({ expires_at: expiresAt }).where("token_hash", "=", hash).where("revoked_at", "is", null).execute();
}

/** An access token by its hash: every `/api` call reads it (built and compiled once, ADR 210). */
const ACCESS_TOKEN = prepared((db, p: { hash: string }) =>
  db
    .selectFrom("oauth_token")
    .select(["cod_pessoa", "client_id", "familia", "expires_at", "revoked_at"])
    .where("token_hash", "=", p.hash)
    .where("tipo", "=", "access"),
);

/** An access token's owner, expiry and revocation by its hash, or undefined. */
export async function accessTokenByHash(db: Db, hash: string) {
  return ACCESS_TOKEN.first(db, { hash });
}

/** A token's family and client by its hash (access or refresh), or undefined. */
export async function tokenFamilyByHash(db: Db, hash: string) {
  return db.selectFrom("oauth_token").select(["familia", "client_id"]).where("token_hash", "=", hash).executeTakeFirst();
}

/**
 * Revokes (at `at`, ISO) every live token of a patron, but those of `keepFamilia` when it is given. Returns how
 * many were revoked.
 */
export async function revokePatronTokens(db: Db, codPessoa: number, at: string, keepFamilia?: string): Promise<number> {
  let q = db.updateTable("oauth_token").set({ revoked_at: at }).where("cod_pessoa", "=", codPessoa);
  if (keepFamilia !== undefined) q = q.where("familia", "<>", keepFamilia);
  const res = await q.where("revoked_at", "is", null).executeTakeFirst();
  return Number(res.numUpdatedRows);
}
