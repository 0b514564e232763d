import { createRoute, z } from "@hono/zod-openapi";
import {
  FACET_VALUES_MAX,
  queryWords,
  searchAcervos,
  searchFacets,
  suggestSearches,
  ROW_OPERATOR_CODES,
  rowOperatorOf,
  type SearchKind,
  type SearchTerm,
} from "../../search/index.ts";
import { tabOptionGroups } from "../../search/index.ts";
import { FILTER_TYPES, filterTypesOf, parseFilters, type SelectedFilters } from "../../search/index.ts";
import { parseTabOptions, type OptionTab, type TabOptionValues } from "../../search/index.ts";
import type { SearchOrder } from "../../search/index.ts";
import { MIN_ANY_WORD_LENGTH, MIN_SEARCH_TERM_LENGTH } from "../../../contract/search-terms.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, errorResponses, LangHeader, requireToken, type ApiDeps } from "../../lib/http.ts";
import { msg, type Lang } from "../../lib/messages.ts";
import { TitleBrief } from "../../lib/title-schemas.ts";
import { ORDER_LABELS } from "./messages.ts";
import { AVAILABLE_ANYWHERE, copySummaries, isbn13Of, normalizeIssn, parseScopeOptions, SCOPE_YEAR_MAX, SCOPE_YEAR_MIN } from "../../search/index.ts";

/** The search's orderings, in the order the sort control lists them (ADR 251). */
const SEARCH_ORDER_CODES = ["C", "T", "A", "Y", "O", "E", "N"] as const satisfies readonly SearchOrder[];

const many = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

/** An advanced row's operator (ADR 257): E (AND), OU (OR), NAO (NOT). */
const RowOperatorParam = z.enum(Object.keys(ROW_OPERATOR_CODES) as [keyof typeof ROW_OPERATOR_CODES]).optional();
const ROW_OPERATOR_HELP =
  "Estante extension, advanced search (ADR 257): E (AND, the default), OU (OR) or NAO (NOT: leaves out the titles this row finds). The filled rows join in form order (titulo, autor, assunto), left to right without precedence: A OU B E C is (A OR B) AND C. The first filled row cannot be NAO (422).";

const TermFields = {
  termo: z
    .string()
    .optional()
    .openapi({
      description: `Search words (at least ${MIN_SEARCH_TERM_LENGTH} characters). In capitals between words, OR (OU, O) separates alternatives, NOT (NÃO, NO) leaves out the next word, AND (E, Y) is a space (ADR 223). An ISBN-10 or ISBN-13, with or without hyphens, and an ISSN with or without its hyphen find their title`,
      example: "historia do brasil",
    }),
  tipo: z.enum(["livre", "titulo", "assunto", "autor"]).default("livre"),
  modo: z
    .enum(["todas", "qualquer"])
    .default("todas")
    .openapi({
      description: `Word matching (spec §5, §9): "todas" every word; "qualquer" contains-any, case-insensitive, words of at least ${MIN_ANY_WORD_LENGTH} letters (shorter words are left out)`,
    }),
  titulo: z.string().optional().openapi({
    description: "Advanced search: words that must be in the title (the rows combine with AND unless op_autor / op_assunto say otherwise)",
  }),
  autor: z.string().optional().openapi({ description: "Advanced search: words that must be in the author" }),
  assunto: z.string().optional().openapi({ description: "Advanced search: words that must be in the subject" }),
  op_autor: RowOperatorParam.openapi({ description: `${ROW_OPERATOR_HELP} Joins the author row to the rows before it` }),
  op_assunto: RowOperatorParam.openapi({ description: `${ROW_OPERATOR_HELP} Joins the subject row to the rows before it` }),
  isbn: z
    .string()
    .optional()
    .openapi({ description: "Estante extension, advanced search: an ISBN (10 or 13, hyphens allowed) or an ISSN the title must have" }),
  editora: z
    .string()
    .optional()
    .openapi({ description: "Estante extension, advanced search: words that must be in the publisher's name (accent- and case-insensitive)" }),
  ano_de: z
    .string()
    .optional()
    .openapi({
      description: `Estante extension, advanced search: published in this year or later (${SCOPE_YEAR_MIN}–${SCOPE_YEAR_MAX})`,
      example: "1990",
    }),
  ano_ate: z
    .string()
    .optional()
    .openapi({ description: "Estante extension, advanced search: published in this year or earlier (not before ano_de)", example: "2000" }),
  disponivel: z
    .string()
    .optional()
    .openapi({
      description: `Estante extension, "available now": only titles with a copy on the shelf, at any library (${AVAILABLE_ANYWHERE}) or at the library with this id. On every tab; the facets count the same titles`,
      example: AVAILABLE_ANYWHERE,
    }),
  filtro: many.openapi({
    description: `Selected filters, repeated, as TYPE:value (types ${FILTER_TYPES.join(", ")}; e.g. T:1, Y:2020, Y:SD, X:O). AND across types, OR within one`,
    example: "X:O",
  }),
  // The tab forms' own options (ADR 065); only the active tab's are read, the others ignored.
  material: z.string().optional().openapi({ description: "Archive tab: work type code (GET /opcoes-arquivo)" }),
  decada: z.string().optional().openapi({ description: "Archive tab: decade of publication, e.g. 1990" }),
  especie: z.string().optional().openapi({ description: "Normative acts tab: kind of act (GET /opcoes-atos-normativos)" }),
  ano: z.string().optional().openapi({ description: "Normative acts tab: year of publication" }),
  tribunal: z.string().optional().openapi({ description: "Case-law tab: court, as in GET /jurisprudencia-options" }),
  decisao: z.string().optional().openapi({ description: "Case-law tab: kind of decision" }),
};

