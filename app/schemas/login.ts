import { z } from "zod";

/**
 * The login form (spec §5). Messages are i18n keys, translated by the component. The password is not trimmed:
 * spaces can be part of it.
 */
export const LoginSchema = z.object({
  username: z.string({ error: "common:auth.errors.username_required" }).trim().min(1, "common:auth.errors.username_required"),
  password: z.string({ error: "common:auth.errors.password_required" }).min(1, "common:auth.errors.password_required"),
  remember: z.preprocess((v) => v === "on" || v === "1" || v === true, z.boolean()).default(false),
  destino: z.enum(["area", "catalogo"]).optional(),
  redirect: z.string().optional(),
});

/** The first step of the duplicate-persons login variant: the user code alone (ADR 173). */
export const LoginUsernameSchema = LoginSchema.pick({ username: true });

export type LoginInput = z.infer<typeof LoginSchema>;
