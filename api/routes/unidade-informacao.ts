import { createRoute, z } from "@hono/zod-openapi";
import { isIsbnOrIssn } from "../../contract/request-fields.ts";
import { campusesByName, librariesWithCampus } from "../db/directory.ts";
import { postComment } from "../domain/comments.ts";
import { createSuggestion } from "../domain/suggestions.ts";
import { createRouter, LangHeader, errorResponses, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../lib/http.ts";
import { refusalError, suggestionFieldWords } from "./refusals.ts";

const Library = z
  .object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string(), sigla: z.string(), cod_campus: z.number().int(), nome_campus: z.string() })
  .openapi("UnidadeInformacao");
const Campus = z.object({ cod_campus: z.number().int(), nome_campus: z.string() }).openapi("Campus");

const listRoute = createRoute({
  method: "get",
  path: "/",
  summary: "The institution's libraries (information units), optionally of one campus",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: z.object({ campus: z.coerce.number().int().positive().optional() }) },
  responses: { 200: { description: "Libraries", content: { "application/json": { schema: z.array(Library) } } }, ...errorResponses },
});

const campusRoute = createRoute({
  method: "get",
  path: "/campus",
  summary: "The institution's campuses",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "Campuses", content: { "application/json": { schema: z.array(Campus) } } }, ...errorResponses },
});

const generalCommentRoute = createRoute({
  method: "post",
  path: "/",
  summary: "A general comment to a library (footer, spec §7 `POST /comentario {content, b}`); it awaits moderation",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({ content: z.string().max(5000), b: z.coerce.number().int().positive().nullish() }).openapi("ComentarioGeral"),
        },
      },
    },
  },
  responses: {
    201: {
      description: "Comment awaiting approval",
      content: { "application/json": { schema: z.object({ cod_comentario: z.number().int(), situacao: z.string(), data_envio: z.string() }) } },
    },
    ...patronErrorResponses,
  },
});

const text = (max: number) => z.string().max(max).nullish();
/** The suggestion fields of spec §3 (the professors' route adds its own, ADR 195). */
export const SuggestionFields = z.object({
  campus: z.coerce.number().int().positive().nullish(),
  biblioteca: z.coerce.number().int().positive().nullish(),
  autor: text(300),
  titulo: text(500),
  edicao: text(100),
  editor: text(300),
  isbn_issn: text(40)
    .refine((v) => !v?.trim() || isIsbnOrIssn(v), "invalid ISBN or ISSN")
    .openapi({ description: "A valid ISBN-10, ISBN-13 or ISSN (optional)" }),
  periodico: text(300),
  outras_inf: text(2000),
});
const Suggestion = SuggestionFields.openapi("SugestaoAquisicao");

/** What the API answers for a stored suggestion. */
export const SuggestionStored = z.object({ cod_sugestao: z.number().int(), situacao: z.string(), created_at: z.string() });

const suggestionRoute = createRoute({
  method: "post",
  path: "/",
  summary: "A purchase suggestion (library, titulo and editor required)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, body: { required: true, content: { "application/json": { schema: Suggestion } } } },
  responses: {
    201: { description: "Suggestion stored", content: { "application/json": { schema: SuggestionStored } } },
    ...patronErrorResponses,
  },
});

/** /api/unidade-informacao: libraries and campuses (spec §7 "Unidade-informacao"). */
export function unidadeInformacaoRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(listRoute, async (c) => {
    const { campus } = c.req.valid("query");
    return c.json(await librariesWithCampus(deps.db, campus), 200);
  });
  app.openapi(campusRoute, async (c) => c.json(await campusesByName(deps.db), 200));
  return app;
}

/** /api/comentario: the footer's general comment. */
export function comentarioGeralRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(generalCommentRoute, async (c) => {
    const lang = c.get("lang");
    const body = c.req.valid("json");
    const posted = await postComment(deps.db, patronOf(c), { codAcervo: null, texto: body.content, biblioteca: body.b ?? null });
    if (!posted.ok) throw refusalError(lang, posted);
    return c.json(posted.comment, 201);
  });
  return app;
}

/** /api/sugestao-aquisicao: purchase suggestions. */
export function sugestaoAquisicaoRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(suggestionRoute, async (c) => {
    const lang = c.get("lang");
    const outcome = await createSuggestion(deps.db, patronOf(c), c.req.valid("json"));
    if (!outcome.ok) throw refusalError(lang, outcome, suggestionFieldWords(lang));
    return c.json(outcome.suggestion, 201);
  });
  return app;
}
