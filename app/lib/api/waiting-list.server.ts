/** Typed calls of the waiting list (`/api/lista-espera`, ADR 094). */
import { z } from "zod";
import type { ApiClient } from "./client.server";
import { ApiError, describeError, type ErrorMessage } from "./errors";

const int = z.number().int();
export const WaitingListSchema = z.object({
  cod_acervo: int,
  titulo: z.string(),
  oferecida: z.boolean(),
  tamanho: int.nonnegative().catch(0),
  posicao: int.positive().nullable().catch(null),
});
export type WaitingList = z.infer<typeof WaitingListSchema>;

/** GET /lista-espera/{id}: whether the list is offered, its size and the patron's place. */
export function getWaitingList(api: ApiClient, codAcervo: number): Promise<WaitingList> {
  return api.get(`/lista-espera/${codAcervo}`, WaitingListSchema, { as: "patron" });
}

/** The waiting list of a title, or null when it cannot be loaded (the page then offers what it can). */
export async function waitingListOrNull(api: ApiClient, codAcervo: number): Promise<WaitingList | null> {
  try {
    return await getWaitingList(api, codAcervo);
  } catch (err) {
    // A thrown Response is the redirect to the login page (session expired): let it through.
    if (!(err instanceof ApiError)) throw err;
    return null;
  }
}

/** What a request page shows of the list: only when it is offered or the patron is already on it. */
export function waitingListView(waiting: WaitingList | null): WaitingList | null {
  return waiting && (waiting.oferecida || waiting.posicao) ? waiting : null;
}

/** POST /lista-espera: joins the list (joining again answers the place already held). */
export function joinWaitingList(api: ApiClient, codAcervo: number): Promise<WaitingList> {
  return api.send("POST", "/lista-espera", WaitingListSchema, { body: { cod_acervo: codAcervo }, as: "patron" });
}

/** The message of a refused join: the API's rule when it is one the portal knows, else the spec §8 message. */
export function waitingListError(err: unknown): ErrorMessage {
  if (err instanceof ApiError && err.code === "lista_espera_indisponivel") return { key: "requests:waiting.rule_unavailable" };
  if (err instanceof ApiError && err.code === "usuario_bloqueado") return { key: "requests:rules.usuario_bloqueado" };
  return describeError(err);
}
