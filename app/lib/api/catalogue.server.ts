/**
 * Typed calls of the catalogue (spec §7 "Consulta" and "Acervo"), parsed with zod.
 * Fields the portal does not render are dropped by the object schemas, and optional
 * columns accept null or absence so another Pergamum-compatible backend still parses.
 */
import { z } from "zod";
import type { ApiClient } from "./client.server";
import { TAB_OPTION_FIELDS, type AdvancedSearchInput, type AuthoritySearchInput, type SearchInput, type TeachingPlanInput } from "~/schemas/search";

const text = z
  .string()
  .nullish()
  .transform((v) => (v == null || v.trim() === "" ? null : v));
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
  // MARC language code of the record (008/35-37, else 041 $a): the `lang` of its title (ADR 136).
  idioma: text,
  cod_tipo_obra: int.nullish(),
  desc_tipo_obra: text,
  link_capa: text,
  acesso_remoto: text,
  possui_acessibilidade: text,
  exemplares: int.nonnegative().catch(0),
  disponiveis: int.nonnegative().catch(0),
});
export type ConsultaItem = z.infer<typeof ConsultaItemSchema> & Partial<Pick<ConsultaHit, "localizacoes" | "reservavel" | "edicoes">>;

/** One hit of `GET /api/consulta` with the Estante extensions (the basket's and the browse's titles have none). */
export const ConsultaHitSchema = ConsultaItemSchema.extend({
  // Estante extensions (issue 28): where the copies are, per library, and whether a hold can be placed. Another
  // backend sends neither: no places listed, no hold link.
  localizacoes: z
    .array(
      z.object({
        cod_biblioteca: int,
        biblioteca: z.string(),
        chamada: text,
        localizacao: text,
        exemplares: int.nonnegative(),
        disponiveis: int.nonnegative(),
      }),
    )
    .catch([])
    .default([]),
  reservavel: z.boolean().catch(false).default(false),
  // The editions of the hit's work, itself included (ADR 244).
  edicoes: int.positive().optional(),
});
export type ConsultaHit = z.infer<typeof ConsultaHitSchema>;

