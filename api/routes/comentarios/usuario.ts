/** /api/comentarios/usuario/...: the patron's own comments (spec §7 "Comentarios"; ADR 140). */
import { createRoute, z } from "@hono/zod-openapi";
import { deleteMyComment, myCommentedTitles, myComments } from "../../db/account-profile.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, ErrorSchema, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../../lib/http.ts";

const Comentario = z
  .object({
    cod_comentario: z.number().int(),
    cod_acervo: z.number().int().nullable(),
    titulo: z.string().nullable(),
    biblioteca: z.string(),
    texto: z.string(),
    situacao: z.string(),
    data_envio: z.string(),
  })
  .openapi("MeuComentario");
const TituloComentado = z
  .object({ cod_acervo: z.number().int(), titulo: z.string(), autor: z.string().nullable(), total: z.number().int(), ultimo_envio: z.string() })
  .openapi("TituloComentado");

const ok = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema } } },
  ...patronErrorResponses,
});
const Id = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" } }),
});

const commentsList = createRoute({
  method: "get",
  path: "/usuario/acervos",
  summary: "The titles the patron commented on",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: ok(z.array(TituloComentado), "Titles, latest comment first"),
});
const commentsOfTitle = createRoute({
  method: "get",
  path: "/usuario/acervo/{id}",
  summary: "The patron's comments on one title, with their moderation status (aguardando | aprovado | rejeitado)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, params: Id },
  responses: ok(z.array(Comentario), "Comments, newest first"),
});
const commentsAll = createRoute({
  method: "get",
  path: "/usuario",
  summary: "All the patron's comments (titles and general), with moderation status",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: ok(z.array(Comentario), "Comments, newest first"),
});
const commentDelete = createRoute({
  method: "delete",
  path: "/usuario/{id}",
  summary: "Deletes one of the patron's comments (404 when it is not theirs)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, params: Id },
  responses: {
    204: { description: "Deleted" },
    404: { description: "Not the patron's comment", content: { "application/json": { schema: ErrorSchema } } },
    ...patronErrorResponses,
  },
});

/** /api/comentarios/usuario/...: the patron's own comments (spec §7 "Comentarios"). */
export function meusComentariosRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(commentsList, async (c) => c.json(await myCommentedTitles(deps.db, patronOf(c)), 200));
  app.openapi(commentsOfTitle, async (c) => c.json(await myComments(deps.db, patronOf(c), c.req.valid("param").id), 200));
  app.openapi(commentsAll, async (c) => c.json(await myComments(deps.db, patronOf(c)), 200));
  app.openapi(commentDelete, async (c) => {
    if (!(await deleteMyComment(deps.db, patronOf(c), c.req.valid("param").id))) throw new ApiError(404, "nao_encontrado");
    return c.body(null, 204);
  });
  return app;
}
