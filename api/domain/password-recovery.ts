import crypto from "node:crypto";
import {
  endRecoveryCode,
  findLoginByUserCode,
  giveBackRecoveryTry,
  isRecentPassword,
  setLoginPassword,
  storeRecoveryCode,
  takeRecoveryTry,
  type RecoveryLogin,
} from "../db/credentials.ts";
import type { Db } from "../db/index.ts";
import { allowEvent } from "../db/rate-limit.ts";
import type { AuthSettings } from "../lib/clock.ts";
import { hashPassword, verifyPassword } from "../lib/password.ts";
import { admitGuess, settleGuess, type GuessLimit } from "./guess-throttle.ts";
import { addressGuessLimit } from "./login.ts";
import { checkNewPassword, passwordRulesFrom, type PasswordRuleCode, type PasswordRules } from "./password-rules.ts";
import { revokeAllSessions } from "./tokens.ts";

/**
 * Password recovery in three steps (spec §4, ADR 130): send a code, check it, set the new password.
 * - Step 1 answers the same for a known and an unknown user code (no account enumeration).
 * - Codes come from a CSPRNG, are stored as scrypt hashes, live at most 10 minutes, are single-use, end after
 *   `maxTries` wrong tries (each try counted before the code is compared), and a new code ends the previous one.
 * - Limits per login, per client address and for everyone (ADR 131): past a mail limit step 1 answers the same
 *   but sends nothing; past a request limit a step answers "too many attempts" whoever the user code names.
 */

export interface RecoverySettings {
  /** Digits of the code. */
  length: number;
  /** Minutes a code stays valid. */
  tteMinutes: number;
  maxTries: number;
}

/** The longest a code may live, whatever the parameters say (ADR 131). */
export const MAX_CODE_MINUTES = 10;

/** Whether the institution offers recovery: login mode 2 and crypt 4 (spec §2 "Forgot-password flow"). */
export function recoveryOffered(params: Record<string, unknown>): boolean {
  return params.__md_aut === 2 && params.__md_crypt === 4;
}

/** The code settings from the institution's `recuperacao_senha` parameters. */
export function recoverySettingsFrom(params: Record<string, unknown>): RecoverySettings {
  const o = (params.recuperacao_senha && typeof params.recuperacao_senha === "object" ? params.recuperacao_senha : {}) as Record<string, unknown>;
  const int = (v: unknown, d: number, min: number, max: number) =>
    typeof v === "number" && Number.isInteger(v) ? Math.min(max, Math.max(min, v)) : d;
  return { length: int(o.tamanho_codigo, 6, 4, 10), tteMinutes: int(o.validade_minutos, MAX_CODE_MINUTES, 1, MAX_CODE_MINUTES), maxTries: 5 };
}

export type RecoveryStart = RecoveryStarted | { ok: false; reason: "muitas_tentativas" };

export interface RecoveryStarted {
  ok: true;
  rules: PasswordRules;
  settings: RecoverySettings;
  /** The mail to send (null for an unknown user or past a mail limit); the route sends it off the response path. */
  mail: { to: string[]; name: string; code: string } | null;
}

/** A code of `length` digits from the CSPRNG. */
export function newRecoveryCode(length: number): string {
  return Array.from({ length }, () => crypto.randomInt(0, 10)).join("");
}

const iso = (ms: number) => new Date(ms).toISOString();

const HOUR = 3_600_000;
const QUARTER = 15 * 60_000;

/**
 * Step 1: makes and stores a code for the user code's login, when there is one with an e-mail address. Every
 * request counts against the client address and everyone's hourly limits (refused alike for any user code);
 * the mail limits per login and per address are counted only when a mail would go, and past them nothing is
 * sent while the answer stays the same.
 */
