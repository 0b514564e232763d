/** Typed calls of the interest profile (spec §7 "Perfil-interesse"; docs/api.md, ADR 191). */
import { z } from "zod";
import type { ApiClient } from "../client.server";
import {
  AreaInfoSchema,
  AreaTitlesSchema,
  CandidateSchema,
  CheckTitlesSchema,
  FollowedPeriodicalSchema,
  PeriodicalHitSchema,
  ProfileSchema,
  WorkTypeSchema,
  type DsiKind,
  type PeriodicalNews,
} from "./interest-profile-types";

/** GET /perfil-interesse/area-autor-assunto: the profile's expiry date and items. */
export function getProfile(api: ApiClient) {
  return api.get("/perfil-interesse/area-autor-assunto", ProfileSchema, { as: "patron" });
}

/** POST /perfil-interesse/area-autor-assunto {tipoDSI, validade, itens}: adds items and sets the expiry date (422 with field errors). */
export function addProfileItems(api: ApiClient, tipoDSI: DsiKind, validade: string, itens: string[]) {
  return api.send("POST", "/perfil-interesse/area-autor-assunto", ProfileSchema, { as: "patron", body: { tipoDSI, validade, itens } });
}

/** DELETE /perfil-interesse/area-autor-assunto {codigo, tipoDSI, codTipoArea}: removes an item (404 when gone). */
export function removeProfileItem(api: ApiClient, codigo: string, tipoDSI: DsiKind, codTipoArea: number) {
  return api.send("DELETE", "/perfil-interesse/area-autor-assunto", z.unknown(), { as: "patron", body: { codigo, tipoDSI, codTipoArea } });
}

/** PUT /perfil-interesse/area-autor-assunto/validade {validade}. */
export function setProfileValidity(api: ApiClient, validade: string) {
  return api.send("PUT", "/perfil-interesse/area-autor-assunto/validade", ProfileSchema, { as: "patron", body: { validade } });
}

/** GET /perfil-interesse/pesquisa?tipoDSI&termo: candidates to add. */
export function searchProfileCandidates(api: ApiClient, tipoDSI: DsiKind, termo: string) {
  return api.get("/perfil-interesse/pesquisa", z.array(CandidateSchema), { as: "patron", query: { tipoDSI, termo } });
}

/** GET /perfil-interesse/periodicos. */
export function getFollowedPeriodicals(api: ApiClient) {
  return api.get("/perfil-interesse/periodicos", z.array(FollowedPeriodicalSchema), { as: "patron" });
}

/** POST (follow) or PUT (change the journal types of) /perfil-interesse/periodicos {cod_acervo, tipos}. */
export function savePeriodical(api: ApiClient, method: "POST" | "PUT", codAcervo: number, tipos: PeriodicalNews[]) {
  return api.send(method, "/perfil-interesse/periodicos", FollowedPeriodicalSchema, { as: "patron", body: { cod_acervo: codAcervo, tipos } });
}

/** DELETE /perfil-interesse/periodicos {cod_acervo}. */
export function unfollowPeriodical(api: ApiClient, codAcervo: number) {
  return api.send("DELETE", "/perfil-interesse/periodicos", z.unknown(), { as: "patron", body: { cod_acervo: codAcervo } });
}

/** GET /perfil-interesse/periodicos/pesquisa?termo. */
export function searchPeriodicals(api: ApiClient, termo: string) {
  return api.get("/perfil-interesse/periodicos/pesquisa", z.array(PeriodicalHitSchema), { as: "patron", query: { termo } });
}

/** GET /perfil-interesse/tipo-obra: every work type, marking the profile's. */
export function getProfileWorkTypes(api: ApiClient) {
  return api.get("/perfil-interesse/tipo-obra", z.array(WorkTypeSchema), { as: "patron" });
}

/** PUT /perfil-interesse/tipo-obra {tipos}: replaces the profile's work types. */
export function setProfileWorkTypes(api: ApiClient, tipos: number[]) {
  return api.send("PUT", "/perfil-interesse/tipo-obra", z.array(WorkTypeSchema), { as: "patron", body: { tipos } });
}

/** GET /perfil-interesse/areas-interesse/info-auxiliar. */
export function getAreaInfo(api: ApiClient) {
  return api.get("/perfil-interesse/areas-interesse/info-auxiliar", AreaInfoSchema, { as: "patron" });
}

/** GET /perfil-interesse/areas-interesse/titulos?area&pagina. */
export function getAreaTitles(api: ApiClient, area: string | undefined, pagina: number) {
  return api.get("/perfil-interesse/areas-interesse/titulos", AreaTitlesSchema, { as: "patron", query: { area, pagina } });
}

/** GET /perfil-interesse/verificar-titulos?pagina: check titles (spec §2, §9). */
export function getCheckTitles(api: ApiClient, pagina: number) {
  return api.get("/perfil-interesse/verificar-titulos", CheckTitlesSchema, { as: "patron", query: { pagina } });
}
