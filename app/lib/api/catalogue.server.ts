/**
 * Typed calls of the catalogue (spec §7 "Consulta" and "Acervo"), parsed with zod.
 * Fields the portal does not render are dropped by the object schemas, and optional
 * columns accept null or absence so another Pergamum-compatible backend still parses.
 */
import { z } from "zod";
import type { ApiClient } from "./client.server";
import { TAB_OPTION_FIELDS, type AuthoritySearchInput, type TeachingPlanInput } from "~/schemas/search";

import {
  int,
  ConsultaSchema,
  type Consulta,
  AcervoSchema,
  type Acervo,
  type Exemplar,
  ExemplaresSchema,
  type CatalogueQuery,
  type TabOptionValues,
  FiltrosSchema,
  type Filtros,
  OrdenacaoSchema,
  type Ordenacao,
  BrowsePageSchema,
  type BrowsePage,
  BrowseTitlesSchema,
  type BrowseTitles,
  TabOptionGroupSchema,
  type TabOptionGroup,
  TAB_OPTION_PATHS,
  AuthoritySearchSchema,
  type AuthoritySearch,
  TeachingPlanOptionsSchema,
  type TeachingPlanOptions,
  TeachingPlansSchema,
  type TeachingPlans,
} from "./types/catalogue";
export * from "./types/catalogue";
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

/** The facets of a search, built for its tab: `GET /api/consulta/filtros?search_tab=` with the same terms and filters. */
export function getSearchFilters(api: ApiClient, input: CatalogueQuery, guia = "geral"): Promise<Filtros> {
  return api.get("/consulta/filtros", FiltrosSchema, { query: { ...termQuery(input, guia), search_tab: guia, filtro: input.filtro ?? [] } });
}

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

/** Browses an index from a typed point (`termo`), or pages on from a key (`de` forwards, `ate` backwards). */
export function browseIndex(api: ApiClient, indice: string, at: { termo?: string; de?: string; ate?: string }, qtd = 20): Promise<BrowsePage> {
  return api.get(`/indice/${encodeURIComponent(indice)}`, BrowsePageSchema, { query: { ...at, qtd } });
}

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

/** The options of a tab's form; an empty list for tabs without options. */
export function getTabOptions(api: ApiClient, guia: string): Promise<TabOptionGroup[]> {
  const path = TAB_OPTION_PATHS[guia];
  return path ? api.get(path, z.array(TabOptionGroupSchema)) : Promise.resolve([]);
}

/** The authority types (`GET /autoridade/combo`). */
export function getAuthorityTypes(api: ApiClient): Promise<Array<{ codigo: number; descricao: string }>> {
  return api.get("/autoridade/combo", z.array(z.object({ codigo: int, descricao: z.string() })));
}

/** Searches authority headings and see-from references. */
export function searchAuthorities(api: ApiClient, input: AuthoritySearchInput, qtd = 20): Promise<AuthoritySearch> {
  return api.get("/autoridade", AuthoritySearchSchema, { query: { termo: input.termo, tipo: input.tipo_autoridade, pagina: input.pagina, qtd } });
}

/** The teaching-plan form's options. */
export function getTeachingPlanOptions(api: ApiClient): Promise<TeachingPlanOptions> {
  return api.get("/plano-ensino/disciplinas-bibliotecas", TeachingPlanOptionsSchema);
}

/** The teaching plans of the chosen fields (at least one; the API answers 422 otherwise). */
export function getTeachingPlans(api: ApiClient, input: TeachingPlanInput): Promise<TeachingPlans> {
  return api.get("/plano-ensino/bibliografia", TeachingPlansSchema, { query: { ...input } });
}