export async function startRecovery(
  db: Db,
  s: AuthSettings,
  params: Record<string, unknown>,
  userCode: string,
  clientIp?: string | null,
): Promise<RecoveryStart> {
  const settings = recoverySettingsFrom(params);
  const rules = passwordRulesFrom(params.regras_senha);
  const limits = s.recovery;
  const now = s.now();
  if (clientIp && !(await allowEvent(db, `rec:ip:${clientIp}`, limits.startsPerIpPerHour, now, HOUR)).allowed)
    return { ok: false, reason: "muitas_tentativas" };
  if (!(await allowEvent(db, "rec:all", limits.startsPerHour, now, HOUR)).allowed) return { ok: false, reason: "muitas_tentativas" };
  const login = await findLoginByUserCode(db, userCode);
  const code = newRecoveryCode(settings.length);
  const mayMail =
    login?.email &&
    (await allowEvent(db, `rec:l:${login.cod_login}`, limits.codesPerLoginPerHour, now, HOUR)).allowed &&
    (!clientIp || (await allowEvent(db, `rec:mail:${clientIp}`, limits.mailsPerIpPerHour, now, HOUR)).allowed);
  if (!login || !mayMail) {
    // The same hashing work as a real code, so the answer takes as long for an unknown user.
    hashPassword(code);
    return { ok: true, rules, settings, mail: null };
  }
  await storeRecoveryCode(db, login.cod_login, code, iso(now + settings.tteMinutes * 60_000), iso(now));
  return { ok: true, rules, settings, mail: { to: [login.email!], name: login.nome_pessoa, code } };
}

export type CodeCheck = { ok: true; login: RecoveryLogin; codeId: number } | { ok: false; reason: "codigo_invalido" | "muitas_tentativas" };

/**
 * Checks a code as a login checks a password (ADR 131): the try is counted against the client address (the
 * login's own budget), everyone's limit and the code itself before the code is compared; a right code gives
 * its counts back. Unknown user, no code, expired, replaced, worn out: all "invalid".
 */
export async function checkRecoveryCode(
  db: Db,
  s: AuthSettings,
  params: Record<string, unknown>,
  userCode: string,
  code: string,
  clientIp?: string | null,
): Promise<CodeCheck> {
  const settings = recoverySettingsFrom(params);
  const now = s.now();
  const limits: GuessLimit[] = [
    ...(clientIp ? [addressGuessLimit(s, clientIp)] : []),
    { key: "rec:check:all", max: s.recovery.failedChecksPer15Min, windowMs: QUARTER, lock: false, onSuccess: "uncount" },
  ];
  const guess = await admitGuess(db, limits, now);
  if (!guess) return { ok: false, reason: "muitas_tentativas" };
  const login = await findLoginByUserCode(db, userCode);
  const row = login ? await takeRecoveryTry(db, login.cod_login, settings.maxTries, iso(now)) : null;
  const right = row ? /^\d+$/.test(code) && verifyPassword(code, row.codigo_hash, row.codigo_salt) : (verifyPassword(code, "00", "estante"), false);
  const locked = await settleGuess(db, guess, right, now);
  if (row && right) {
    await giveBackRecoveryTry(db, row.id);
    return { ok: true, login: login!, codeId: row.id };
  }
  // The last allowed wrong try ends the code.
  if (row && row.tentativas >= settings.maxTries) await endRecoveryCode(db, row.id, iso(now));
  return { ok: false, reason: locked ? "muitas_tentativas" : "codigo_invalido" };
}

export type ChangeOutcome =
  | { ok: true; codPessoa: number }
  | { ok: false; reason: "codigo_invalido" | "muitas_tentativas" }
  | { ok: false; reason: "senha_fora_dos_criterios"; broken: PasswordRuleCode[] };

/** Step 3: checks the code again, the rules, then sets the password, ends the code and every session. */
export async function changePasswordWithCode(
  db: Db,
  s: AuthSettings,
  params: Record<string, unknown>,
  userCode: string,
  code: string,
  rawPassword: string,
  clientIp?: string | null,
): Promise<ChangeOutcome> {
  const check = await checkRecoveryCode(db, s, params, userCode, code, clientIp);
  if (!check.ok) return check;
  const password = rawPassword.trim();
  const rules = passwordRulesFrom(params.regras_senha);
  const broken = await checkNewPassword(password, rules, { name: check.login.nome_pessoa }, (pw, n) =>
    isRecentPassword(db, check.login.cod_login, pw, n),
  );
  if (broken.length > 0) return { ok: false, reason: "senha_fora_dos_criterios", broken };
  const now = s.now();
  // Single use: of two parallel submissions of one code only one ends it and changes the password.
  if (!(await endRecoveryCode(db, check.codeId, iso(now)))) return { ok: false, reason: "codigo_invalido" };
  await setLoginPassword(db, check.login.cod_login, password, iso(now));
  await revokeAllSessions(db, check.login.cod_pessoa, now);
  return { ok: true, codPessoa: check.login.cod_pessoa };
}
