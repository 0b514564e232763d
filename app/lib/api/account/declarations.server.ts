/**
 * Typed calls of the no-debts declaration (spec §7 "nada-consta"), absences, paper posting and user swap
 * (spec §7 "Pessoas"); docs/api.md, ADR 192.
 */
import { z } from "zod";
import type { ApiClient } from "../client.server";
import {
  AbsenceSchema,
  DeclarationSchema,
  NoDebtsStatusSchema,
  VerifiedDeclarationSchema,
  type Absence,
  type Declaration,
  type NoDebtsStatus,
  type VerifiedDeclaration,
} from "./declaration-types";
import { privateAreaApiPath } from "./profile.server";

/** GET /nada-consta/verifica: what stops a declaration, and the one already issued. */
export function getNoDebtsStatus(api: ApiClient): Promise<NoDebtsStatus> {
  return api.get("/nada-consta/verifica", NoDebtsStatusSchema, { as: "patron" });
}

/** POST /nada-consta {confirmacao: true}: issues the declaration (or answers the one issued before). */
export function issueNoDebts(api: ApiClient): Promise<Declaration> {
  return api.send("POST", "/nada-consta", DeclarationSchema, { as: "patron", body: { confirmacao: true } });
}

/** POST /nada-consta/send-mail: the API builds the declaration's PDF and e-mails it to the patron's address; answers it masked. */
export async function mailNoDebts(api: ApiClient): Promise<string> {
  const res = await api.send("POST", "/nada-consta/send-mail", z.looseObject({ email: z.string() }), { as: "patron" });
  return res.email;
}

/** GET /nada-consta/verificar?codigo= (public token): the declaration a code names; ApiError 404 when none, 422 malformed. */
export function verifyNoDebts(api: ApiClient, codigo: string): Promise<VerifiedDeclaration> {
  return api.get("/nada-consta/verificar", VerifiedDeclarationSchema, { as: "public", query: { codigo } });
}

/** GET /pessoas/afastamentos: the patron's absences, latest first. */
export function getAbsences(api: ApiClient): Promise<Absence[]> {
  return api.get("/pessoas/afastamentos", z.array(AbsenceSchema), { as: "patron" });
}

/** POST /pessoas/postagem-trabalho/redirect: the repository's address with a one-time ticket. */
export async function paperPostingUrl(api: ApiClient): Promise<string> {
  return (await api.send("POST", "/pessoas/postagem-trabalho/redirect", z.looseObject({ url: z.string() }), { as: "patron" })).url;
}

/** POST /pessoas/meu-{product}/troca-usuario {usuario}: ends the patron's session on the API. */
export async function swapUser(api: ApiClient, usuario: string): Promise<void> {
  await api.send("POST", `${privateAreaApiPath}/troca-usuario`, z.unknown(), { as: "patron", body: { usuario } });
}
