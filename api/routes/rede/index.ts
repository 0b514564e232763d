import { createRoute, z } from "@hono/zod-openapi";
import {
  CANDIDATE_CAP,
  languageLabel,
  NETWORK_FILTER_TYPES,
  networkFacets,
  networkInstitutions,
  networkRecord,
  queryWords,
  searchNetwork,
  type SearchKind,
  type SearchTerm,
} from "../../search/index.ts";
import { homeRecordLink, parseNetworkFilters } from "../../domain/network.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, ErrorSchema, errorResponses, LangHeader, parseJsonArray, requireToken, type ApiDeps } from "../../lib/http.ts";
import { msg } from "../../lib/messages.ts";
import { MIN_SEARCH_TERM_LENGTH } from "../../../contract/search-terms.ts";
import { UNAVAILABLE_MESSAGE } from "./messages.ts";

/** The network service's path segment (spec §7 "Rede-{product}"); the API keeps its own product name. */
export const NETWORK_PATH = "rede-pergamum";

export interface NetworkOptions {
  /** Simulates the network catalogue being down: every call answers 500 `rede_indisponivel` (ADR 063). */
  unavailable?: boolean;
}

const unavailable = {
  500: {
    description: "The network catalogue is not available (`code: rede_indisponivel`)",
    content: { "application/json": { schema: ErrorSchema } },
  },
} as const;

const Instituicao = z.object({ cod_instituicao: z.number().int(), sigla: z.string(), nome: z.string() });

const Instituicoes = z
  .array(
    Instituicao.extend({
      cidade: z.string().nullable(),
      repositorio_oai: z.string().openapi({ description: "OAI-PMH repository identifier" }),
      url_catalogo: z.string().openapi({ description: "The member's own public catalogue" }),
      local: z.boolean().openapi({ description: "true for the institution running this API (its own catalogue)" }),
      registros: z.number().int().openapi({ description: "Records of this member in the network" }),
    }),
  )
  .openapi("RedeInstituicoes");

const instituicoesRoute = createRoute({
  method: "get",
  path: "/oai/instituicoes",
  summary: "Member institutions of the network catalogue, with their record counts",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "Institutions", content: { "application/json": { schema: Instituicoes } } }, ...errorResponses, ...unavailable },
});

const many = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

const Query = z.object({
  termo: z
    .string()
    .optional()
    .openapi({ description: `Search words (at least ${MIN_SEARCH_TERM_LENGTH} characters)`, example: "jazz" }),
  tipo: z.enum(["livre", "titulo", "assunto", "autor"]).default("livre"),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1),
  qtd: z.coerce.number().int().min(1).max(100).default(20),
  ordenacao: z.enum(["C", "T", "A", "Y"]).default("C").openapi({ description: "C relevance, T title, A author, Y year (descending)" }),
  filtro: many.openapi({
    description: `Selected filters, repeated, as TYPE:value (types ${NETWORK_FILTER_TYPES.join(", ")}; Z:<cod_instituicao>). AND across types, OR within one`,
    example: "Z:2",
  }),
});

const Hit = z.object({
  cod_registro: z.number().int().openapi({ description: "The network record id (GET acervo/{id})" }),
  identificador_oai: z.string(),
  titulo: z.string(),
  subtitulo: z.string().nullable(),
  autor: z.string().nullable(),
  editora: z.string().nullable(),
  local_publicacao: z.string().nullable(),
  ano_publicacao: z.number().int().nullable(),
  cod_tipo_obra: z.number().int().nullable(),
  desc_tipo_obra: z.string().nullable(),
  idioma: z.string().nullable(),
  link_online: z.string().nullable(),
  instituicao: Instituicao,
});

const Filtro = z.object({
  tipo: z.string().openapi({ description: "Z institution, T type, Y year, I language" }),
  codigo: z.string(),
  descricao: z.string(),
  total: z.number().int(),
  totalSemFiltro: z.number().int(),
  selecionado: z.boolean(),
});

const Consulta = z
  .object({
    total: z.number().int(),
    totalLimitado: z.boolean().openapi({ description: `true when more than ${CANDIDATE_CAP} records matched (show "N+")` }),
    pagina: z.number().int(),
    qtd: z.number().int(),
    resultados: z.array(Hit),
    filtros: z.array(Filtro).openapi({ description: "The facets of this search, counted over the same hit set" }),
  })
  .openapi("RedeConsulta");

