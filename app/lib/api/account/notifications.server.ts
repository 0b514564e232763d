/** Typed calls of the notification choices, one-click unsubscribe, saved-search alerts and the history period (/api/estante; ADRs 248, 249). */
import { z } from "zod";
import type { HistoryChoice, SavedSearchFrequency } from "../../../../contract/notifications";
import type { ApiClient } from "../client.server";
import { HistoryModeSchema, PreferencesSchema, SavedAlertSchema, UnsubscribeSchema, type EventChoice } from "./notification-types";

/** GET /estante/notificacoes: every event's choice, defaults filled in. */
export async function getNotificationPreferences(api: ApiClient): Promise<EventChoice[]> {
  return (await api.get("/estante/notificacoes", PreferencesSchema, { as: "patron" })).eventos;
}

/** PUT /estante/notificacoes; throws ApiError 422 with field errors. */
export async function saveNotificationPreferences(api: ApiClient, eventos: EventChoice[]): Promise<EventChoice[]> {
  return (await api.send("PUT", "/estante/notificacoes", PreferencesSchema, { as: "patron", body: { eventos } })).eventos;
}

/** GET /estante/descadastro?token=: what an e-mail's token turns off (no session needed); ApiError 404 for a bad token. */
export function describeUnsubscribe(api: ApiClient, token: string) {
  return api.get(`/estante/descadastro?token=${encodeURIComponent(token)}`, UnsubscribeSchema, { as: "public" });
}

/** POST /estante/descadastro {token}: turns it off (no session needed). */
export function confirmUnsubscribe(api: ApiClient, token: string) {
  return api.send("POST", "/estante/descadastro", UnsubscribeSchema, { as: "public", body: { token } });
}

/** PUT /estante/pesquisas-salvas/{id}/alerta {alerta}. */
export function setSavedSearchAlert(api: ApiClient, id: number, alerta: SavedSearchFrequency | null) {
  return api.send("PUT", `/estante/pesquisas-salvas/${id}/alerta`, SavedAlertSchema, { as: "patron", body: { alerta } });
}

/** GET /estante/historico: the history choice, the library's period and how many returned loans are kept. */
export function getHistoryMode(api: ApiClient) {
  return api.get("/estante/historico", HistoryModeSchema, { as: "patron" });
}

/** PUT /estante/historico {modo, apagar}. */
export function setHistoryMode(api: ApiClient, modo: HistoryChoice, apagar: boolean) {
  return api.send("PUT", "/estante/historico", z.object({ modo: z.string(), apagados: z.number().int() }), { as: "patron", body: { modo, apagar } });
}

/** POST /estante/historico/excluir {ids}: deletes the chosen returned loans. */
export async function deleteHistoryItems(api: ApiClient, ids: number[]): Promise<number> {
  return (await api.send("POST", "/estante/historico/excluir", z.object({ apagados: z.number().int() }), { as: "patron", body: { ids } })).apagados;
}
