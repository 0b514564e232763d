/** Spec §7 `GET duplicadas?usuario` (public token): the accounts sharing a user code (ADR 173). */
import { z } from "zod";
import type { ApiClient } from "../client.server";

export const DuplicatesSchema = z.object({
  result: z.boolean().default(false),
  pessoas: z.array(z.looseObject({ codigo: z.coerce.number().int(), nome: z.string() })).default([]),
});
export type DuplicateAccount = z.infer<typeof DuplicatesSchema>["pessoas"][number];

/** The accounts to choose from: empty unless more than one person shares the code. */
export async function duplicateAccounts(api: ApiClient, usuario: string): Promise<DuplicateAccount[]> {
  const answer = await api.get("/duplicadas", DuplicatesSchema, { as: "public", query: { usuario } });
  return answer.result && answer.pessoas.length > 1 ? answer.pessoas : [];
}
