/**
 * Typed calls of the title sub-pages, authorities and restricted links (spec §7 "Acervo", "Kardex and
 * contents", "Authority", "Vinculos"), parsed with zod. Optional fields accept null or absence, so another
 * Pergamum-compatible backend still parses.
 */
import { z } from "zod";
import type { ExternalBase } from "../../../contract/external-bases";
import { ExemplaresSchema, type Exemplar } from "./catalogue.server";
import type { ApiClient } from "./client.server";

import {
  id,
  AcervoDetailSchema,
  type AcervoDetail,
  PermissoesSchema,
  type Permissoes,
  TitulosAdicionaisSchema,
  type TituloAdicional,
  TITLE_PAGE_PARTS,
  type RelatedTitle,
  RelatedTitlesSchema,
  AcervoPageSchema,
  type AcervoPage,
  MarcSchema,
  type Marc,
  DublinCoreSchema,
  type DublinCore,
  KardexCombosSchema,
  type KardexCombos,
  FasciculoSchema,
  type Fasciculo,
  FasciculoItemSchema,
  type FasciculoItem,
  SumariosSchema,
  type Sumarios,
  EstatisticaAnosSchema,
  type EstatisticaAno,
  AutoridadeSchema,
  type Autoridade,
  UrlSchema,
} from "./types/acervo";
export * from "./types/acervo";
/** One title with its link codes: `GET /api/acervo/{id}` (ApiError 404 when it does not exist). */
export function getAcervoDetail(api: ApiClient, codAcervo: number): Promise<AcervoDetail> {
  return api.get(`/acervo/${id(codAcervo)}`, AcervoDetailSchema);
}

/** Estante: the other editions of the title's work (`GET /api/acervo/{id}/edicoes`). */
export function getEditions(api: ApiClient, codAcervo: number): Promise<RelatedTitle[]> {
  return api.get(`/acervo/${id(codAcervo)}/edicoes`, RelatedTitlesSchema);
}

/** Estante: more like this (`GET /api/acervo/{id}/semelhantes`). */
export function getSimilar(api: ApiClient, codAcervo: number): Promise<RelatedTitle[]> {
  return api.get(`/acervo/${id(codAcervo)}/semelhantes`, RelatedTitlesSchema);
}

/** The title page's data in one call: `GET /api/acervo/{id}?incluir=exemplares,permissoes,titulos_adicionais,comentarios,fasciculos,edicoes,semelhantes`. */
export function getAcervoPage(api: ApiClient, codAcervo: number): Promise<AcervoPage> {
  return api.get(`/acervo/${id(codAcervo)}`, AcervoPageSchema, { query: { incluir: TITLE_PAGE_PARTS.join(",") } });
}

/** What the title allows: `GET /api/acervo/{id}/permissoes`. */
export function getPermissoes(api: ApiClient, codAcervo: number): Promise<Permissoes> {
  return api.get(`/acervo/${id(codAcervo)}/permissoes`, PermissoesSchema);
}

/** Additional titles of several titles in one call: `GET /api/acervo/titulos-adicionais?acervos=`. */
export async function getTitulosAdicionais(api: ApiClient, codAcervos: number[]): Promise<Map<number, TituloAdicional[]>> {
  if (codAcervos.length === 0) return new Map();
  const rows = await api.get("/acervo/titulos-adicionais", TitulosAdicionaisSchema, { query: { acervos: codAcervos.join(",") } });
  return new Map(rows.map((r) => [r.cod_acervo, r.titulos]));
}

/** The title's MARC record; `liberacao` asks for the local fields too. */
export function getMarc(api: ApiClient, codAcervo: number, liberacao: boolean): Promise<Marc> {
  return api.get(`/acervo/${id(codAcervo)}/marc`, MarcSchema, { query: { liberacao: liberacao ? 1 : undefined } });
}

/** The title's Dublin Core elements. */
export function getDublinCore(api: ApiClient, codAcervo: number): Promise<DublinCore> {
  return api.get(`/acervo/${id(codAcervo)}/dublin-core`, DublinCoreSchema);
}

