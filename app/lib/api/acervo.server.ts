/**
 * Typed calls of the title sub-pages, authorities and restricted links (spec §7 "Acervo", "Kardex and
 * contents", "Authority", "Vinculos"), parsed with zod. Optional fields accept null or absence, so another
 * Pergamum-compatible backend still parses.
 */
import { z } from "zod";
import type { ExternalBase } from "../../../contract/external-bases";
import { AcervoSchema, ExemplaresSchema, type Exemplar } from "./catalogue.server";
import type { ApiClient } from "./client.server";
import { CommentViewSchema } from "./comments.server";

const int = z.number().int();
const text = z
  .string()
  .nullish()
  .transform((v) => (v == null || v.trim() === "" ? null : v));
const id = (n: number) => encodeURIComponent(String(n));

const codeLabel = z.object({ codigo: z.coerce.string(), descricao: z.string() });

/**
 * A title's extra data (spec §3, ADR 215). Every part is optional: a backend without one (or with a shape the
 * portal does not know) leaves that part out of the page.
 */
const TitleExtrasShape = {
  cod_tipo_area_conhec: int
    .nullish()
    .catch(null)
    .transform((v) => v ?? null),
  desc_tipo_area_conhec: text.catch(null),
  cod_area_conhecimento: z.coerce
    .string()
    .nullish()
    .catch(null)
    .transform((v) => v ?? null),
  areas_conhecimento: z.array(codeLabel).catch([]).default([]),
  rota: z
    .array(
      z.object({
        cod_biblioteca: int.nullish().transform((v) => v ?? null),
        desc_biblioteca: z.string(),
        localizacao: text,
        chamada: text,
        fechado: z.boolean().catch(false).default(false),
      }),
    )
    .catch([])
    .default([]),
  // Estante: a copy is in closed stacks (docs/api.md); a backend without the flag has no closed-stacks page.
  acervo_fechado: z.boolean().catch(false).default(false),
  cursos_disc: z
    .array(
      z.object({
        cod_curso: int.nullish().transform((v) => v ?? null),
        curso: text,
        cod_disciplina: int.nullish().transform((v) => v ?? null),
        codigo_disciplina: text,
        disciplina: text,
      }),
    )
    .catch([])
    .default([]),
  dados_adicionais: z.record(z.string(), z.array(codeLabel).catch([])).catch({}).default({}),
};
export type TitleExtras = { [K in keyof typeof TitleExtrasShape]: z.infer<(typeof TitleExtrasShape)[K]> };

/** The title page's record: the catalogue's title, with each online link's code (for restricted access). */
export const AcervoDetailSchema = AcervoSchema.extend({
  links: z
    .array(
      z.object({
        cod_link: int.nullish().transform((v) => v ?? null),
        url: z.string(),
        descricao: text,
        restrito: z.union([z.boolean(), z.number()]).transform(Boolean).catch(false),
        acessibilidade: z.union([z.boolean(), z.number()]).transform(Boolean).catch(false),
      }),
    )
    .catch([]),
  ...TitleExtrasShape,
});
export type AcervoDetail = z.infer<typeof AcervoDetailSchema>;

/** One title with its link codes: `GET /api/acervo/{id}` (ApiError 404 when it does not exist). */
export function getAcervoDetail(api: ApiClient, codAcervo: number): Promise<AcervoDetail> {
  return api.get(`/acervo/${id(codAcervo)}`, AcervoDetailSchema);
}

/** `GET /api/acervo/{id}/permissoes`: what a patron may do with the title. */
export const PermissoesSchema = z.object({
  reserva: z.boolean().catch(false),
  solicitacao_emprestimo: z.boolean().catch(false),
  comentario: z.boolean().catch(false),
  exemplares: int.nonnegative().catch(0),
  disponiveis: int.nonnegative().catch(0),
});
export type Permissoes = z.infer<typeof PermissoesSchema>;

/** One title's additional titles (`GET /api/acervo/titulos-adicionais?acervos=`). */
export const TitulosAdicionaisSchema = z.array(
  z.object({ cod_acervo: int, titulos: z.array(z.object({ tipo: z.string(), titulo: z.string() })).catch([]) }),
);
export type TituloAdicional = { tipo: string; titulo: string };

/** The parts the title page asks the title call to embed (`?incluir=`, docs/api.md, ADR 210). */
export const TITLE_PAGE_PARTS = ["exemplares", "permissoes", "titulos_adicionais", "comentarios", "fasciculos", "edicoes", "semelhantes"] as const;

/** A related title: another edition of the work, or one of "more like this" (Estante, ADR 244). */
export const RelatedTitleSchema = z.object({
  cod_acervo: int,
  titulo: z.string(),
  subtitulo: text,
  autor: text,
  edicao: text,
  editora: text,
  local_publicacao: text,
  ano_publicacao: int.nullish().transform((v) => v ?? null),
  idioma: text,
});
export type RelatedTitle = z.infer<typeof RelatedTitleSchema>;
const RelatedTitlesSchema = z.array(RelatedTitleSchema);