const consultaRoute = createRoute({
  method: "get",
  path: "/consulta",
  summary: "Search the network catalogue: one page of hits plus its facets (Z institution, T, Y, I)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: Query },
  responses: { 200: { description: "Hits and facets", content: { "application/json": { schema: Consulta } } }, ...errorResponses, ...unavailable },
});

const Registro = Hit.omit({ instituicao: true })
  .extend({
    cod_origem: z.string().openapi({ description: "The record's id in its home catalogue" }),
    autores_secundarios: z.array(z.string()),
    assuntos: z.array(z.string()),
    notas: z.array(z.string()),
    edicao: z.string().nullable(),
    descricao_fisica: z.string().nullable(),
    classificacao: z.string().nullable(),
    idioma_desc: z.string().nullable(),
    isbn: z.string().nullable(),
    issn: z.string().nullable(),
    serie: z.string().nullable(),
    datestamp: z.string().openapi({ description: "When the record was harvested" }),
    link_origem: z.string().openapi({ description: "The record at its home catalogue (a path of this portal for the local institution)" }),
    instituicao: Instituicao.extend({ cidade: z.string().nullable(), url_catalogo: z.string(), local: z.boolean() }),
  })
  .openapi("RedeRegistro");

const Id = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 1 }),
});
const acervoRoute = createRoute({
  method: "get",
  path: "/acervo/{id}",
  summary: "One network record: every field, the holding institution, its OAI identifier and its link at home",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, params: Id },
  responses: {
    200: { description: "The record", content: { "application/json": { schema: Registro } } },
    404: { description: "No such record", content: { "application/json": { schema: ErrorSchema } } },
    ...errorResponses,
    ...unavailable,
  },
});

/** /api/rede-pergamum: the network (OAI) catalogue (spec §7 "Rede-{product}"). */
export function redeRoutes(deps: ApiDeps, options: NetworkOptions = {}) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.use("*", async (c, next) => {
    if (options.unavailable) throw new ApiError(500, "erro_inesperado", { code: "rede_indisponivel", message: UNAVAILABLE_MESSAGE[c.get("lang")] });
    await next();
  });

  app.openapi(instituicoesRoute, async (c) => c.json(await networkInstitutions(deps.db), 200));

  app.openapi(consultaRoute, async (c) => {
    const q = c.req.valid("query");
    const lang = c.get("lang");
    const termo = q.termo?.trim() ?? "";
    const errors: Record<string, string[]> = {};
    if (!termo) errors.termo = [msg(lang, "campo_obrigatorio")];
    else if (termo.length < MIN_SEARCH_TERM_LENGTH || queryWords(termo).length === 0)
      errors.termo = [msg(lang, "termo_curto", { min: MIN_SEARCH_TERM_LENGTH })];
    const { selected, invalid } = parseNetworkFilters(q.filtro);
    if (invalid.length) errors.filtro = [msg(lang, "valor_invalido")];
    if (Object.keys(errors).length) throw new ApiError(422, "validacao", { errors });

    const termos: SearchTerm[] = [{ termo, tipo: q.tipo as SearchKind }];
    const r = await searchNetwork(deps.db, { termos, filtros: selected, pagina: q.pagina, qtd: q.qtd, ordenacao: q.ordenacao });
    const f = await networkFacets(deps.db, { termos, filtros: selected }, lang);
    return c.json(
      { total: r.total, totalLimitado: r.totalLimitado, pagina: q.pagina, qtd: q.qtd, resultados: r.resultados, filtros: f.filtros },
      200,
    );
  });

  app.openapi(acervoRoute, async (c) => {
    const { id } = c.req.valid("param");
    const r = await networkRecord(deps.db, id);
    if (!r) throw new ApiError(404, "nao_encontrado");
    const { sigla, nome, cidade, url_catalogo, local, repositorio_oai: _repo, cod_instituicao, ...rec } = r;
    const inst = { cod_instituicao, sigla, nome, cidade, url_catalogo, local: local === 1 };
    return c.json(
      {
        ...rec,
        autores_secundarios: parseJsonArray<string>(rec.autores_secundarios),
        assuntos: parseJsonArray<string>(rec.assuntos),
        notas: parseJsonArray<string>(rec.notas),
        idioma_desc: rec.idioma ? languageLabel(rec.idioma, c.get("lang")) : null,
        link_origem: homeRecordLink(inst, rec.cod_origem),
        instituicao: inst,
      },
      200,
    );
  });
  return app;
}
