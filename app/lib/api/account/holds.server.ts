/** Typed calls of the patron's holds and waiting-list entries (spec §7 "Reserva", ADR 094, ADR 125). */
import { z } from "zod";
import type { ApiClient } from "../client.server";

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

export const HOLD_STATES = ["aguardando", "suspensa", "transito", "disponivel", "atendida", "cancelada"] as const;
export type HoldState = (typeof HOLD_STATES)[number];

const HoldSchema = z.object({
  cod_reserva: z.number().int(),
  cod_acervo: z.number().int(),
  titulo: z.string(),
  // MARC language code of the title, for its lang (an Estante addition: another backend may not send it).
  idioma: text,
  biblioteca: z.string(),
  cod_biblioteca: z.number().int(),
  posicao: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? null),
  // An unknown state from another backend is shown as "waiting" rather than as a raw code.
  estado: z.enum(HOLD_STATES).catch("aguardando"),
  data_reserva: z.string(),
  data_liberacao: text,
  data_cancelamento: text,
  observacao: text,
  suspensa_ate: text,
  volume: text,
  tomo: text,
  parte: text,
  material_adicional: text,
  // Where the held copy is to be picked up (the hold payload's localizacao); absent from older backends.
  localizacao: text,
});
export type MyHold = z.infer<typeof HoldSchema>;

/** GET /reserva: the patron's active holds with every spec §3 field. */
export function listHolds(api: ApiClient): Promise<MyHold[]> {
  return api.get("/reserva", z.array(HoldSchema), { as: "patron" });
}

/** GET /reserva/historico: past holds (fulfilled or cancelled). */
export function holdHistory(api: ApiClient): Promise<MyHold[]> {
  return api.get("/reserva/historico", z.array(HoldSchema), { as: "patron" });
}

/** DELETE /reserva {reservas}: cancels the selected holds; answers those cancelled now. */
export async function cancelHolds(api: ApiClient, ids: number[]): Promise<number[]> {
  const res = await api.send("DELETE", "/reserva", z.object({ canceladas: z.array(z.number().int()) }), { body: { reservas: ids }, as: "patron" });
  return res.canceladas;
}

const Empty = z.unknown();

/** PUT /reserva/{id}/suspensao: suspends until `until` (YYYY-MM-DD), or resumes with null. Throws ApiError 422/404. */
export async function suspendHold(api: ApiClient, id: number, until: string | null): Promise<void> {
  await api.send("PUT", `/reserva/${id}/suspensao`, Empty, { body: { ate: until }, as: "patron" });
}

/** PUT /reserva/{id}/biblioteca: changes the pickup library. Throws ApiError 422 `reserva_em_transito`… */
export async function changeHoldLibrary(api: ApiClient, id: number, biblioteca: number): Promise<void> {
  await api.send("PUT", `/reserva/${id}/biblioteca`, Empty, { body: { biblioteca }, as: "patron" });
}

const WaitingSchema = z.object({ cod_acervo: z.number().int(), titulo: z.string(), posicao: z.number().int(), data_entrada: z.string() });
export type WaitingEntry = z.infer<typeof WaitingSchema>;

/** GET /lista-espera: the titles the patron waits for. */
export function listWaiting(api: ApiClient): Promise<WaitingEntry[]> {
  return api.get("/lista-espera", z.array(WaitingSchema), { as: "patron" });
}

/** DELETE /lista-espera/{cod_acervo}: leaves a title's waiting list. */
export async function leaveWaiting(api: ApiClient, codAcervo: number): Promise<void> {
  await api.send("DELETE", `/lista-espera/${codAcervo}`, z.object({ saiu: z.boolean() }), { as: "patron" });
}
