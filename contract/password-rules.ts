/**
 * The password rules of spec §3 ("Password rules") and §5 as the API sends them, and the part of the check
 * that needs no stored data, shared by the API (api/domain/password-rules.ts) and the portal (the rules listed
 * beside the field and checked as the patron types). "Not one of the last N" needs the stored history, so
 * only the API checks it. Imports nothing from app/ or api/.
 */

export interface PasswordRules {
  length: { min: number; max: number };
  has_numbers: boolean;
  only_numbers: boolean;
  special_char: boolean;
  diff_case: boolean;
  diff_name: boolean;
  /** How many previous passwords the new one must differ from (0 = no history rule). */
  last_pw: number;
}

export type PasswordRuleCode = "length" | "has_numbers" | "only_numbers" | "special_char" | "diff_case" | "diff_name" | "last_pw";

/** The special characters spec §5 accepts. */
export const SPECIAL_CHARACTERS = "@!#$%&*()-_";

/** The rules that are switched on, in the order of spec §5 (last_pw only when N > 0). */
export function activeRules(rules: PasswordRules): PasswordRuleCode[] {
  const out: PasswordRuleCode[] = ["length"];
  if (rules.has_numbers) out.push("has_numbers");
  if (rules.only_numbers) out.push("only_numbers");
  if (rules.special_char) out.push("special_char");
  if (rules.diff_case) out.push("diff_case");
  if (rules.diff_name) out.push("diff_name");
  if (rules.last_pw > 0) out.push("last_pw");
  return out;
}

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The parts of a person's name a password must not contain: words of three letters or more. */
export function nameParts(name: string): string[] {
  return fold(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3);
}

/**
 * The rules a new password breaks, in the order of spec §5, all but the history rule. The password is
 * trimmed first (spec §5). `name` is the person's full name (diff_name).
 */
export function failedRules(rawPassword: string, rules: PasswordRules, name: string): PasswordRuleCode[] {
  const password = rawPassword.trim();
  const broken: PasswordRuleCode[] = [];
  const chars = [...password].length;
  if (chars < rules.length.min || chars > rules.length.max) broken.push("length");
  if (rules.has_numbers && !/\p{Nd}/u.test(password)) broken.push("has_numbers");
  if (rules.only_numbers && !/^\p{Nd}+$/u.test(password)) broken.push("only_numbers");
  if (rules.special_char && ![...password].some((c) => SPECIAL_CHARACTERS.includes(c))) broken.push("special_char");
  if (rules.diff_case && !(/\p{Lu}/u.test(password) && /\p{Ll}/u.test(password))) broken.push("diff_case");
  if (rules.diff_name) {
    const folded = fold(password);
    if (nameParts(name).some((part) => folded.includes(part))) broken.push("diff_name");
  }
  return broken;
}
