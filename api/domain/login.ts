import type { Db } from "../db/index.ts";
import { allowEvent, lockKey, resetKey, uncountEvent } from "../db/rate-limit.ts";
import type { AuthSettings } from "../lib/clock.ts";
import { ApiError } from "../lib/errors.ts";
import { verifyPassword } from "../lib/password.ts";

/** The throttling key of a username: the same for every spelling the login accepts. */
const userKey = (username: string) => `u:${username.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** Counts an attempt; over the limit (or while the lock runs) → 429 before any password check. */
async function admit(db: Db, key: string, max: number, now: number, windowMs: number): Promise<number> {
  const { allowed, count } = await allowEvent(db, key, max, now, windowMs);
  if (!allowed) throw new ApiError(429, "muitas_tentativas");
  return count;
}

/**
 * Forgets a username's failed attempts and lock (a successful login; a completed password recovery, so the
 * patron can sign in with the new password at once).
 */
export async function clearLoginLock(db: Db, username: string): Promise<void> {
  await resetKey(db, userKey(username));
}

/**
 * Checks a username and password, throttled twice (ADR 111, docs/security.md):
 * - per username, whether or not the account exists (so the lock message reveals nothing): after
 *   `maxFailedLogins` failures within `lockMinutes`, the name is locked for `lockMinutes` (429);
 * - per client address, when the caller knows it: `maxFailedLoginsPerIp` failures within the same window lock
 *   that address (429) for every username.
 * Attempts are counted atomically before the password is checked, so a parallel burst gets no more guesses.
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
      await lockKey(db, user, now + windowMs);
      locked = true;
    }
    if (ip && ipAttempts >= s.maxFailedLoginsPerIp) {
      await lockKey(db, ip, now + windowMs);
      locked = true;
    }
    throw locked ? new ApiError(429, "muitas_tentativas") : new ApiError(401, "credenciais_invalidas");
  }
  await resetKey(db, user);
  // A success from the address does not count against it (a library's public terminals share one address).
  if (ip) await uncountEvent(db, ip);
  return { codPessoa: login.cod_pessoa, codLogin: login.cod_login };
}
