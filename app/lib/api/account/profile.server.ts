/** Typed calls of the patron's profile (docs/api.md "Pessoas", "Comentarios", "Aquisicao"). */
import { z } from "zod";
import type { ApiClient, FullApiClient } from "../client.server";
import type { PasswordRules } from "../../../../contract/password-rules";
import {
  MyCommentSchema,
  PendingEmailSchema,
  MySuggestionSchema,
  PasswordRulesSchema,
  PersonalDataSchema,
  SuggestionStatusSchema,
  type MyComment,
  type MySuggestion,
  type PersonalData,
  type PersonalField,
} from "./types";

/** The API's private-area path under /pessoas (spec §7 `/meu-{product}/…`). */
export const privateAreaApiPath = "/pessoas/meu-pergamum";
const MY = privateAreaApiPath;

/** GET /pessoas/meu-{product}/dados-pessoais. */
export function getPersonalData(api: ApiClient): Promise<PersonalData> {
  return api.get(`${MY}/dados-pessoais`, PersonalDataSchema, { as: "patron" });
}

/** PUT /pessoas/meu-{product}/dados-pessoais with the changed fields (and `telefone`); throws ApiError 422 with field errors. */
export function savePersonalData(
  api: ApiClient,
  change: Partial<Record<PersonalField | "telefone", string | boolean | null>>,
): Promise<PersonalData> {
  return api.send("PUT", `${MY}/dados-pessoais`, PersonalDataSchema, { as: "patron", body: change });
}

/** POST /pessoas/meu-{product}/alteracao-email {email} (ADR 236): mails a confirmation link to the new address; 422/429 refusals. */
export function requestEmailChange(api: ApiClient, email: string) {
  return api.send("POST", `${MY}/alteracao-email`, PendingEmailSchema, { as: "patron", body: { email } });
}

/** DELETE /pessoas/meu-{product}/alteracao-email: cancels the change waiting for confirmation (404 when none). */
export async function cancelEmailChange(api: ApiClient): Promise<void> {
  await api.send("DELETE", `${MY}/alteracao-email`, z.unknown(), { as: "patron" });
}

/** GET /pessoas/alteracao-email?token= (any token): the new address a confirmation link names, without spending it. */
export function checkEmailChangeLink(api: ApiClient, token: string) {
  return api.get("/pessoas/alteracao-email", PendingEmailSchema, { as: "public", query: { token } });
}

/** POST /pessoas/alteracao-email/confirmacao {token} (any token): the new address becomes the patron's, once. */
export function confirmEmailChange(api: ApiClient, token: string) {
  return api.send("POST", "/pessoas/alteracao-email/confirmacao", z.object({ email: z.string() }), { as: "public", body: { token } });
}

/** GET /pessoas/meu-{product}/senha: the rules a new password must meet. */
export function getPasswordRules(api: ApiClient): Promise<PasswordRules> {
  return api.get(`${MY}/senha`, PasswordRulesSchema, { as: "patron" });
}

/** PUT /pessoas/meu-{product}/senha {senhaAtual, senhaNova}; ends the patron's other sessions. */
export async function changePassword(api: ApiClient, senhaAtual: string, senhaNova: string): Promise<void> {
  await api.send("PUT", `${MY}/senha`, z.unknown(), { as: "patron", body: { senhaAtual, senhaNova } });
}

/** GET /pessoas/email-pessoa-logada. */
export async function getMyEmail(api: ApiClient): Promise<string | null> {
  return (await api.get("/pessoas/email-pessoa-logada", z.object({ email: z.string().nullable() }), { as: "patron" })).email;
}

/** GET /pessoas/meu-{product}/meus-dados?formato=json|csv: the LGPD bundle as the file the API builds. */
export function downloadMyData(api: FullApiClient, formato: "json" | "csv") {
  return api.getFile(`${MY}/meus-dados`, { as: "patron", query: { formato } });
}

/** GET /comentarios/usuario: all the patron's comments with their moderation status. */
export function getMyComments(api: ApiClient): Promise<MyComment[]> {
  return api.get("/comentarios/usuario", z.array(MyCommentSchema), { as: "patron" });
}

/** DELETE /comentarios/usuario/{id}. */
export async function deleteMyComment(api: ApiClient, id: number): Promise<void> {
  await api.send("DELETE", `/comentarios/usuario/${id}`, z.unknown(), { as: "patron" });
}

/** GET /aquisicao/sugestoes/situacao: the 14 statuses in the request's language. */
export function getSuggestionStatuses(api: ApiClient) {
  return api.get("/aquisicao/sugestoes/situacao", z.array(SuggestionStatusSchema), { as: "patron" });
}

/** GET /aquisicao/sugestoes with dataIni, dataFim, situacao. */
export function getMySuggestions(api: ApiClient, q: { dataIni?: string; dataFim?: string; situacao?: string }): Promise<MySuggestion[]> {
  return api.get("/aquisicao/sugestoes", z.array(MySuggestionSchema), { as: "patron", query: q });
}
