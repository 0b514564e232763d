import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../lib/http.ts";

const Logins = z.array(z.object({ codigo: z.number().int(), usuario: z.string(), base: z.string().nullable() })).openapi("PessoaLogins");

const loginsRoute = createRoute({
  method: "get",
  path: "/login",
  summary: "The logins of the logged-in person",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "Logins", content: { "application/json": { schema: Logins } } }, ...patronErrorResponses },
});

/** /api/pessoas/... */
export function pessoasRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(loginsRoute, async (c) => {
    const rows = await deps.db
      .selectFrom("login")
      .select(["cod_login as codigo", "usuario", "base"])
      .where("cod_pessoa", "=", patronOf(c))
      .orderBy("cod_login")
      .execute();
    return c.json(rows, 200);
  });
  return app;
}