const Query = z.object({
  ...TermFields,
  pagina: z.coerce.number().int().min(1).max(10_000).default(1),
  qtd: z.coerce.number().int().min(1).max(100).default(20),
  ordenacao: z.enum(SEARCH_ORDER_CODES).default("C").openapi({
    description: "C relevance, T title, A author, Y year (newest first), O year (oldest first), E date added (newest first), N call number",
  }),
  guia: z.string().optional().openapi({ description: "Search tab code (GET /parametros/guias); see docs/api.md for each tab's rule" }),
});

const FiltrosQuery = z.object({
  ...TermFields,
  search_tab: z.string().optional().openapi({ description: "Search tab code (the facets are built per tab)" }),
});

const CopyPlace = z.object({
  cod_biblioteca: z.number().int(),
  biblioteca: z.string().openapi({ description: "The library's name" }),
  chamada: z.string().nullable().openapi({ description: "Call number (an available copy's, else the first copy's)" }),
  localizacao: z.string().nullable().openapi({ description: "Shelf location (an available copy's, else the first copy's)" }),
  exemplares: z.number().int(),
  disponiveis: z.number().int().openapi({ description: "Copies on the shelf now" }),
});

const Hit = TitleBrief.extend({
  localizacoes: z
    .array(CopyPlace)
    .openapi({ description: "Estante extension: where the copies are, per library, libraries with copies on the shelf first" }),
  reservavel: z.boolean().openapi({
    description: "Estante extension: a hold can be placed (the rule of GET /acervo/{id}/permissoes: no copy on the shelf, some copy allows holds)",
  }),
  edicoes: z.number().int().min(1).optional().openapi({
    description:
      "Estante: editions of the hit's work (same filing title and main author), itself included; GET /acervo/{id}/edicoes lists the others (ADR 244)",
  }),
});

const Result = z
  .object({
    total: z.number().int().openapi({ description: "Exact number of titles found" }),
    totalLimitado: z.boolean().openapi({ description: "Always false: the total is exact (kept for clients of the earlier capped API)" }),
    pagina: z.number().int(),
    qtd: z.number().int(),
    resultados: z.array(Hit),
    sugestoes: z.array(z.object({ termo: z.string(), total: z.number().int() })).openapi({
      description:
        "Did you mean: when a one-term search finds few titles, corrected search texts from the catalogue's own words, each with its number of titles",
    }),
  })
  .openapi("Consulta");

const searchRoute = createRoute({
  method: "get",
  path: "/",
  summary: "Full-text catalogue search (accent-insensitive, stemmed, ranked)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: Query },
  responses: { 200: { description: "One page of results", content: { "application/json": { schema: Result } } }, ...errorResponses },
});

