import crypto from "node:crypto";
import {
  countRecoveryCodesSince,
  endRecoveryCode,
  findLoginByUserCode,
  isRecentPassword,
  liveRecoveryCode,
  recordWrongTry,
  setLoginPassword,
  storeRecoveryCode,
  type RecoveryLogin,
} from "../db/credentials.ts";
import type { Db } from "../db/index.ts";
import type { AuthSettings } from "../lib/clock.ts";
import { hashPassword, verifyPassword } from "../lib/password.ts";
import { checkNewPassword, passwordRulesFrom, type PasswordRuleCode, type PasswordRules } from "./password-rules.ts";
import { revokeAllSessions } from "./tokens.ts";

/**
 * Password recovery in three steps (spec §4, ADR 130): send a code, check it, set the new password.
 * - Step 1 answers the same for a known and an unknown user code (no account enumeration).
 * - Codes come from a CSPRNG, are stored as scrypt hashes, expire, are single-use, end after `maxTries`
 *   wrong tries, and a new code ends the previous one. At most `maxCodesPerHour` codes per login per hour
 *   are sent; past that, step 1 still answers the same but sends nothing.
 */

export interface RecoverySettings {
  /** Digits of the code. */
  length: number;
  /** Minutes a code stays valid. */
  tteMinutes: number;
  maxTries: number;
  maxCodesPerHour: number;
}

/** Whether the institution offers recovery: login mode 2 and crypt 4 (spec §2 "Forgot-password flow"). */
export function recoveryOffered(params: Record<string, unknown>): boolean {
  return params.__md_aut === 2 && params.__md_crypt === 4;
}

/** The code settings from the institution's `recuperacao_senha` parameters. */
export function recoverySettingsFrom(params: Record<string, unknown>): RecoverySettings {
  const o = (params.recuperacao_senha && typeof params.recuperacao_senha === "object" ? params.recuperacao_senha : {}) as Record<string, unknown>;
  const int = (v: unknown, d: number, min: number, max: number) => (typeof v === "number" && Number.isInteger(v) ? Math.min(max, Math.max(min, v)) : d);
  return { length: int(o.tamanho_codigo, 6, 4, 10), tteMinutes: int(o.validade_minutos, 15, 1, 24 * 60), maxTries: 5, maxCodesPerHour: 5 };
}

export interface RecoveryStart {
  rules: PasswordRules;
  settings: RecoverySettings;
  /** The mail to send (null for an unknown user or past the hourly limit); the route sends it off the response path. */
  mail: { to: string[]; name: string; code: string } | null;
}

/** A code of `length` digits from the CSPRNG. */
export function newRecoveryCode(length: number): string {
  return Array.from({ length }, () => crypto.randomInt(0, 10)).join("");
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Step 1: makes and stores a code for the user code's login, when there is one with an e-mail address. */
export async function startRecovery(db: Db, s: AuthSettings, params: Record<string, unknown>, userCode: string): Promise<RecoveryStart> {
  const settings = recoverySettingsFrom(params);
  const rules = passwordRulesFrom(params.regras_senha);
  const now = s.now();
  const login = await findLoginByUserCode(db, userCode);
  const code = newRecoveryCode(settings.length);
  if (!login || !login.email || (await countRecoveryCodesSince(db, login.cod_login, iso(now - 3_600_000))) >= settings.maxCodesPerHour) {
    // The same hashing work as a real code, so the answer takes as long for an unknown user.
    hashPassword(code);
    return { rules, settings, mail: null };
  }
  await storeRecoveryCode(db, login.cod_login, code, iso(now + settings.tteMinutes * 60_000), iso(now));
  return { rules, settings, mail: { to: [login.email], name: login.nome_pessoa, code } };
}

export type CodeCheck = { ok: true; login: RecoveryLogin; codeId: number } | { ok: false; reason: "codigo_invalido" };

/** Checks a code, counting a wrong try against the live code. Unknown user, no code, expired, worn out: all "invalid". */
export async function checkRecoveryCode(db: Db, s: AuthSettings, params: Record<string, unknown>, userCode: string, code: string): Promise<CodeCheck> {
  const settings = recoverySettingsFrom(params);
  const now = s.now();
  const login = await findLoginByUserCode(db, userCode);
  const row = login ? await liveRecoveryCode(db, login.cod_login) : null;
  if (!login || !row) {
    verifyPassword(code, "00", "estante");
    return { ok: false, reason: "codigo_invalido" };
  }
  if (Date.parse(row.expires_at) <= now) {
    await endRecoveryCode(db, row.id, iso(now));
    return { ok: false, reason: "codigo_invalido" };
  }
  if (!/^\d+$/.test(code) || !verifyPassword(code, row.codigo_hash, row.codigo_salt)) {
    await recordWrongTry(db, row, settings.maxTries, iso(now));
    return { ok: false, reason: "codigo_invalido" };
  }
  return { ok: true, login, codeId: row.id };
}

export type ChangeOutcome =
  | { ok: true; codPessoa: number }
  | { ok: false; reason: "codigo_invalido" }
  | { ok: false; reason: "senha_fora_dos_criterios"; broken: PasswordRuleCode[] };

/** Step 3: checks the code again, the rules, then sets the password, ends the code and every session. */
export async function changePasswordWithCode(
  db: Db,
  s: AuthSettings,
  params: Record<string, unknown>,
  userCode: string,
  code: string,
  rawPassword: string,
): Promise<ChangeOutcome> {
  const check = await checkRecoveryCode(db, s, params, userCode, code);
  if (!check.ok) return check;
  const password = rawPassword.trim();
  const rules = passwordRulesFrom(params.regras_senha);
  const broken = await checkNewPassword(password, rules, { name: check.login.nome_pessoa }, (pw, n) => isRecentPassword(db, check.login.cod_login, pw, n));
  if (broken.length > 0) return { ok: false, reason: "senha_fora_dos_criterios", broken };
  const now = s.now();
  // Single use: of two parallel submissions of one code only one ends it and changes the password.
  if (!(await endRecoveryCode(db, check.codeId, iso(now)))) return { ok: false, reason: "codigo_invalido" };
  await setLoginPassword(db, check.login.cod_login, password, iso(now));
  await revokeAllSessions(db, check.login.cod_pessoa, now);
  return { ok: true, codPessoa: check.login.cod_pessoa };
}