/** Estante: the other editions of the title's work (`GET /api/acervo/{id}/edicoes`). */
export function getEditions(api: ApiClient, codAcervo: number): Promise<RelatedTitle[]> {
  return api.get(`/acervo/${id(codAcervo)}/edicoes`, RelatedTitlesSchema);
}

/** Estante: more like this (`GET /api/acervo/{id}/semelhantes`). */
export function getSimilar(api: ApiClient, codAcervo: number): Promise<RelatedTitle[]> {
  return api.get(`/acervo/${id(codAcervo)}/semelhantes`, RelatedTitlesSchema);
}

/**
 * The title with the parts `?incluir=` embeds. Each part is optional: a backend that ignores `incluir` (or a part
 * that does not parse) leaves it out, and the page loads that part with its own call.
 */
export const AcervoPageSchema = AcervoDetailSchema.extend({
  exemplares: ExemplaresSchema.optional().catch(undefined),
  permissoes: PermissoesSchema.optional().catch(undefined),
  titulos_adicionais: TitulosAdicionaisSchema.element.shape.titulos.optional().catch(undefined),
  comentarios: z.array(CommentViewSchema).optional().catch(undefined),
  // A periodical's latest received issues (ADR 196); a backend without the part gives none, and the page shows none.
  fasciculos: z
    .lazy(() => z.array(FasciculoSchema))
    .optional()
    .catch(undefined),
  edicoes: RelatedTitlesSchema.optional().catch(undefined),
  semelhantes: RelatedTitlesSchema.optional().catch(undefined),
});
export type AcervoPage = z.infer<typeof AcervoPageSchema>;

/** The title page's data in one call: `GET /api/acervo/{id}?incluir=exemplares,permissoes,titulos_adicionais,comentarios,fasciculos,edicoes,semelhantes`. */
export function getAcervoPage(api: ApiClient, codAcervo: number): Promise<AcervoPage> {
  return api.get(`/acervo/${id(codAcervo)}`, AcervoPageSchema, { query: { incluir: TITLE_PAGE_PARTS.join(",") } });
}

const SubcampoSchema = z.object({ codigo: z.string(), valor: z.string() });
/** A MARC record as `/marc` returns it (control fields have `valor`). */
export const MarcSchema = z.object({
  leader: z.string().catch(""),
  campos: z.array(
    z.union([
      z.object({ tag: z.string(), ind1: z.string(), ind2: z.string(), subcampos: z.array(SubcampoSchema) }),
      z.object({ tag: z.string(), valor: z.string() }),
    ]),
  ),
});
export type Marc = z.infer<typeof MarcSchema>;

export const DublinCoreSchema = z.object({ elementos: z.array(z.object({ elemento: z.string(), valor: z.string() })) });
export type DublinCore = z.infer<typeof DublinCoreSchema>;

const BibliotecaSchema = z.object({ cod_biblioteca: int, desc_biblioteca: z.string() });
export type Biblioteca = z.infer<typeof BibliotecaSchema>;

export const KardexCombosSchema = z.object({ bibliotecas: z.array(BibliotecaSchema).catch([]), anos: z.array(int).catch([]) });
export type KardexCombos = z.infer<typeof KardexCombosSchema>;

const EntrySchema = z.object({ titulo: z.string(), autor: text, pagina: text });
export type ContentsEntry = z.infer<typeof EntrySchema>;

export const FasciculoSchema = z.object({
  cod_fasciculo: int,
  biblioteca: BibliotecaSchema,
  ano: int,
  volume: text,
  numero: text,
  periodo: text,
  data_publicacao: text,
  data_chegada: text,
  situacao: z.string(),
  observacao: text,
  possui_sumario: z.boolean().catch(false),
});
export type Fasciculo = z.infer<typeof FasciculoSchema>;
export const FasciculoItemSchema = FasciculoSchema.extend({ sumario: z.array(EntrySchema).catch([]) });
export type FasciculoItem = z.infer<typeof FasciculoItemSchema>;

export const SumariosSchema = z.object({
  livro: z.array(EntrySchema).catch([]),
  fasciculos: z.array(z.object({ cod_fasciculo: int, ano: int, volume: text, numero: text, periodo: text, itens: z.array(EntrySchema) })).catch([]),
});
export type Sumarios = z.infer<typeof SumariosSchema>;

export const EstatisticaAnosSchema = z.array(z.object({ ano: int, emprestimos: int.nonnegative() }));
export type EstatisticaAno = z.infer<typeof EstatisticaAnosSchema>[number];

export const AutoridadeSchema = z.object({
  cod_autoridade: int,
  tipo: int.catch(0),
  desc_tipo: text,
  cabecalho: z.string(),
  ver: z.array(z.string()).catch([]),
  ver_tambem: z.array(z.object({ cabecalho: z.string(), cod_autoridade: int.nullable().catch(null) })).catch([]),
  notas: z.array(z.string()).catch([]),
  total_acervos: int.nonnegative().catch(0),
  acervos: z
    .array(z.object({ cod_acervo: int, titulo: z.string(), autor: text, ano_publicacao: int.nullish().transform((v) => v ?? null) }))
    .catch([]),
});
export type Autoridade = z.infer<typeof AutoridadeSchema>;

const UrlSchema = z.object({ url: z.string().url() });

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