const Ordenacao = z.array(z.object({ codigo: z.string(), descricao: z.string() })).openapi("Ordenacoes");
const ordenacaoRoute = createRoute({
  method: "get",
  path: "/ordenacao",
  summary: "Sort options of the search",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "Sort options", content: { "application/json": { schema: Ordenacao } } }, ...errorResponses },
});

const Filtro = z.object({
  tipo: z.string().openapi({ description: "T type, Y year, I language, X only-with, K class, B library, NA_C campus, NA_A area" }),
  codigo: z.string(),
  descricao: z.string(),
  total: z.number().int().openapi({ description: "Titles with this value under every selected filter" }),
  totalSemFiltro: z.number().int().openapi({ description: "Titles with this value when its own type's selection is ignored" }),
  selecionado: z.boolean(),
});
const Filtros = z
  .object({
    totalLimitado: z.boolean().openapi({ description: "Always false: counts cover every match (kept for clients of the earlier capped API)" }),
    estimado: z.boolean().openapi({
      description:
        'Very large hit set: counts are estimates from a uniform sample of it (show "≈"); selecting a value still finds exactly its titles',
    }),
    estimadoSemFiltro: z.boolean().openapi({
      description:
        "The selected types' totalSemFiltro are estimates (show \"≈\" on them): the search's text alone matches a very large set, sampled; its total counts may still be exact (estimado false)",
    }),
    filtros: z.array(Filtro),
  })
  .openapi("ConsultaFiltros");
const filtrosRoute = createRoute({
  method: "get",
  path: "/filtros",
  summary: `Facets of a search, per tab, in one query over the hit set (at most ${FACET_VALUES_MAX} values per type)`,
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: FiltrosQuery },
  responses: { 200: { description: "Facet values with counts", content: { "application/json": { schema: Filtros } } }, ...errorResponses },
});

/** /api/consulta: search and its sort options. */
export function consultaRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));

  app.openapi(searchRoute, async (c) => {
    const q = c.req.valid("query");
    const { termos, filtros, opcoes } = searchInput(q, c.get("lang"), q.guia);
    const r = await searchAcervos(deps.db, {
      termos,
      filtros,
      opcoes,
      guia: q.guia,
      pagina: q.pagina,
      qtd: q.qtd,
      ordenacao: q.ordenacao,
      lingua: c.get("lang"),
    });
    const [sugestoes, copies] = await Promise.all([
      suggestSearches(deps.db, { termos, filtros, opcoes, guia: q.guia }, r.total),
      copySummaries(
        deps.db,
        r.resultados.map((h) => h.cod_acervo),
      ),
    ]);
    const resultados = r.resultados.map((h) => ({ ...h, ...copies.get(h.cod_acervo)! }));
    return c.json({ total: r.total, totalLimitado: r.totalLimitado, pagina: q.pagina, qtd: q.qtd, resultados, sugestoes }, 200);
  });

  app.openapi(filtrosRoute, async (c) => {
    const q = c.req.valid("query");
    const { termos, filtros, opcoes } = searchInput(q, c.get("lang"), q.search_tab);
    return c.json(await searchFacets(deps.db, { termos, filtros, opcoes, guia: q.search_tab }, c.get("lang")), 200);
  });

  app.openapi(ordenacaoRoute, (c) => {
    const labels = ORDER_LABELS[c.get("lang")];
    return c.json(
      SEARCH_ORDER_CODES.map((codigo) => ({ codigo, descricao: labels[codigo] })),
      200,
    );
  });
  return app;
}

/**
 * Validates the terms and filters of a search: at least one term (the free `termo`, or any advanced field),
 * each of at least MIN_SEARCH_TERM_LENGTH characters with a searchable word; filters of the tab's types.
 */
