/** Typed calls of the patron's loan requests list (spec §7 "Solicitacao-emprestimo": GET list, plus cancel). */
import { z } from "zod";
import type { ApiClient } from "../client.server";

import { LOAN_REQUEST_STATES } from "./loan-request-states";

export { LOAN_REQUEST_STATES };
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

const ItemSchema = z.object({
  cod_solicitacao: z.number().int(),
  cod_acervo: z.number().int(),
  titulo: z.string(),
  // MARC language code of the title, for its lang (an Estante addition: another backend may not send it).
  idioma: text,
  biblioteca_origem: z.string(),
  biblioteca_recebimento: z.string(),
  situacao: z.enum(LOAN_REQUEST_STATES).catch("aguardando"),
  created_at: z.string(),
  volume: text,
  tomo: text,
  parte: text,
  material_adicional: text,
  // How the patron asked to receive the item, in their own words (spec §3).
  recebimento_textual: text,
  data_cancelamento: text,
});
export type LoanRequestItem = z.infer<typeof ItemSchema>;

/** GET /solicitacao-emprestimo (dataIni, dataFim, status). */
export function listLoanRequests(api: ApiClient, filter: { dataIni?: string; dataFim?: string; status?: string }): Promise<LoanRequestItem[]> {
  return api.get("/solicitacao-emprestimo", z.array(ItemSchema), { query: filter, as: "patron" });
}

/** DELETE /solicitacao-emprestimo/{id}: cancels a waiting request. Throws ApiError 422 `nao_cancelavel`. */
export async function cancelLoanRequest(api: ApiClient, id: number): Promise<void> {
  await api.send("DELETE", `/solicitacao-emprestimo/${id}`, z.unknown(), { as: "patron" });
}
