import { createRoute, z } from "@hono/zod-openapi";
import { admitDuplicateLookup, duplicatePersons, institutionParameters } from "../domain/login-variants.ts";
import { ApiError } from "../lib/errors.ts";
import { clientIpOf, createRouter, ErrorSchema, errorResponses, LangHeader, requireToken, type ApiDeps } from "../lib/http.ts";

const Duplicadas = z
  .object({
    result: z.boolean().openapi({ description: "True when more than one person shares the user code" }),
    pessoas: z.array(
      z.object({ codigo: z.number().int(), nome: z.string().openapi({ description: "The account's category, never the person's name" }) }),
    ),
  })
  .openapi("Duplicadas");

const route = createRoute({
  method: "get",
  path: "/",
  summary: "Persons sharing a user code, for the duplicate-persons login variant (spec §5, ADR 173)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: z.object({ usuario: z.string().max(100) }) },
  responses: {
    200: {
      description: "The accounts to choose from (none unless the institution uses the variant)",
      content: { "application/json": { schema: Duplicadas } },
    },
    429: { description: "Too many lookups from this client address (`muitas_tentativas`)", content: { "application/json": { schema: ErrorSchema } } },
    ...errorResponses,
  },
});

/** GET /api/duplicadas?usuario= */
export function duplicadasRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(route, async (c) => {
    if (!(await admitDuplicateLookup(deps.db, clientIpOf(c), deps.auth.now()))) throw new ApiError(429, "muitas_tentativas");
    return c.json(await duplicatePersons(deps.db, await institutionParameters(deps.db), c.req.valid("query").usuario), 200);
  });
  return app;
}
