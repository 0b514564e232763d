/**
 * Typed calls of the patron requests: holds (spec §7 "Reserva"), loan requests ("Solicitacao-emprestimo"),
 * purchase suggestions and the libraries list ("Unidade-informacao").
 */
import { data } from "react-router";
import { z } from "zod";
import type { ApiClient } from "./client.server";
import { ApiError, describeError, type ErrorMessage } from "./errors";

import {
  HoldOptionsSchema,
  type HoldOptions,
  type HoldPayload,
  PlacedSchema,
  HoldListSchema,
  LoanRequestOptionsSchema,
  type LoanRequestOptions,
  UnitSchema,
  type Unit,
  RULE_CODES,
} from "./types/requests";
export * from "./types/requests";
/** GET /reserva/{id}/informacoes-iniciais. */
export function getHoldOptions(api: ApiClient, codAcervo: number): Promise<HoldOptions> {
  return api.get(`/reserva/${codAcervo}/informacoes-iniciais`, HoldOptionsSchema, { as: "patron" });
}

/** POST /validar-fila then POST /reserva (spec §7): the queue check, then the hold. Throws ApiError 422 on a rule. */
export async function placeHold(api: ApiClient, payload: HoldPayload) {
  try {
    await api.send("POST", "/validar-fila", z.object({ posicao: z.number().int() }), { body: payload, as: "patron" });
  } catch (err) {
    // The form sent again after its answer was lost (a timeout after the API placed the hold): the queue check
    // sees that hold, but POST /reserva answers it by the form's key (ADR 112), or refuses a different key.
    if (!(payload.chave_envio && err instanceof ApiError && err.code === "reserva_existente")) throw err;
  }
  return api.send("POST", "/reserva", PlacedSchema, { body: payload, as: "patron" });
}

/** GET /reserva: the patron's active holds (to show the queue position after placing one). */
export function getMyHolds(api: ApiClient) {
  return api.get("/reserva", HoldListSchema, { as: "patron" });
}

/** GET /solicitacao-emprestimo/{id}/informacoes-iniciais. */
export function getLoanRequestOptions(api: ApiClient, codAcervo: number): Promise<LoanRequestOptions> {
  return api.get(`/solicitacao-emprestimo/${codAcervo}/informacoes-iniciais`, LoanRequestOptionsSchema, { as: "patron" });
}

/** POST /solicitacao-emprestimo/{id}: throws ApiError 422 (`limite_solicitacoes`, `solicitacao_duplicada`…). */
export function createLoanRequest(api: ApiClient, codAcervo: number, payload: Record<string, unknown>) {
  return api.send("POST", `/solicitacao-emprestimo/${codAcervo}`, z.object({ cod_solicitacao: z.number().int(), criada: z.boolean().catch(true) }), {
    body: payload,
    as: "patron",
  });
}

/** GET /unidade-informacao: every library with its campus (one call serves the campus list too). */
export function getUnits(api: ApiClient): Promise<Unit[]> {
  return api.get("/unidade-informacao", z.array(UnitSchema));
}

/** POST /sugestao-aquisicao with the suggestion fields of spec §3. */
export function createSuggestion(api: ApiClient, body: Record<string, unknown>) {
  return api.send("POST", "/sugestao-aquisicao", z.object({ cod_sugestao: z.number().int() }), { body, as: "patron" });
}

/** POST /aquisicao/sugestoes: a professor's suggestion for one of their teaching plans (ADR 195). */
export function createProfessorSuggestion(api: ApiClient, body: Record<string, unknown>) {
  return api.send("POST", "/aquisicao/sugestoes", z.object({ cod_sugestao: z.number().int() }), { body, as: "patron" });
}

/** Whether the signed-in patron is a professor (spec §6: teachers have their own suggestion route). */
export async function isProfessor(api: ApiClient): Promise<boolean> {
  const data = await api.get("/autenticar/dados-usuario", z.object({ user: z.looseObject({ professor: z.boolean().catch(false) }) }), {
    as: "patron",
  });
  return data.user.professor;
}

/**
 * Turns a refused request into what a form shows: field errors (keys) on the fields the API named, and one
 * form-level message (a rule of spec §8, or the generic error catalogue).
 */
export function requestErrorReply(
  err: unknown,
  fields: readonly string[],
): { fieldErrors: Record<string, string[]>; formError: ErrorMessage | null } {
  const fieldErrors: Record<string, string[]> = {};
  if (err instanceof ApiError) {
    if (err.code && (RULE_CODES as readonly string[]).includes(err.code)) return { fieldErrors, formError: { key: `requests:rules.${err.code}` } };
    if (err.status === 422 && err.errors) {
      for (const field of Object.keys(err.errors)) if (fields.includes(field)) fieldErrors[field] = ["requests:errors.check_field"];
      if (Object.keys(fieldErrors).length > 0) return { fieldErrors, formError: null };
    }
  }
  return { fieldErrors, formError: describeError(err) };
}

/** Awaits an API call for a title; an unknown title becomes the route's 404 (thrown as a response). */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}
