import { createRoute, z } from "@hono/zod-openapi";
import { ApiError } from "../../lib/errors.ts";
import { isUniqueViolation } from "../../domain/holds.ts";
import { deleteSavedSearch, insertSavedSearch, savedSearchByQuery, savedSearchesOf } from "../../db/saved-searches.ts";
import { createRouter, ErrorSchema, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../../lib/http.ts";
import { LIMIT_MESSAGE } from "./messages.ts";

/** At most this many saved searches per patron. */
export const MAX_SAVED_SEARCHES = 50;

const Saved = z
  .object({
    id: z.number().int(),
    nome: z.string(),
    consulta: z.string(),
    created_at: z.string(),
    alerta: z.enum(["diario", "semanal"]).nullable().openapi({ description: "How often it alerts about new titles (ADR 248); null: never" }),
  })
  .openapi("PesquisaSalva");
const Id = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 1 }),
});
const security = [{ bearer: [] }];

/** /api/pesquisas-salvas: the patron's saved catalogue searches (the "saved items" of spec §2's account menu). */
export function pesquisasSalvasRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));
  const list = (codPessoa: number) => savedSearchesOf(db, codPessoa);

  app.openapi(
    createRoute({
      method: "get",
      path: "/",
      summary: "The patron's saved searches, newest first",
      security,
      request: { headers: LangHeader },
      responses: { 200: { description: "Saved searches", content: { "application/json": { schema: z.array(Saved) } } }, ...patronErrorResponses },
    }),
    async (c) => c.json(await list(patronOf(c)), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/",
      summary: "Saves a search (its catalogue query string); saving the same query again answers the saved one",
      security,
      request: {
        headers: LangHeader,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z.object({
                nome: z.string().trim().min(1).max(120),
                consulta: z.string().trim().min(1).max(2000).openapi({ description: "Query string of /?… (ADR 040), no leading ?" }),
              }),
            },
          },
        },
      },
      responses: {
        201: { description: "Saved", content: { "application/json": { schema: Saved } } },
        200: { description: "Already saved", content: { "application/json": { schema: Saved } } },
        ...patronErrorResponses,
      },
    }),
    async (c) => {
      const who = patronOf(c);
      const { nome, consulta } = c.req.valid("json");
      const query = consulta.replace(/^\?/, "");
      const find = () => savedSearchByQuery(db, who, query);
      const already = await find();
      if (already) return c.json(already, 200);
      if ((await list(who)).length >= MAX_SAVED_SEARCHES)
        throw new ApiError(422, "validacao", {
          code: "limite_pesquisas",
          message: LIMIT_MESSAGE[c.get("lang")].replace("{max}", String(MAX_SAVED_SEARCHES)),
        });
      try {
        await insertSavedSearch(db, who, nome, query);
      } catch (err) {
        // The same search saved by a concurrent submit: one row, theirs.
        if (!isUniqueViolation(err)) throw err;
        return c.json((await find())!, 200);
      }
      return c.json((await find())!, 201);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/{id}",
      summary: "Deletes a saved search",
      security,
      request: { params: Id, headers: LangHeader },
      responses: {
        204: { description: "Deleted" },
        404: { description: "Not one of the patron's saved searches", content: { "application/json": { schema: ErrorSchema } } },
        ...patronErrorResponses,
      },
    }),
    async (c) => {
      if (!(await deleteSavedSearch(db, patronOf(c), c.req.valid("param").id))) throw new ApiError(404, "nao_encontrado");
      return c.body(null, 204);
    },
  );
  return app;
}
