import crypto from "node:crypto";
import type { Db } from "../db/index.ts";
import { deleteFeed } from "../db/calendar-feed.ts";
import {
  accessTokenByHash,
  deleteTokensExpiredBefore,
  extendLiveToken,
  insertToken,
  markTokenRotated,
  refreshTokenByHash,
  revokePatronTokens,
  revokeTokenFamily,
  tokenFamilyByHash,
  tokenRotationState,
} from "../db/oauth-tokens.ts";
import type { AuthSettings } from "../lib/clock.ts";
import { randomToken, sha256 } from "../lib/password.ts";

/** The OAuth client id the portal uses (spec §7). */
export const PORTAL_CLIENT_ID = "4";

export interface PublicTokenResponse {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
}

export interface PatronTokenResponse extends PublicTokenResponse {
  refresh_token: string;
}

/** Who a valid access token speaks for: a patron, or nobody (the public client token). */
export interface TokenOwner {
  codPessoa: number | null;
  clientId: string;
  familia: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

interface StoredToken {
  tipo: "access" | "refresh";
  clientId: string;
  codPessoa: number | null;
  familia: string;
  expiresAt: number;
  now: number;
  segredo?: string | null;
}

/** Stores a token by its hash; a token already stored (the same derived successor, written twice) is kept as it is. */
async function store(db: Db, token: string, row: StoredToken) {
  await insertToken(db, {
    token_hash: sha256(token),
    tipo: row.tipo,
    client_id: row.clientId,
    cod_pessoa: row.codPessoa,
    familia: row.familia,
    expires_at: iso(row.expiresAt),
    created_at: iso(row.now),
    segredo: row.segredo ?? null,
  });
}

/**
 * The successor pair of a refresh token (ADR 116): HMAC of the presented token under its family's secret. Only
 * the holder of the token and the API together can make it, and the same token always gives the same pair.
 */
function successorsOf(segredo: string, refreshToken: string): { access: string; refresh: string } {
  const derive = (kind: string) => crypto.createHmac("sha256", segredo).update(`${kind}:${refreshToken}`).digest("base64url");
  return { access: derive("access"), refresh: derive("refresh") };
}

/** Issues the anonymous (client_credentials) access token. */
export async function issuePublicToken(db: Db, s: AuthSettings, clientId: string): Promise<PublicTokenResponse> {
  const now = s.now();
  const access = randomToken();
  await store(db, access, {
    tipo: "access",
    clientId,
    codPessoa: null,
    familia: crypto.randomUUID(),
    expiresAt: now + s.publicAccessSeconds * 1000,
    now,
  });
  return { access_token: access, token_type: "bearer", expires_in: s.publicAccessSeconds };
}

/** Issues a patron access + refresh pair, in a new token family unless `familia` is given. */
export async function issuePatronTokens(
  db: Db,
  s: AuthSettings,
  clientId: string,
  codPessoa: number,
  familia: string = crypto.randomUUID(),
  pair: { access: string; refresh: string; segredo: string | null } = { access: randomToken(), refresh: randomToken(), segredo: randomToken() },
): Promise<PatronTokenResponse> {
  const now = s.now();
  const { access, refresh } = pair;
  await store(db, access, { tipo: "access", clientId, codPessoa, familia, expiresAt: now + s.patronAccessSeconds * 1000, now });
  await store(db, refresh, { tipo: "refresh", clientId, codPessoa, familia, expiresAt: now + s.refreshSeconds * 1000, now, segredo: pair.segredo });
  // Housekeeping: forget tokens that expired more than a day ago.
  await deleteTokensExpiredBefore(db, iso(now - 86_400_000));
  return { access_token: access, refresh_token: refresh, token_type: "bearer", expires_in: s.patronAccessSeconds };
}

/** Revokes every token of one family: one login's session (logout, user swap). */
export async function revokeFamily(db: Db, familia: string, now: number) {
  await revokeTokenFamily(db, familia, iso(now));
}

/**
 * Refresh-token rotation (ADR 030, 116): the presented token is marked rotated and its successor pair is issued in
 * the same family. The successor is derived from the token, so presenting the same token again (a second worker,
 * parallel requests of one page, a response whose Set-Cookie never reached the browser) gives the same pair, for as
 * long as that successor has not been used itself. Once it has, the old token is stale: within the grace window
 * (parallel requests of one page) it still gets the pair; after it, its reuse is treated as theft and revokes the
 * whole family. Families without a secret (issued before migration 082) get a fresh pair within the window.
 * Null when the token cannot be rotated (unknown, revoked, expired, another client's, or stale past the window).
 */
export async function rotateRefreshToken(db: Db, s: AuthSettings, clientId: string, token: string): Promise<PatronTokenResponse | null> {
  const now = s.now();
  const hash = sha256(token);
  const row = await refreshTokenByHash(db, hash);
  if (!row || row.revoked_at || row.cod_pessoa == null || row.client_id !== clientId) return null;
  if (Date.parse(row.expires_at) <= now) return null;
  const codPessoa = row.cod_pessoa;
  const next = row.segredo ? { ...successorsOf(row.segredo, token), segredo: row.segredo } : null;
  const issue = () => issuePatronTokens(db, s, clientId, codPessoa, row.familia, next ?? undefined);

  if (!row.rotated_at) {
    // Conditional update: of two parallel rotations only one marks it; both issue the same derived pair.
    if (await markTokenRotated(db, hash, iso(now))) return issue();
    const again = await tokenRotationState(db, hash);
    if (!again?.rotated_at || again.revoked_at) return null;
    row.rotated_at = again.rotated_at;
  }
  if (next) {
    const successor = await tokenRotationState(db, sha256(next.refresh));
    if (successor?.revoked_at) return null;
    // The successor was never used: the client did not get it (or asks again in parallel). Same pair, and a live access token.
    if (successor && !successor.rotated_at) {
      await extendLiveToken(db, sha256(next.access), iso(now + s.patronAccessSeconds * 1000));
      return issue();
    }
  }
  if (now - Date.parse(row.rotated_at!) <= s.refreshGraceSeconds * 1000) return issue();
  await revokeFamily(db, row.familia, now);
  return null;
}

/** Resolves a bearer access token, or null when it is unknown, revoked or expired. */
export async function verifyAccessToken(db: Db, s: AuthSettings, token: string): Promise<TokenOwner | null> {
  const row = await accessTokenByHash(db, sha256(token));
  if (!row || row.revoked_at || Date.parse(row.expires_at) <= s.now()) return null;
  return { codPessoa: row.cod_pessoa, clientId: row.client_id, familia: row.familia };
}

/**
 * Ends every session of a patron: all their access and refresh tokens, in every family, are revoked at once.
 * Password change and recovery call it so that a stolen or forgotten session cannot outlive the old password; the
 * private calendar feed ends with them.
 * Returns how many tokens were revoked.
 */
export async function revokeAllSessions(db: Db, codPessoa: number, now: number = Date.now()): Promise<number> {
  await endCalendarFeed(db, codPessoa);
  return revokePatronTokens(db, codPessoa, iso(now));
}

/**
 * Ends one session (logout, RFC 7009): the family of the presented token, access and refresh alike, is revoked.
 * An unknown, foreign-client or already revoked token is not an error (the RFC answers 200 either way), so the
 * answer never tells a caller whether a token existed.
 */
export async function revokeSession(db: Db, clientId: string, token: string, now: number = Date.now()): Promise<void> {
  const row = await tokenFamilyByHash(db, sha256(token));
  if (!row || row.client_id !== clientId) return;
  await revokeFamily(db, row.familia, now);
}

/** Revokes every live access and refresh token of a patron (password reset: all their sessions end). */
export async function revokeAllPatronTokens(db: Db, codPessoa: number, now: number): Promise<void> {
  await revokeAllSessions(db, codPessoa, now);
}

/**
 * The private calendar feed is a standing credential to the patron's loans (ADR 123): it ends with the sessions a
 * password change or recovery ends, and the patron makes a new one if they still want it.
 */
async function endCalendarFeed(db: Db, codPessoa: number): Promise<void> {
  await deleteFeed(db, codPessoa);
}

/** Ends a patron's other sessions (password change): every token outside the family of the session making the change. */
export async function revokeOtherSessions(db: Db, codPessoa: number, keepFamilia: string, now: number): Promise<number> {
  await endCalendarFeed(db, codPessoa);
  return revokePatronTokens(db, codPessoa, iso(now), keepFamilia);
}
