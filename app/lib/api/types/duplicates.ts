/** The wire shapes of `identity/duplicates.server.ts`'s calls (zod schemas and their types): what the widgets may import. */
import { z } from "zod";

export const DuplicatesSchema = z.object({
  result: z.boolean().default(false),
  pessoas: z.array(z.looseObject({ codigo: z.coerce.number().int(), nome: z.string() })).default([]),
});

export type DuplicateAccount = z.infer<typeof DuplicatesSchema>["pessoas"][number];
