import { z } from "zod";

/** Recovery step 1 (spec §5 "Recovery"): the user code is required. Messages are i18n keys. */
export const RecoveryUserSchema = z.object({
  usuario: z.string({ error: "identity:recovery.errors.user_required" }).trim().min(1, "identity:recovery.errors.user_required").max(100),
});

/** Recovery step 2: the code, of the length the server gave; `intent` "resend" asks for a new code instead. */
export function recoveryCodeSchema(length: number) {
  return z.object({
    codigo: z
      .string({ error: "identity:recovery.errors.code_required" })
      .trim()
      .min(1, "identity:recovery.errors.code_required")
      .regex(new RegExp(`^\\d{${length}}$`), "identity:recovery.errors.code_format"),
  });
}

/** Recovery step 3: the new password (trimmed, spec §5) and its confirmation, which must match. */
export const NewPasswordSchema = z
  .object({
    senha: z.string({ error: "identity:recovery.errors.password_required" }).trim().min(1, "identity:recovery.errors.password_required").max(256),
    confirmacao: z.string({ error: "identity:recovery.errors.confirm_required" }).trim().min(1, "identity:recovery.errors.confirm_required").max(256),
  })
  .refine((v) => v.senha === v.confirmacao, { path: ["confirmacao"], message: "identity:recovery.errors.mismatch" });
