/**
 * The institution's password rules (spec §3 "Password rules", spec §5 "New password"), shared by password
 * recovery and the password change. Pure rules: they return reason codes, never messages or statuses.
 * "Must differ from the last N passwords" needs the stored history, so `checkNewPassword` takes it as a
 * predicate and only the server can apply it (spec §5).
 */

import { failedRules, type PasswordRuleCode, type PasswordRules } from "../../contract/password-rules.ts";

// The rule types and the history-free check are shared with the portal (contract/password-rules.ts).
export { activeRules, failedRules, nameParts, SPECIAL_CHARACTERS, type PasswordRuleCode, type PasswordRules } from "../../contract/password-rules.ts";

/** Used when the institution sets no rules: 8 to 64 characters with a digit, and not the last 3 passwords. */
export const DEFAULT_PASSWORD_RULES: PasswordRules = {
  length: { min: 8, max: 64 },
  has_numbers: true,
  only_numbers: false,
  special_char: false,
  diff_case: false,
  diff_name: true,
  last_pw: 3,
};

const int = (v: unknown, fallback: number, min: number, max: number) =>
  typeof v === "number" && Number.isInteger(v) ? Math.min(max, Math.max(min, v)) : fallback;
const bool = (v: unknown, fallback: boolean) => (typeof v === "boolean" ? v : fallback);

/** Reads `regras_senha` from the institution parameters, falling back to the defaults field by field. */
export function passwordRulesFrom(value: unknown): PasswordRules {
  const o = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const len = o.length && typeof o.length === "object" ? (o.length as Record<string, unknown>) : {};
  const d = DEFAULT_PASSWORD_RULES;
  const min = int(len.min, d.length.min, 1, 128);
  return {
    length: { min, max: Math.max(min, int(len.max, d.length.max, 1, 128)) },
    has_numbers: bool(o.has_numbers, d.has_numbers),
    only_numbers: bool(o.only_numbers, d.only_numbers),
    special_char: bool(o.special_char, d.special_char),
    diff_case: bool(o.diff_case, d.diff_case),
    diff_name: bool(o.diff_name, d.diff_name),
    last_pw: int(o.last_pw, d.last_pw, 0, 24),
  };
}

/**
 * The rules a new password breaks, in the order of spec §5. The password is trimmed first (spec §5).
 * `wasRecent` answers whether it equals one of the last `rules.last_pw` passwords.
 */
export async function checkNewPassword(
  rawPassword: string,
  rules: PasswordRules,
  person: { name: string },
  wasRecent?: (password: string, count: number) => Promise<boolean>,
): Promise<PasswordRuleCode[]> {
  const password = rawPassword.trim();
  const broken = failedRules(password, rules, person.name);
  if (rules.last_pw > 0 && wasRecent && broken.length === 0 && (await wasRecent(password, rules.last_pw))) broken.push("last_pw");
  return broken;
}
