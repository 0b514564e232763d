import { createRoute, z } from "@hono/zod-openapi";
import { listLogins, switchLogin } from "../../domain/person-logins.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, ErrorSchema, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../../lib/http.ts";

const Login = z.object({ codigo: z.number().int(), usuario: z.string(), base: z.string().nullable() });
const Logins = z
  .array(Login.extend({ atual: z.boolean().openapi({ description: "The login this session works under (ADR 172)" }) }))
  .openapi("PessoaLogins");

const loginsRoute = createRoute({
  method: "get",
  path: "/login",
  summary: "The logins of the logged-in person",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "Logins", content: { "application/json": { schema: Logins } } }, ...patronErrorResponses },
});

const switchRoute = createRoute({
  method: "put",
  path: "/troca-login",
  summary: "Makes the session work under another login of the same person (spec §4 several logins, ADR 172)",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    body: {
      content: { "application/json": { schema: z.object({ codigo: z.number().int(), base: z.string().max(100).nullable() }).openapi("TrocaLogin") } },
    },
  },
  responses: {
    200: {
      description: "The login the session now works under (`atual: true`, as GET /pessoas/login then lists it)",
      content: { "application/json": { schema: Login.extend({ atual: z.literal(true) }).openapi("PessoaLogin") } },
    },
    404: {
      description: "Not a login of this person, or not in that base (`login_invalido`)",
      content: { "application/json": { schema: ErrorSchema } },
    },
    ...patronErrorResponses,
  },
});

/** /api/pessoas/... */
export function loginsRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(loginsRoute, async (c) => c.json(await listLogins(deps.db, patronOf(c), c.get("owner").familia), 200));
  app.openapi(switchRoute, async (c) => {
    const { codigo, base } = c.req.valid("json");
    const outcome = await switchLogin(deps.db, patronOf(c), c.get("owner").familia, codigo, base);
    if (!outcome.ok) throw new ApiError(404, outcome.reason, { code: outcome.reason });
    return c.json({ ...outcome.login, atual: true as const }, 200);
  });
  return app;
}
