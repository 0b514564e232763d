import { createRoute, z } from "@hono/zod-openapi";
import { browseIndex, browseTitles } from "../search/index.ts";
import { BROWSE_INDEXES, browseKey } from "../search/index.ts";
import { createRouter, errorResponses, LangHeader, requireToken, type ApiDeps } from "../lib/http.ts";

const LABELS = {
  pt: { titulo: "Título", serie: "Série", autor: "Autor", assunto: "Assunto", chamada: "Número de chamada", isbn: "ISBN", issn: "ISSN" },
  es: { titulo: "Título", serie: "Serie", autor: "Autor", assunto: "Materia", chamada: "Signatura topográfica", isbn: "ISBN", issn: "ISSN" },
  en: { titulo: "Title", serie: "Series", autor: "Author", assunto: "Subject", chamada: "Call number", isbn: "ISBN", issn: "ISSN" },
} as const;

const Opcoes = z.array(z.object({ codigo: z.enum(BROWSE_INDEXES), descricao: z.string() })).openapi("OpcoesIndice");
const opcoesRoute = createRoute({
  method: "get",
  path: "/",
  summary: "The browse indexes (title, series, author, subject, call number, ISBN, ISSN)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "Index options", content: { "application/json": { schema: Opcoes } } }, ...errorResponses },
});

/** /api/opcoes-indice: the browse indexes offered. */
export function opcoesIndiceRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(opcoesRoute, (c) => {
    const labels = LABELS[c.get("lang")];
    return c.json(
      BROWSE_INDEXES.map((codigo) => ({ codigo, descricao: labels[codigo] })),
      200,
    );
  });
  return app;
}

const IndexParam = z.object({ indice: z.enum(BROWSE_INDEXES).openapi({ param: { name: "indice", in: "path" } }) });
const key = z.string().max(300);
const PageQuery = z.object({
  termo: z.string().max(300).optional().openapi({ description: "Start the list at this point (as typed; folded like the keys)" }),
  de: key.optional().openapi({ description: "Next page: the key `proxima` of the previous answer" }),
  ate: key.optional().openapi({ description: "Previous page: the key `anterior` of the current answer" }),
  qtd: z.coerce.number().int().min(1).max(100).default(20),
});
const Page = z
  .object({
    indice: z.string(),
    entradas: z.array(z.object({ chave: z.string(), valor: z.string(), total: z.number().int() })),
    anterior: z.string().nullable(),
    proxima: z.string().nullable(),
  })
  .openapi("IndicePagina");
const pageRoute = createRoute({
  method: "get",
  path: "/{indice}",
  summary: "One page of a browse index, alphabetically from a point, with keys to page before and after",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, params: IndexParam, query: PageQuery },
  responses: {
    200: { description: "Index entries with their number of titles", content: { "application/json": { schema: Page } } },
    ...errorResponses,
  },
});

const TitlesQuery = z.object({
  chave: key.min(1).openapi({ description: "The entry's key" }),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1),
  qtd: z.coerce.number().int().min(1).max(100).default(20),
});
const Titles = z
  .object({
    total: z.number().int(),
    valor: z.string().nullable(),
    pagina: z.number().int(),
    qtd: z.number().int(),
    resultados: z.array(z.record(z.string(), z.unknown())),
  })
  .openapi("IndiceTitulos");
const titlesRoute = createRoute({
  method: "get",
  path: "/{indice}/titulos",
  summary: "The titles of one index entry (same item shape as GET /consulta)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, params: IndexParam, query: TitlesQuery },
  responses: { 200: { description: "Titles of the entry", content: { "application/json": { schema: Titles } } }, ...errorResponses },
});

/** /api/indice: browse the title, series, author, subject, call number, ISBN and ISSN indexes (ADR 062). */
export function indiceRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(pageRoute, async (c) => {
    const { indice } = c.req.valid("param");
    const q = c.req.valid("query");
    const de = q.de ?? (q.termo ? browseKey(indice, q.termo) : undefined);
    const page = await browseIndex(deps.db, indice, { de, ate: q.de === undefined ? q.ate : undefined, qtd: q.qtd });
    return c.json({ indice, ...page }, 200);
  });
  app.openapi(titlesRoute, async (c) => {
    const { indice } = c.req.valid("param");
    const q = c.req.valid("query");
    const r = await browseTitles(deps.db, indice, q.chave, q.pagina, q.qtd);
    return c.json({ ...r, pagina: q.pagina, qtd: q.qtd }, 200);
  });
  return app;
}
