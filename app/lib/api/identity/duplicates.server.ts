/** Spec §7 `GET duplicadas?usuario` (public token): the accounts sharing a user code (ADR 173). */
import type { ApiClient } from "../client.server";

import { DuplicatesSchema, type DuplicateAccount } from "./types";
export * from "./types";
/** The accounts to choose from: empty unless more than one person shares the code. */
export async function duplicateAccounts(api: ApiClient, usuario: string): Promise<DuplicateAccount[]> {
  const answer = await api.get("/duplicadas", DuplicatesSchema, { as: "public", query: { usuario } });
  return answer.result && answer.pessoas.length > 1 ? answer.pessoas : [];
}
