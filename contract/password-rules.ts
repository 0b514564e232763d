/**
 * The password rules of spec §3 ("Password rules") and §5, as the API sends them, and the check both sides
 * run: the API on every change, the portal as the patron types and on submit. The history rule (last N)
 * needs the stored hashes, so only the API checks it. Imports nothing from app/ or api/.
 */

/** The rules object of the API (spec §3 field names). */
export interface PasswordRules {
  length: { min: number; max: number };
  has_numbers: boolean;
  only_numbers: boolean;
  special_char: boolean;
  diff_case: boolean;
  diff_name: boolean;
  last_pw: number;
}

/** The special characters of spec §5. */
export const SPECIAL_CHARACTERS = "@!#$%&*()-_";

/** Rule codes, in the order they are listed beside the field. */
export type PasswordRuleCode = "length" | "has_numbers" | "only_numbers" | "special_char" | "diff_case" | "diff_name" | "last_pw";

/** The rules that are switched on, in display order (last_pw only when N > 0). */
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

/** Name parts of three letters or more ("Ana Beatriz de Souza" gives ana, beatriz, souza). */
function nameParts(name: string): string[] {
  return fold(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((p) => p.length >= 3);
}

/**
 * The rules the (already trimmed) password fails, except last_pw, which only the API can check.
 * `name` is the patron's full name for diff_name.
 */
export function failedRules(password: string, rules: PasswordRules, name: string): PasswordRuleCode[] {
  const failed: PasswordRuleCode[] = [];
  const length = [...password].length;
  if (length < rules.length.min || length > rules.length.max) failed.push("length");
  if (rules.has_numbers && !/\d/.test(password)) failed.push("has_numbers");
  if (rules.only_numbers && !/^\d+$/.test(password)) failed.push("only_numbers");
  if (rules.special_char && ![...password].some((ch) => SPECIAL_CHARACTERS.includes(ch))) failed.push("special_char");
  if (rules.diff_case && !(/\p{Lu}/u.test(password) && /\p{Ll}/u.test(password))) failed.push("diff_case");
  if (rules.diff_name) {
    const folded = fold(password);
    if (nameParts(name).some((part) => folded.includes(part))) failed.push("diff_name");
  }
  return failed;
}
