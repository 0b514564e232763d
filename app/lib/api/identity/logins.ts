import { z } from "zod";

/** One of the person's logins (spec §7 `GET /pessoas/login`); `atual` marks the session's (ADR 172). */
export const PersonLoginSchema = z.looseObject({
  codigo: z.coerce.number().int(),
  usuario: z.string(),
  base: z.string().nullable().default(null),
  atual: z.boolean().default(false),
});
export type PersonLogin = z.infer<typeof PersonLoginSchema>;
