import { createRoute, z } from "@hono/zod-openapi";
import { CANDIDATE_CAP, queryWords, searchAcervos } from "../db/search.ts";
import { ApiError } from "../lib/errors.ts";
import { createRouter, errorResponses, LangHeader, requireToken, type ApiDeps } from "../lib/http.ts";
import { msg } from "../lib/messages.ts";

/** Shortest accepted search term (characters, after trimming). */
export const MIN_TERMO = 2;

const Query = z.object({
  termo: z.string().optional().openapi({ description: `Search words (at least ${MIN_TERMO} characters)`, example: "historia do brasil" }),
  tipo: z.enum(["livre", "titulo", "assunto", "autor"]).default("livre"),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1),
  qtd: z.coerce.number().int().min(1).max(100).default(20),
  ordenacao: z.enum(["C", "T", "A", "Y"]).default("C").openapi({ description: "C relevance, T title, A author, Y year (descending)" }),
  guia: z.string().optional().openapi({ description: "Search tab code (GET /parametros/guias); ebooks and acessibilidade filter the hits" }),
});

const Hit = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  subtitulo: z.string().nullable(),
  autor: z.string().nullable(),
  editora: z.string().nullable(),
  local_publicacao: z.string().nullable(),
  ano_publicacao: z.number().int().nullable(),
  edicao: z.string().nullable(),
  cod_tipo_obra: z.number().int(),
  desc_tipo_obra: z.string().nullable(),
  idioma: z.string().nullable(),
  isbn: z.string().nullable(),
  chamada: z.string().nullable(),
  link_capa: z.string().nullable(),
  acesso_remoto: z.string().nullable(),
  possui_acessibilidade: z.string(),
  exemplares: z.number().int(),
  disponiveis: z.number().int(),
});

const Result = z
  .object({
    total: z.number().int().openapi({ description: `Exact below ${CANDIDATE_CAP}; capped at it otherwise` }),
    totalLimitado: z.boolean().openapi({ description: `true when more than ${CANDIDATE_CAP} titles matched (show "N+")` }),
    pagina: z.number().int(),
    qtd: z.number().int(),
    resultados: z.array(Hit),
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

const ORDER_LABELS = {
  pt: { C: "Relevância", T: "Título", A: "Autor", Y: "Ano de publicação" },
  es: { C: "Relevancia", T: "Título", A: "Autor", Y: "Año de publicación" },
  en: { C: "Relevance", T: "Title", A: "Author", Y: "Publication year" },
} as const;

/** /api/consulta: search and its sort options. */
export function consultaRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));

  app.openapi(searchRoute, async (c) => {
    const q = c.req.valid("query");
    const lang = c.get("lang");
    const termo = (q.termo ?? "").trim();
    if (!termo) throw new ApiError(422, "validacao", { errors: { termo: [msg(lang, "campo_obrigatorio")] } });
    if (termo.length < MIN_TERMO || queryWords(termo).length === 0) {
      throw new ApiError(422, "validacao", { errors: { termo: [msg(lang, "termo_curto", { min: MIN_TERMO })] } });
    }
    const r = await searchAcervos(deps.db, { ...q, termo });
    return c.json({ total: r.total, totalLimitado: r.totalLimitado, pagina: q.pagina, qtd: q.qtd, resultados: r.resultados }, 200);
  });

  app.openapi(ordenacaoRoute, (c) => {
    const labels = ORDER_LABELS[c.get("lang")];
    return c.json((["C", "T", "A", "Y"] as const).map((codigo) => ({ codigo, descricao: labels[codigo] })), 200);
  });
  return app;
}
