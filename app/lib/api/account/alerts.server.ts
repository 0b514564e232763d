/** Typed calls of /api/solicitacoes/alertas (spec §7 "Solicitacoes"). */
import { z } from "zod";
import type { ApiClient } from "../client.server";
import { AlertSchema, AlertsSchema } from "./types";

/** GET /solicitacoes/alertas: the alerts, newest first, and the unread count. */
export function getAlerts(api: ApiClient) {
  return api.get("/solicitacoes/alertas", AlertsSchema, { as: "patron" });
}

/** GET /solicitacoes/alertas?resumo=S: only the unread count (menu and user bar). */
export async function getUnreadAlertCount(api: ApiClient): Promise<number> {
  return (await api.get("/solicitacoes/alertas", AlertsSchema, { as: "patron", query: { resumo: "S" } })).nao_lidos;
}

/** PUT /solicitacoes/alertas/{id}: marks an alert read. */
export function markAlertRead(api: ApiClient, id: number) {
  return api.send("PUT", `/solicitacoes/alertas/${id}`, AlertSchema, { as: "patron", body: { lido: true } });
}

/** DELETE /solicitacoes/alertas/{id}: removes an alert. */
export function removeAlert(api: ApiClient, id: number) {
  return api.send("DELETE", `/solicitacoes/alertas/${id}`, z.unknown(), { as: "patron" });
}
