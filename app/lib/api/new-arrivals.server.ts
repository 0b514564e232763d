/** The catalogue's new arrivals (`GET /api/estante/novidades`, an Estante extension of the API; ADR 255). */
import type { ApiClient } from "./client.server";

import { type NewArrival, NewArrivalsSchema } from "./types/new-arrivals";
export * from "./types/new-arrivals";
/** The `qtd` titles whose first copy (in `biblioteca`, when given) came in last, newest first. */
export async function getNewArrivals(api: ApiClient, q: { biblioteca?: number; qtd?: number } = {}): Promise<NewArrival[]> {
  const query: Record<string, number> = {};
  if (q.biblioteca) query.biblioteca = q.biblioteca;
  if (q.qtd) query.qtd = q.qtd;
  return (await api.get("/estante/novidades", NewArrivalsSchema, { query, as: "public" })).resultados;
}
