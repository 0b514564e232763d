/**
 * Typed calls of the catalogue (spec §7 "Consulta" and "Acervo"), parsed with zod.
 * Fields the portal does not render are dropped by the object schemas, and optional
 * columns accept null or absence so another Pergamum-compatible backend still parses.
 */
import { z } from "zod";
import type { ApiClient } from "./client.server";
import type { SearchInput } from "~/schemas/search";

const text = z.string().nullish().transform((v) => (v == null || v.trim() === "" ? null : v));
const int = z.number().int();

/** The fields a search hit and a title page share. */
const titleCore = {
  cod_acervo: int,
  titulo: z.string(),
  subtitulo: text,
  autor: text,
  editora: text,
  local_publicacao: text,
  ano_publicacao: int.nullish().transform((v) => v ?? null),
  edicao: text,
};

/** One hit of `GET /api/consulta`. */
export const ConsultaItemSchema = z.object({
  ...titleCore,
  cod_tipo_obra: int.nullish(),
  desc_tipo_obra: text,
  link_capa: text,
  acesso_remoto: text,
  possui_acessibilidade: text,
  exemplares: int.nonnegative().catch(0),
  disponiveis: int.nonnegative().catch(0),
});
export type ConsultaItem = z.infer<typeof ConsultaItemSchema>;

/** The body of `GET /api/consulta`. */
export const ConsultaSchema = z.object({
  total: int.nonnegative(),
  totalLimitado: z.boolean().catch(false),
  pagina: int.positive(),
  qtd: int.positive(),
  resultados: z.array(ConsultaItemSchema),
});
export type Consulta = z.infer<typeof ConsultaSchema>;

const LinkSchema = z.object({
  url: z.string(),
  descricao: text,
  restrito: z.union([z.boolean(), z.number()]).transform(Boolean).catch(false),
  acessibilidade: z.union([z.boolean(), z.number()]).transform(Boolean).catch(false),
});

const AutoridadeRefSchema = z.object({ cod_autoridade: int, tipo: int.catch(0), cabecalho: z.string() });

const strings = z.array(z.string()).catch([]);

/** The body of `GET /api/acervo/{id}`: one title. */
export const AcervoSchema = z.object({
  ...titleCore,
  descricao_fisica: text,
  classificacao: text,
  chamada: text,
  idioma: text,
  idioma_desc: text,
  isbn: text,
  issn: text,
  serie: text,
  cod_tipo_obra: int.nullish(),
  desc_tipo_obra: text,
  assuntos: strings,
  autores_secundarios: strings,
  notas: strings,
  link_capa: text,
  acesso_remoto: text,
  possui_acessibilidade: text,
  links: z.array(LinkSchema).catch([]),
  autoridades: z.array(AutoridadeRefSchema).catch([]),
  instituicao: z.object({ cod_empresa: int, desc_empresa: z.string() }).nullish(),
});
export type Acervo = z.infer<typeof AcervoSchema>;

/** One copy of `GET /api/acervo/{id}/exemplares`. */
export const ExemplarSchema = z.object({
  cod_exemplar: int,
  codigo_barras: text,
  biblioteca: z.object({ cod_biblioteca: int, desc_biblioteca: z.string() }),
  localizacao: text,
  chamada: text,
  tipo_emprestimo: text,
  situacao: text,
  data_devolucao_prevista: text,
  volume: text,
  tomo: text,
  parte: text,
  material_adicional: text,
});
export type Exemplar = z.infer<typeof ExemplarSchema>;
export const ExemplaresSchema = z.array(ExemplarSchema);

/** Search the catalogue: `GET /api/consulta` with the form's values and the guide (search tab). */
export function searchCatalogue(api: ApiClient, input: SearchInput, guia = "geral"): Promise<Consulta> {
  return api.get("/consulta", ConsultaSchema, {
    query: {
      termo: input.termo,
      tipo: input.tipo,
      ordenacao: input.ordenacao,
      qtd: input.qtd,
      pagina: input.pagina,
      guia,
    },
  });
}

/** One title: `GET /api/acervo/{id}` (ApiError 404 when it does not exist). */
export function getAcervo(api: ApiClient, codAcervo: number): Promise<Acervo> {
  return api.get(`/acervo/${encodeURIComponent(String(codAcervo))}`, AcervoSchema);
}

/** The copies of one title: `GET /api/acervo/{id}/exemplares`. */
export function getExemplares(api: ApiClient, codAcervo: number): Promise<Exemplar[]> {
  return api.get(`/acervo/${encodeURIComponent(String(codAcervo))}/exemplares`, ExemplaresSchema);
}
