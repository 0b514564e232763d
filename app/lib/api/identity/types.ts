import { z } from "zod";

/** Spec §3 "Password rules", as the API sends them (shared by recovery and the password change). */
export const PasswordRulesSchema = z.object({
  length: z.object({ min: z.coerce.number().int(), max: z.coerce.number().int() }),
  has_numbers: z.boolean().default(false),
  only_numbers: z.boolean().default(false),
  special_char: z.boolean().default(false),
  diff_case: z.boolean().default(false),
  diff_name: z.boolean().default(false),
  last_pw: z.coerce.number().int().default(0),
});
export type PasswordRules = z.infer<typeof PasswordRulesSchema>;

/** The rule names, in the order spec §5 lists them. */
export const PASSWORD_RULE_CODES = ["length", "has_numbers", "only_numbers", "special_char", "diff_case", "diff_name", "last_pw"] as const;
export type PasswordRuleCode = (typeof PASSWORD_RULE_CODES)[number];

/** The rules that are on, in spec order (length always is). */
export function activeRules(rules: PasswordRules): PasswordRuleCode[] {
  return PASSWORD_RULE_CODES.filter((code) => (code === "length" ? true : code === "last_pw" ? rules.last_pw > 0 : rules[code]));
}

/** Step 1's answer: the code's length and expiry (minutes) and the password rules. */
export const RecoveryStartSchema = z.looseObject({
  emails: z.array(z.string()).nullish(),
  name: z.string().nullish(),
  length: z.coerce.number().int().min(1).max(20),
  tte: z.coerce.number().int().min(1),
  rules: PasswordRulesSchema,
});
export type RecoveryStart = z.infer<typeof RecoveryStartSchema>;

/** Step 2's answer: the rules again (with the name the diff_name rule is about). */
export const RecoveryValidatedSchema = z.looseObject({
  rules: PasswordRulesSchema,
  name: z.string().nullish(),
  emails: z.array(z.string()).nullish(),
});

/** Step 3's answer. */
export const RecoveryChangedSchema = z.looseObject({ message: z.string().nullish() });

/** The answer of the duplicate-account check (`identity/duplicates.server.ts`): the patron's other records. */
export const DuplicatesSchema = z.object({
  result: z.boolean().default(false),
  pessoas: z.array(z.looseObject({ codigo: z.coerce.number().int(), nome: z.string() })).default([]),
});

export type DuplicateAccount = z.infer<typeof DuplicatesSchema>["pessoas"][number];
