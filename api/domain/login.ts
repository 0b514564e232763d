import type { Db } from "../db/index.ts";
import { loginPasswordByName } from "../db/credentials.ts";
import { resetKey } from "../db/rate-limit.ts";
import type { AuthSettings } from "../lib/clock.ts";
import { verifyPassword } from "../lib/password.ts";
import { admitGuess, settleGuess, type GuessLimit } from "./guess-throttle.ts";

/** The throttling key of a username: the same for every spelling the login accepts. */
const userKey = (username: string) => `u:${username.trim().toLowerCase()}`;

/**
 * The limits a password guess counts against (ADR 111): the client address first (when known), then each
 * username. Shared by the login and by the current-password check of the password change, so a guess costs
 * the same wherever it is made.
 */
export function loginGuessLimits(s: AuthSettings, usernames: string[], clientIp?: string | null): GuessLimit[] {
  const windowMs = s.lockMinutes * 60_000;
  return [
    ...(clientIp ? [addressGuessLimit(s, clientIp)] : []),
    ...usernames.map((u): GuessLimit => ({ key: userKey(u), max: s.maxFailedLogins, windowMs, lock: true, onSuccess: "reset" })),
  ];
}

/** A client address's budget of wrong guesses (passwords and recovery codes alike), with its lock. */
export function addressGuessLimit(s: AuthSettings, clientIp: string): GuessLimit {
  return { key: `ip:${clientIp}`, max: s.maxFailedLoginsPerIp, windowMs: s.lockMinutes * 60_000, lock: true, onSuccess: "uncount" };
}

/**
 * Forgets a username's failed attempts and lock (a successful login; a completed password recovery, so the
 * patron can sign in with the new password at once).
 */
export async function clearLoginLock(db: Db, username: string): Promise<void> {
  await resetKey(db, userKey(username));
}

export type LoginOutcome = { ok: true; codPessoa: number; codLogin: number } | { ok: false; reason: "muitas_tentativas" | "credenciais_invalidas" };

/**
 * Checks a username and password, throttled twice (ADR 111, docs/security.md):
 * - per username, whether or not the account exists (so the lock message reveals nothing): after
 *   `maxFailedLogins` failures within `lockMinutes`, the name is locked for `lockMinutes` (`muitas_tentativas`);
 * - per client address, when the caller knows it: `maxFailedLoginsPerIp` failures within the same window lock
 *   that address (`muitas_tentativas`) for every username.
 * A wrong name or password that locks nothing yet is `credenciais_invalidas`.
 * Attempts are counted atomically before the password is checked, so a parallel burst gets no more guesses.
 * A library block (pessoa.bloqueado) does NOT stop the login: the token is issued and `dados-usuario` answers
 * `bloqueio: true` (ADR 011); the API then refuses that patron's writes.
 */
export async function authenticate(db: Db, s: AuthSettings, username: string, password: string, clientIp?: string | null): Promise<LoginOutcome> {
  const now = s.now();
  const name = username.trim().toLowerCase();
  const guess = await admitGuess(db, loginGuessLimits(s, [name], clientIp), now);
  if (!guess) return { ok: false, reason: "muitas_tentativas" };

  const login = await loginPasswordByName(db, name);
  // An unknown name does the same work as a real check, so neither time nor answer reveals which names exist.
  const ok = login ? verifyPassword(password, login.senha_hash, login.senha_salt) : (verifyPassword(password, "00", "estante"), false);
  // A success resets the username; it does not count against the address (a library's public terminals share one).
  const locked = await settleGuess(db, guess, Boolean(login && ok), now);
  if (!login || !ok) return { ok: false, reason: locked ? "muitas_tentativas" : "credenciais_invalidas" };
  return { ok: true, codPessoa: login.cod_pessoa, codLogin: login.cod_login };
}
