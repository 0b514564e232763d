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
  categoria: z.string().optional(),
});

/**
 * The login form of an institution: under the category variant (spec §5, ADR 173) the category is required and
 * must be one of those offered (`categories`); otherwise the plain form.
 */
export function loginSchemaFor(categories: readonly string[] | null): typeof LoginSchema {
  if (!categories) return LoginSchema;
  const withCategory = LoginSchema.extend({
    categoria: z.string({ error: "login:category.required" }).refine((v) => categories.includes(v), "login:category.required"),
  });
  // Same shape as the plain form (the category only becomes required), so callers can still `partial()` it.
  return withCategory as unknown as typeof LoginSchema;
}

/** The first step of the duplicate-persons login variant: the user code alone (ADR 173). */
export const LoginUsernameSchema = LoginSchema.pick({ username: true });

export type LoginInput = z.infer<typeof LoginSchema>;
