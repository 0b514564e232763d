import { createRoute, z } from "@hono/zod-openapi";
import { patronMayUse } from "../../db/autenticar.ts";
import { createRouter, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../../lib/http.ts";
import { appLayers, AppLayers } from "./app-layers.ts";
import { issueRedirectTicket, REDIRECT_TOKEN_SECONDS } from "./token-redireciona.ts";

const ok = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ 200: { description, content: { "application/json": { schema } } } });
const get = <T extends z.ZodTypeAny>(path: string, summary: string, schema: T) =>
  createRoute({
    method: "get",
    path,
    summary,
    security: [{ bearer: [] }],
    request: { headers: LangHeader },
    responses: { ...ok(schema, summary), ...patronErrorResponses },
  });

/** The rest of spec §7 "User data, login and SSO" under /api/autenticar (ADR 180): the app's layers for the patron and redirect tickets. */
export function appRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  for (const p of ["/app-layers", "/token-redireciona"]) app.use(p, requireToken(deps));

  app.openapi(
    get(
      "/app-layers",
      "The app's layers for this patron: on for the institution, and private ones only with the private area (activity 8)",
      AppLayers,
    ),
    async (c) => {
      const cod = patronOf(c);
      const perm = await patronMayUse(db, cod, 8);
      return c.json(
        (await appLayers(deps)).map(({ codigo, descricao, ativa, privada }) => ({ codigo, descricao, ativa: ativa && (!privada || perm) })),
        200,
      );
    },
  );

  app.openapi(
    get(
      "/token-redireciona",
      "A one-time ticket (60 s) that hands the patron's login to the institution's other systems",
      z.object({ token: z.string(), expires_in: z.number().int() }).openapi("TokenRedireciona"),
    ),
    async (c) => c.json({ token: await issueRedirectTicket(deps, patronOf(c)), expires_in: REDIRECT_TOKEN_SECONDS }, 200),
  );
  return app;
}