/** Loans of the title per year. */
export function getEstatisticaAnos(api: ApiClient, codAcervo: number): Promise<EstatisticaAno[]> {
  return api.get(`/acervo/${id(codAcervo)}/dados-estatisticos/anos`, EstatisticaAnosSchema);
}

/** Whether the title has a kardex: `GET /api/kardex/{id}/permissao`. */
export async function getKardexPermissao(api: ApiClient, codAcervo: number): Promise<boolean> {
  return (await api.get(`/kardex/${id(codAcervo)}/permissao`, z.object({ permitido: z.boolean() }))).permitido;
}

/** The kardex filters' options: `GET /api/kardex/{id}/combobox-data`. */
export function getKardexCombos(api: ApiClient, codAcervo: number): Promise<KardexCombos> {
  return api.get(`/kardex/${id(codAcervo)}/combobox-data`, KardexCombosSchema);
}

/** The issues of a periodical: `GET /api/kardex/{id}/data`. */
export function getKardexData(api: ApiClient, codAcervo: number, filter: { codBib?: number; year?: number }): Promise<Fasciculo[]> {
  return api.get(`/kardex/${id(codAcervo)}/data`, z.array(FasciculoSchema), { query: { codBib: filter.codBib, year: filter.year } });
}

/** One issue with its table of contents: `GET /api/kardex/{id}/item?seqPar=`. */
export function getKardexItem(api: ApiClient, codAcervo: number, seqPar: number): Promise<FasciculoItem> {
  return api.get(`/kardex/${id(codAcervo)}/item`, FasciculoItemSchema, { query: { seqPar } });
}

/** Tables of contents of a title and of its issues: `GET /api/sumario/{id}/dados`. */
export function getSumarios(api: ApiClient, codAcervo: number): Promise<Sumarios> {
  return api.get(`/sumario/${id(codAcervo)}/dados`, SumariosSchema);
}

/** One authority: `GET /api/autoridade/{id}`. */
export function getAutoridade(api: ApiClient, codAutoridade: number): Promise<Autoridade> {
  return api.get(`/autoridade/${id(codAutoridade)}`, AutoridadeSchema);
}

/** An authority's MARC record: `GET /api/autoridade/{id}/marc`. */
export function getAutoridadeMarc(api: ApiClient, codAutoridade: number): Promise<Marc> {
  return api.get(`/autoridade/${id(codAutoridade)}/marc`, MarcSchema);
}

/** Opens a restricted online link for the signed-in patron: `POST /api/acesso-restrito/{a}/s/{b}`. */
export async function openRestrictedLink(
  api: ApiClient,
  codAcervo: number,
  codLink: number,
  client: { browser: string | null; device: string | null; os: string | null },
): Promise<string> {
  const body = { browser: client.browser, device: client.device, os: client.os };
  return (await api.send("POST", `/acesso-restrito/${id(codAcervo)}/s/${id(codLink)}`, UrlSchema, { body, as: "patron" })).url;
}

/** The Grupo A library's access address for this session: `POST /api/vinculos/grupoa`. */
export async function getGrupoAUrl(api: ApiClient, sessionid: string): Promise<string> {
  return (await api.send("POST", "/vinculos/grupoa", UrlSchema, { body: { sessionid }, as: "patron" })).url;
}

/** An external base's access address: `GET /api/vinculos/target/{base}`. */
export async function getExternalBaseUrl(api: ApiClient, base: ExternalBase): Promise<string> {
  return (await api.get(`/vinculos/target/${encodeURIComponent(base)}`, UrlSchema, { as: "patron" })).url;
}

/** The copies of a title in one library (information unit): `GET /api/acervo/{id}/exemplares?cod_unidade=`. */
export function getExemplaresDaUnidade(api: ApiClient, codAcervo: number, codUnidade: number): Promise<Exemplar[]> {
  return api.get(`/acervo/${id(codAcervo)}/exemplares`, ExemplaresSchema, { query: { cod_unidade: codUnidade } });
}
