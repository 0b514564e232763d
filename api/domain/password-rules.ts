/**
 * Password rules (spec §3, §5) on the API side: the institution's rules, the shared check of
 * contract/password-rules.ts, and the history rule (not one of the last N passwords), which only the
 * server can check.
 */
import type { Db } from "../db/index.ts";
import { parseJsonObject } from "../lib/http.ts";
import { verifyPassword } from "../lib/password.ts";
import { failedRules, type PasswordRuleCode, type PasswordRules } from "../../contract/password-rules.ts";

export type { PasswordRuleCode, PasswordRules } from "../../contract/password-rules.ts";

/** Used when the institution sets no rules (parametros.regras_senha). */
export const DEFAULT_PASSWORD_RULES: PasswordRules = {
  length: { min: 8, max: 32 },
  has_numbers: true,
  only_numbers: false,
  special_char: true,
  diff_case: true,
  diff_name: true,
  last_pw: 3,
};

const int = (v: unknown, fallback: number, lo: number, hi: number) => (typeof v === "number" && Number.isInteger(v) && v >= lo && v <= hi ? v : fallback);
const bool = (v: unknown, fallback: boolean) => (typeof v === "boolean" ? v : fallback);

/** The institution's password rules, each missing or bad value replaced by the default. */
export async function institutionPasswordRules(db: Db): Promise<PasswordRules> {
  const row = await db.selectFrom("instituicao").select("parametros").orderBy("cod_empresa").executeTakeFirst();
  const r = parseJsonObject(JSON.stringify(parseJsonObject(row?.parametros).regras_senha ?? {}));
  const len = parseJsonObject(JSON.stringify(r.length ?? {}));
  const d = DEFAULT_PASSWORD_RULES;
  const min = int(len.min, d.length.min, 1, 128);
  return {
    length: { min, max: Math.max(min, int(len.max, d.length.max, 1, 128)) },
    has_numbers: bool(r.has_numbers, d.has_numbers),
    only_numbers: bool(r.only_numbers, d.only_numbers),
    special_char: bool(r.special_char, d.special_char),
    diff_case: bool(r.diff_case, d.diff_case),
    diff_name: bool(r.diff_name, d.diff_name),
    last_pw: int(r.last_pw, d.last_pw, 0, 24),
  };
}

/** True when `password` is the login's current one or one of its last `n - 1` previous ones. */
export async function isRecentPassword(db: Db, codLogin: number, password: string, n: number): Promise<boolean> {
  if (n <= 0) return false;
  const current = await db.selectFrom("login").select(["senha_hash", "senha_salt"]).where("cod_login", "=", codLogin).executeTakeFirst();
  const previous = await db
    .selectFrom("senha_historico")
    .select(["senha_hash", "senha_salt"])
    .where("cod_login", "=", codLogin)
    .orderBy("created_at", "desc")
    .limit(Math.max(0, n - 1))
    .execute();
  return [...(current ? [current] : []), ...previous].some((h) => verifyPassword(password, h.senha_hash, h.senha_salt));
}

/** Every rule a new password fails, the history rule included. */
export async function checkNewPassword(db: Db, rules: PasswordRules, codLogin: number, password: string, name: string): Promise<PasswordRuleCode[]> {
  const failed = failedRules(password, rules, name);
  if (await isRecentPassword(db, codLogin, password, rules.last_pw)) failed.push("last_pw");
  return failed;
}
