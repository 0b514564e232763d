/** Typed calls of the requests to the library (spec §7 "Solicitacoes"; ADR 190). */
import { z } from "zod";
import type { ApiClient } from "../client.server";
import { LibraryRequestSchema, type LibraryRequest } from "./library-request-types";
import type { RequestKind, RequestStatus } from "~/lib/library-requests/forms";

/** GET /solicitacoes/{type}?status: the patron's requests of one kind, newest first. */
export function listLibraryRequests(api: ApiClient, kind: RequestKind, status?: RequestStatus): Promise<LibraryRequest[]> {
  return api.get(`/solicitacoes/${kind}`, z.array(LibraryRequestSchema), { as: "patron", query: { status } });
}

/** GET /solicitacoes/{type}/{id}: one of the patron's requests (a catalogue card's answer). */
export function getLibraryRequest(api: ApiClient, kind: RequestKind, id: number): Promise<LibraryRequest> {
  return api.get(`/solicitacoes/${kind}/${id}`, LibraryRequestSchema, { as: "patron" });
}

/**
 * POST /solicitacoes/{apiPath} (emprestimo-inter-bibliotecas, comutacao-bibliografica/{type},
 * levantamento-bibliografico, ficha-catalografica, pesquisa-especializada). Throws ApiError 422 with field
 * errors, or code solicitacao_duplicada | limite_solicitacoes.
 */
export function createLibraryRequest(api: ApiClient, apiPath: string, body: Record<string, unknown>): Promise<LibraryRequest> {
  return api.send("POST", `/solicitacoes/${apiPath}`, LibraryRequestSchema, { as: "patron", body });
}