function searchInput(
  q: {
    termo?: string;
    tipo: SearchKind;
    modo: "todas" | "qualquer";
    titulo?: string;
    autor?: string;
    assunto?: string;
    op_autor?: keyof typeof ROW_OPERATOR_CODES;
    op_assunto?: keyof typeof ROW_OPERATOR_CODES;
    isbn?: string;
    filtro: string[];
  } & Record<string, unknown>,
  lang: Lang,
  guia: string | undefined,
): { termos: SearchTerm[]; filtros: SelectedFilters; opcoes: TabOptionValues } {
  const fields: Array<[keyof typeof q & string, SearchTerm]> = [];
  const modo = q.modo;
  if (q.termo?.trim()) fields.push(["termo", { termo: q.termo.trim(), tipo: q.tipo, modo }]);
  for (const tipo of ["titulo", "autor", "assunto"] as const) {
    const v = q[tipo]?.trim();
    const operator = tipo === "titulo" ? undefined : rowOperatorOf(q[`op_${tipo}`]);
    if (v) fields.push([tipo, { termo: v, tipo, modo, ...(operator ? { operator } : {}) }]);
  }
  // An ISBN or ISSN is searched as the free text finds one (ADR 223: every form of it is indexed).
  const isbn = q.isbn?.trim();
  const isbnValid = !isbn || isbn13Of(isbn) !== null || normalizeIssn(isbn) !== null;
  if (isbn && isbnValid) fields.push(["isbn", { termo: isbn, tipo: "livre" }]);
  if (fields.length === 0 && !isbn) throw new ApiError(422, "validacao", { errors: { termo: [msg(lang, "campo_obrigatorio")] } });
  const errors: Record<string, string[]> = {};
  if (!isbnValid) errors.isbn = [msg(lang, "valor_invalido")];
  // ADR 257: NOT leaves titles out of the rows before it; the first filled row has none.
  if (fields[0]?.[1].operator === "not") errors[fields[0][0]] = [msg(lang, "nao_sem_linha")];
  for (const [field, t] of fields) {
    if (modo === "qualquer") {
      // Contains-any: at least one word of MIN_ANY_WORD_LENGTH letters (spec §5, §9).
      if (!queryWords(t.termo).some((w) => w.length >= MIN_ANY_WORD_LENGTH)) errors[field] = [msg(lang, "termo_curto", { min: MIN_ANY_WORD_LENGTH })];
    } else if (t.termo.length < MIN_SEARCH_TERM_LENGTH || queryWords(t.termo).length === 0)
      errors[field] = [msg(lang, "termo_curto", { min: MIN_SEARCH_TERM_LENGTH })];
  }
  const { selected, invalid } = parseFilters(q.filtro, filterTypesOf(guia));
  if (invalid.length) errors.filtro = [msg(lang, "valor_invalido")];
  const options = parseTabOptions(guia, q as Record<string, string | undefined>);
  for (const field of options.invalid) errors[field] = [msg(lang, "valor_invalido")];
  const scope = parseScopeOptions(q);
  for (const field of scope.invalid) errors[field] = [msg(lang, "valor_invalido")];
  if (Object.keys(errors).length) throw new ApiError(422, "validacao", { errors });
  return { termos: fields.map(([, t]) => t), filtros: selected, opcoes: { ...options.selected, ...scope.selected } };
}

const OptionGroups = z
  .array(
    z.object({
      campo: z.string().openapi({ description: "The GET /consulta parameter that takes this field's codigo" }),
      descricao: z.string(),
      opcoes: z.array(
        z.object({
          codigo: z.string(),
          descricao: z.string(),
          total: z.number().int().openapi({ description: "Titles of the tab with this value" }),
        }),
      ),
    }),
  )
  .openapi("OpcoesGuia");

/**
 * The options of one tab's form (`/opcoes-arquivo`, `/opcoes-atos-normativos`, `/jurisprudencia-options`):
 * fields with the values found in that tab's titles (ADR 065).
 */
export function tabOptionsRoutes(deps: ApiDeps, guia: OptionTab) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(
    createRoute({
      method: "get",
      path: "/",
      summary: `Options of the "${guia}" tab's form, derived from its titles`,
      security: [{ bearer: [] }],
      request: { headers: LangHeader },
      responses: { 200: { description: "Fields and their values", content: { "application/json": { schema: OptionGroups } } }, ...errorResponses },
    }),
    async (c) => c.json(await tabOptionGroups(deps.db, guia, c.get("lang")), 200),
  );
  return app;
}
