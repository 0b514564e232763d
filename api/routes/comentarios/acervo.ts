import { createRoute, z } from "@hono/zod-openapi";
import { listComments, postComment } from "../../domain/comments.ts";
import { createRouter, ErrorSchema, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../../lib/http.ts";
import { refusalError } from "../refusals.ts";

const Id = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 1 }),
});
const notFound = { 404: { description: "No such title", content: { "application/json": { schema: ErrorSchema } } } };

export const Comment = z
  .object({
    cod_comentario: z.number().int(),
    texto: z.string(),
    data_envio: z.string(),
    autor: z.string().openapi({ description: "The author's first name" }),
    biblioteca: z.string(),
    situacao: z.enum(["aguardando", "aprovado"]),
    proprio: z.boolean().openapi({ description: "Written by the patron of the token (their comments awaiting approval are listed too)" }),
  })
  .openapi("Comentario");

const Post = z
  .object({
    texto: z.string().max(5000).openapi({ description: "Trimmed; must not be blank" }),
    biblioteca: z.coerce.number().int().positive().nullish(),
  })
  .openapi("ComentarioPedido");

const Posted = z.object({ cod_comentario: z.number().int(), situacao: z.string(), data_envio: z.string() }).openapi("ComentarioEnviado");

const listRoute = createRoute({
  method: "get",
  path: "/acervo/{id}",
  summary: "Approved comments on a title, plus the patron's own awaiting approval",
  security: [{ bearer: [] }],
  request: { params: Id, headers: LangHeader },
  responses: {
    200: { description: "Comments, newest first", content: { "application/json": { schema: z.array(Comment) } } },
    ...patronErrorResponses,
  },
});

const postRoute = createRoute({
  method: "post",
  path: "/acervo/{id}",
  summary: "Posts a comment on a title; it awaits moderation. 422 limite_comentarios over the category's limit",
  security: [{ bearer: [] }],
  request: { params: Id, headers: LangHeader, body: { required: true, content: { "application/json": { schema: Post } } } },
  responses: {
    201: { description: "Comment awaiting approval", content: { "application/json": { schema: Posted } } },
    ...patronErrorResponses,
    ...notFound,
  },
});

/** /api/comentarios: comments on titles (spec §7 "Comentarios"). */
export function comentariosRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(listRoute, async (c) => c.json(await listComments(deps.db, c.req.valid("param").id, c.get("owner").codPessoa ?? null), 200));
  app.openapi(postRoute, async (c) => {
    const lang = c.get("lang");
    const codPessoa = patronOf(c);
    const body = c.req.valid("json");
    const posted = await postComment(deps.db, codPessoa, {
      codAcervo: c.req.valid("param").id,
      texto: body.texto,
      biblioteca: body.biblioteca ?? null,
    });
    if (!posted.ok) throw refusalError(lang, posted);
    return c.json(posted.comment, 201);
  });
  return app;
}