/** The body of `GET /api/consulta`. */
export const ConsultaSchema = z.object({
  total: int.nonnegative(),
  totalLimitado: z.boolean().catch(false),
  pagina: int.positive(),
  qtd: int.positive(),
  resultados: z.array(ConsultaHitSchema),
  /** "Did you mean": corrected search texts with their number of titles (a backend without them sends none). */
  sugestoes: z
    .array(z.object({ termo: z.string(), total: int.nonnegative() }))
    .optional()
    .catch(undefined),
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

/** What a search sends: the simple form's term, or the advanced form's fields; plus the selected filters and tab options. */
export type CatalogueQuery = (SearchInput | Omit<AdvancedSearchInput, "exibicao">) & { filtro?: string[]; disponivel?: string } & TabOptionValues;

/** The tab forms' own option values (ADR 065), by field. */
export type TabOptionValues = { material?: string; decada?: string; especie?: string; ano?: string; tribunal?: string; decisao?: string };

/** The term fields of a search as API query parameters, with the tab's own options (ADR 065). */
function termQuery(input: CatalogueQuery, guia = "geral") {
  const terms =
    "termo" in input
      ? { termo: input.termo, tipo: input.tipo }
      : // Contains-any is sent only when asked for: "todas" is the API's default (and another backend's).
        {
          titulo: input.titulo,
          autor: input.autor,
          assunto: input.assunto,
          modo: input.modo === "qualquer" ? "qualquer" : undefined,
          // How the author and subject rows join the rows before them (ADR 257): sent only when not AND, the default.
          op_autor: input.autor && input.op_autor !== "E" ? input.op_autor : undefined,
          op_assunto: input.assunto && input.op_assunto !== "E" ? input.op_assunto : undefined,
          // Estante extensions of the advanced search (issue 28).
          isbn: input.isbn,
          editora: input.editora,
          ano_de: input.ano_de,
          ano_ate: input.ano_ate,
        };
  const options = Object.fromEntries((TAB_OPTION_FIELDS[guia] ?? []).map((f) => [f, input[f as keyof TabOptionValues]]));
  return { ...terms, ...options, disponivel: input.disponivel };
}

/** Search the catalogue: `GET /api/consulta` with the form's values, the selected filters and the guide (search tab). */
export function searchCatalogue(api: ApiClient, input: CatalogueQuery, guia = "geral"): Promise<Consulta> {
  return api.get("/consulta", ConsultaSchema, {
    query: {
      ...termQuery(input, guia),
      ordenacao: input.ordenacao,
      qtd: input.qtd,
      pagina: input.pagina,
      guia,
      filtro: input.filtro ?? [],
    },
  });
}

/** One facet value of `GET /api/consulta/filtros` (spec §3 "Filter"). */
export const FiltroSchema = z.object({
  tipo: z.string(),
  codigo: z.string(),
  descricao: z.string(),
  total: int.nonnegative(),
  totalSemFiltro: int.nonnegative(),
  selecionado: z.boolean().optional(),
});
export type Filtro = z.infer<typeof FiltroSchema>;

/** The body of `GET /api/consulta/filtros`. A backend that answers a bare list is accepted too. */
export const FiltrosSchema = z.union([
  z.object({
    totalLimitado: z.boolean().catch(false),
    estimado: z.boolean().catch(false).default(false),
    estimadoSemFiltro: z.boolean().catch(false).default(false),
    filtros: z.array(FiltroSchema),
  }),
  z.array(FiltroSchema).transform((filtros) => ({ totalLimitado: false, estimado: false, estimadoSemFiltro: false, filtros })),
]);
export type Filtros = z.infer<typeof FiltrosSchema>;

/** The facets of a search, built for its tab: `GET /api/consulta/filtros?search_tab=` with the same terms and filters. */
export function getSearchFilters(api: ApiClient, input: CatalogueQuery, guia = "geral"): Promise<Filtros> {
  return api.get("/consulta/filtros", FiltrosSchema, { query: { ...termQuery(input, guia), search_tab: guia, filtro: input.filtro ?? [] } });
}

/** One sort option of `GET /api/consulta/ordenacao`. */
export const OrdenacaoSchema = z.object({ codigo: z.string(), descricao: z.string() });
export type Ordenacao = z.infer<typeof OrdenacaoSchema>;

// Sort options change only with a deployment: cached per process and API language, like the site configuration.
const ordenacaoCache = new Map<string, Promise<Ordenacao[]>>();

/** The search's sort options (`GET /api/consulta/ordenacao`), cached per process for each API language id. */
export function getOrdenacoes(api: ApiClient, langId: string): Promise<Ordenacao[]> {
  let hit = ordenacaoCache.get(langId);
  if (!hit) {
    hit = api.get("/consulta/ordenacao", z.array(OrdenacaoSchema), { as: "public" });
    ordenacaoCache.set(langId, hit);
    // A failure is not cached: the next page asks again.
    hit.catch(() => ordenacaoCache.delete(langId));
  }
  return hit;
}

/** The browse indexes (`GET /api/opcoes-indice`). */
export function getBrowseOptions(api: ApiClient): Promise<Array<{ codigo: string; descricao: string }>> {
  return api.get("/opcoes-indice", z.array(OrdenacaoSchema));
}

/** One page of a browse index (`GET /api/indice/{indice}`): entries with their number of titles, and paging keys. */
export const BrowsePageSchema = z.object({
  entradas: z.array(z.object({ chave: z.string(), valor: z.string(), total: int.nonnegative() })),
  anterior: z.string().nullable().catch(null),
  proxima: z.string().nullable().catch(null),
});
export type BrowsePage = z.infer<typeof BrowsePageSchema>;

/** Browses an index from a typed point (`termo`), or pages on from a key (`de` forwards, `ate` backwards). */
export function browseIndex(api: ApiClient, indice: string, at: { termo?: string; de?: string; ate?: string }, qtd = 20): Promise<BrowsePage> {
  return api.get(`/indice/${encodeURIComponent(indice)}`, BrowsePageSchema, { query: { ...at, qtd } });
}

/** The titles of one index entry (`GET /api/indice/{indice}/titulos`), with the search's item shape. */
export const BrowseTitlesSchema = z.object({
  total: int.nonnegative(),
  valor: z.string().nullable().catch(null),
  pagina: int.positive(),
  qtd: int.positive(),
  resultados: z.array(ConsultaItemSchema),
});
export type BrowseTitles = z.infer<typeof BrowseTitlesSchema>;

/** The titles filed under one entry of an index. */
export function browseTitles(api: ApiClient, indice: string, chave: string, pagina = 1, qtd = 20): Promise<BrowseTitles> {
  return api.get(`/indice/${encodeURIComponent(indice)}/titulos`, BrowseTitlesSchema, { query: { chave, pagina, qtd } });
}

/** One title: `GET /api/acervo/{id}` (ApiError 404 when it does not exist). */
export function getAcervo(api: ApiClient, codAcervo: number): Promise<Acervo> {
  return api.get(`/acervo/${encodeURIComponent(String(codAcervo))}`, AcervoSchema);
}

/** The copies of one title: `GET /api/acervo/{id}/exemplares`. */
export function getExemplares(api: ApiClient, codAcervo: number): Promise<Exemplar[]> {
  return api.get(`/acervo/${encodeURIComponent(String(codAcervo))}/exemplares`, ExemplaresSchema);
}

/** One field of a tab's form with its values (`GET /opcoes-arquivo`, `/opcoes-atos-normativos`, `/jurisprudencia-options`). */
export const TabOptionGroupSchema = z.object({
  campo: z.string(),
  descricao: z.string(),
  opcoes: z.array(z.object({ codigo: z.string(), descricao: z.string(), total: int.nonnegative().catch(0) })),
});
export type TabOptionGroup = z.infer<typeof TabOptionGroupSchema>;

const TAB_OPTION_PATHS: Record<string, string> = {
  arquivo: "/opcoes-arquivo",
  atos: "/opcoes-atos-normativos",
  jurisprudencia: "/jurisprudencia-options",
};

/** The options of a tab's form; an empty list for tabs without options. */
export function getTabOptions(api: ApiClient, guia: string): Promise<TabOptionGroup[]> {
  const path = TAB_OPTION_PATHS[guia];
  return path ? api.get(path, z.array(TabOptionGroupSchema)) : Promise.resolve([]);
}

/** The authority types (`GET /autoridade/combo`). */
export function getAuthorityTypes(api: ApiClient): Promise<Array<{ codigo: number; descricao: string }>> {
  return api.get("/autoridade/combo", z.array(z.object({ codigo: int, descricao: z.string() })));
}

/** One page of an authority search (`GET /autoridade?termo&tipo&pagina`). */
export const AuthoritySearchSchema = z.object({
  total: int.nonnegative(),
  pagina: int.positive(),
  qtd: int.positive(),
  resultados: z.array(
    z.object({
      cod_autoridade: int,
      tipo: int,
      desc_tipo: z.string(),
      cabecalho: z.string(),
      remissiva: text,
      total_acervos: int.nonnegative().catch(0),
    }),
  ),
});
export type AuthoritySearch = z.infer<typeof AuthoritySearchSchema>;

/** Searches authority headings and see-from references. */
export function searchAuthorities(api: ApiClient, input: AuthoritySearchInput, qtd = 20): Promise<AuthoritySearch> {
  return api.get("/autoridade", AuthoritySearchSchema, { query: { termo: input.termo, tipo: input.tipo_autoridade, pagina: input.pagina, qtd } });
}

const Named = z.object({ codigo: int, descricao: z.string() });

/** The teaching-plan form's options (`GET /plano-ensino/disciplinas-bibliotecas`). */
export const TeachingPlanOptionsSchema = z.object({
  departamentos: z.array(Named),
  disciplinas: z.array(Named),
  bibliotecas: z.array(Named),
  anos: z.array(int),
  semestres: z.array(int),
  periodos: z.array(int),
});
export type TeachingPlanOptions = z.infer<typeof TeachingPlanOptionsSchema>;

/** The teaching-plan form's options. */
export function getTeachingPlanOptions(api: ApiClient): Promise<TeachingPlanOptions> {
  return api.get("/plano-ensino/disciplinas-bibliotecas", TeachingPlanOptionsSchema);
}

const PlanTitle = z.object({
  cod_acervo: int,
  titulo: z.string(),
  autor: text,
  ano_publicacao: int.nullish().transform((v) => v ?? null),
  exemplares: int.nonnegative().catch(0),
  disponiveis: int.nonnegative().catch(0),
  // Loans of the title's copies: on loan now and ever (null from an API that does not give them).
  emprestados: int
    .nonnegative()
    .nullish()
    .transform((v) => v ?? null),
  emprestimos: int
    .nonnegative()
    .nullish()
    .transform((v) => v ?? null),
});

/** Teaching plans with their bibliography (`GET /plano-ensino/bibliografia`). */
export const TeachingPlansSchema = z.object({
  total: int.nonnegative(),
  planos: z.array(
    z.object({
      cod_plano: int,
      disciplina: z.object({ codigo: int, sigla: text, descricao: z.string() }),
      departamento: Named,
      curso: Named,
      biblioteca: Named,
      ano: int,
      semestre: int,
      periodo: int,
      vagas: int.nullish().transform((v) => v ?? null),
      basica: z.array(PlanTitle),
      complementar: z.array(PlanTitle),
    }),
  ),
});
export type TeachingPlans = z.infer<typeof TeachingPlansSchema>;

/** The teaching plans of the chosen fields (at least one; the API answers 422 otherwise). */
export function getTeachingPlans(api: ApiClient, input: TeachingPlanInput): Promise<TeachingPlans> {
  return api.get("/plano-ensino/bibliografia", TeachingPlansSchema, { query: { ...input } });
}
