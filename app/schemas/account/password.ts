import { z } from "zod";
import { failedRules, type PasswordRules } from "../../../contract/password-rules";

/**
 * The password change (spec §5): current password, new password (trimmed) meeting every active rule but the
 * history one (only the server knows it), and a confirmation that matches. `name` is the patron's full name.
 */
export function passwordChangeSchema(rules: PasswordRules, name: string) {
  return z
    .object({
      senhaAtual: z.string({ error: "profile:password.errors.current_required" }).min(1, "profile:password.errors.current_required").max(256),
      senhaNova: z
        .string({ error: "profile:password.errors.new_required" })
        .trim()
        .min(1, "profile:password.errors.new_required")
        .max(256)
        .refine((v) => failedRules(v, rules, name).length === 0, "profile:password.errors.criteria"),
      confirmacao: z.string({ error: "profile:password.errors.confirm_required" }).trim().min(1, "profile:password.errors.confirm_required").max(256),
    })
    .refine((v) => v.senhaNova === v.confirmacao, { path: ["confirmacao"], message: "profile:password.errors.mismatch" });
}
