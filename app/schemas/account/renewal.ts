import { z } from "zod";

/**
 * The renewal form (spec §5: "Renewal … need at least one selection"). "Renew selected" needs a checked
 * loan; "renew all" needs none. `chave` is the form's idempotency key: the same form posted twice renews once.
 */
export const RenewalSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("selecionados"),
    emprestimo: z.preprocess(
      (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
      z.array(z.coerce.number().int().positive()).min(1, "loans:errors.select_one").max(500),
    ),
    chave: z.string({ error: "loans:errors.stale_form" }).min(8, "loans:errors.stale_form").max(100),
  }),
  z.object({
    intent: z.literal("todos"),
    chave: z.string({ error: "loans:errors.stale_form" }).min(8, "loans:errors.stale_form").max(100),
  }),
]);
export type RenewalInput = z.infer<typeof RenewalSchema>;
