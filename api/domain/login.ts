import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import type { AuthSettings } from "../lib/clock.ts";
import { ApiError } from "../lib/errors.ts";
import { verifyPassword } from "../lib/password.ts";

const iso = (ms: number) => new Date(ms).toISOString();

/** The throttling key of a username: the same for every spelling the login accepts. */
const userKey = (username: string) => `u:${username.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Counts one attempt against `key` in a single atomic upsert and returns the count within the current window.
 * An expired window or an expired lock starts a fresh count. Because the increment happens before the password
 * is checked, N parallel guesses get the numbers 1..N: only the first `max` are ever checked (ADR 111).
 */
async function countAttempt(db: Db, key: string, now: number, windowMs: number): Promise<{ attempts: number; lockedUntil: string | null }> {
  const nowIso = iso(now);
  const fresh = sql<boolean>`(tentativa_login.inicio <= ${iso(now - windowMs)} OR (tentativa_login.bloqueado_ate IS NOT NULL AND tentativa_login.bloqueado_ate <= ${nowIso}))`;
  const row = await db
    .insertInto("tentativa_login")
    .values({ chave: key, tentativas: 1, inicio: nowIso, bloqueado_ate: null })
    .onConflict((oc) =>
      oc.column("chave").doUpdateSet({
        tentativas: sql<number>`CASE WHEN ${fresh} THEN 1 ELSE tentativa_login.tentativas + 1 END`,
        inicio: sql<string>`CASE WHEN ${fresh} THEN ${nowIso} ELSE tentativa_login.inicio END`,
        bloqueado_ate: sql<string | null>`CASE WHEN ${fresh} THEN NULL ELSE tentativa_login.bloqueado_ate END`,
      }),
    )
    .returning(["tentativas", "bloqueado_ate"])
    .executeTakeFirstOrThrow();
  return { attempts: Number(row.tentativas), lockedUntil: row.bloqueado_ate };
}

async function lock(db: Db, key: string, until: number) {
  await db.updateTable("tentativa_login").set({ bloqueado_ate: iso(until) }).where("chave", "=", key).execute();
}

/** Opens a throttle: the key's count is over (or the lock still runs) → 429 before any password check. */
async function admit(db: Db, key: string, max: number, now: number, windowMs: number): Promise<number> {
  const { attempts, lockedUntil } = await countAttempt(db, key, now, windowMs);
  if ((lockedUntil && Date.parse(lockedUntil) > now) || attempts > max) throw new ApiError(429, "muitas_tentativas");
  return attempts;
}

/**
 * Forgets a username's failed attempts and lock (a successful login; a completed password recovery, so the
 * patron can sign in with the new password at once).
 */
export async function clearLoginLock(db: Db, username: string): Promise<void> {
  await db.deleteFrom("tentativa_login").where("chave", "=", userKey(username)).execute();
}

/**
 * Checks a username and password, throttled twice (ADR 111, docs/security.md):
 * - per username, whether or not the account exists (so the lock message reveals nothing): after
 *   `maxFailedLogins` failures within `lockMinutes`, the name is locked for `lockMinutes` (429);
 * - per client address, when the caller knows it: `maxFailedLoginsPerIp` failures within the same window lock
 *   that address (429) for every username.
 * A library block (pessoa.bloqueado) does NOT stop the login: the token is issued and `dados-usuario` answers
 * `bloqueio: true` (ADR 011); the API then refuses that patron's writes.
 */
export async function authenticate(
  db: Db,
  s: AuthSettings,
  username: string,
  password: string,
  clientIp?: string | null,
): Promise<{ codPessoa: number; codLogin: number }> {
  const now = s.now();
  const windowMs = s.lockMinutes * 60_000;
  const name = username.trim().toLowerCase();
  const user = userKey(name);
  const ip = clientIp ? ipKey(clientIp) : null;
  const ipAttempts = ip ? await admit(db, ip, s.maxFailedLoginsPerIp, now, windowMs) : 0;
  const userAttempts = await admit(db, user, s.maxFailedLogins, now, windowMs);

  const login = await db.selectFrom("login").select(["cod_login", "cod_pessoa", "senha_hash", "senha_salt"]).where("usuario", "=", name).executeTakeFirst();
  // An unknown name does the same work as a real check, so neither time nor answer reveals which names exist.
  const ok = login ? verifyPassword(password, login.senha_hash, login.senha_salt) : (verifyPassword(password, "00", "estante"), false);
  if (!login || !ok) {
    let locked = false;
    if (userAttempts >= s.maxFailedLogins) {
      await lock(db, user, now + windowMs);
      locked = true;
    }
    if (ip && ipAttempts >= s.maxFailedLoginsPerIp) {
      await lock(db, ip, now + windowMs);
      locked = true;
    }
    throw locked ? new ApiError(429, "muitas_tentativas") : new ApiError(401, "credenciais_invalidas");
  }
  await clearLoginLock(db, name);
  // A success from the address does not count against it (a library's public terminals share one address).
  if (ip) await db.updateTable("tentativa_login").set({ tentativas: sql<number>`tentativas - 1` }).where("chave", "=", ip).where("tentativas", ">", 0).execute();
  return { codPessoa: login.cod_pessoa, codLogin: login.cod_login };
}
