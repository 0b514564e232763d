/**
 * Typed calls of the network (OAI) catalogue (spec §7 "Rede-{product}"), parsed with zod. The service lives
 * under `/rede-{product}`; its failures are reported with the spec §8 network message by the routes.
 */
import { z } from "zod";
import { NETWORK_ORDERINGS } from "~/schemas/search";
import type { ApiClient } from "./client.server";

import {
  NETWORK_BASE,
  InstituicaoRedeSchema,
  type InstituicaoRede,
  RedeConsultaSchema,
  type RedeConsulta,
  type NetworkQuery,
  RedeRegistroSchema,
  type RedeRegistro,
} from "./types/rede";
export * from "./types/rede";
/** The member institutions of the network, with their record counts. */
export function getNetworkInstitutions(api: ApiClient): Promise<InstituicaoRede[]> {
  return api.get(`${NETWORK_BASE}/oai/instituicoes`, z.array(InstituicaoRedeSchema));
}

/** The ordering a network search sends: one the network knows, else relevance. */
export function networkOrdering(ordenacao: string): string {
  return (NETWORK_ORDERINGS as readonly string[]).includes(ordenacao) ? ordenacao : "C";
}

/** Searches the network catalogue (hits and facets in one call). */
export function searchNetwork(api: ApiClient, q: NetworkQuery): Promise<RedeConsulta> {
  return api.get(`${NETWORK_BASE}/consulta`, RedeConsultaSchema, {
    // The network knows fewer orderings than the catalogue (its records have no copies nor dates added).
    query: { termo: q.termo, tipo: q.tipo, ordenacao: networkOrdering(q.ordenacao), qtd: q.qtd, pagina: q.pagina, filtro: q.filtro },
  });
}

/** One network record (ApiError 404 when it does not exist). */
export function getNetworkRecord(api: ApiClient, id: number): Promise<RedeRegistro> {
  return api.get(`${NETWORK_BASE}/acervo/${encodeURIComponent(String(id))}`, RedeRegistroSchema);
}
