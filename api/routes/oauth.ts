import { createRoute, z } from "@hono/zod-openapi";
import { authenticate } from "../domain/login.ts";
import { issuePatronTokens, issuePublicToken, PORTAL_CLIENT_ID, rotateRefreshToken } from "../domain/tokens.ts";
import { ApiError } from "../lib/errors.ts";
import { createRouter, ErrorSchema, LangHeader, type ApiDeps } from "../lib/http.ts";

const TokenRequest = z
  .object({
    grant_type: z.string().optional().openapi({ enum: ["client_credentials", "password", "refresh_token"] }),
    client_id: z.string().optional().openapi({ example: "4" }),
    username: z.string().optional(),
    password: z.string().optional(),
    recaptcha_token: z.string().optional(),
    refresh_token: z.string().optional(),
  })
  .openapi("TokenRequest");

const TokenResponse = z
  .object({
    access_token: z.string(),
    refresh_token: z.string().optional().openapi({ description: "password and refresh_token grants only" }),
    token_type: z.literal("bearer"),
    expires_in: z.number().int(),
  })
  .openapi("TokenResponse");

const err = (description: string) => ({ description, content: { "application/json": { schema: ErrorSchema } } });

const tokenRoute = createRoute({
  method: "post",
  path: "/token",
  summary: "Issue a public token, a patron token pair, or rotate a refresh token",
  request: {
    headers: LangHeader,
    body: {
      content: {
        "application/x-www-form-urlencoded": { schema: TokenRequest },
        "application/json": { schema: TokenRequest },
      },
    },
  },
  responses: {
    200: { description: "Tokens", content: { "application/json": { schema: TokenResponse } } },
    400: err("Missing credentials (`credenciais_ausentes`), unknown client or grant"),
    401: err("Wrong username or password (`credenciais_invalidas`), or refresh token invalid/reused (`token_invalido`)"),
    429: err("Login locked for 15 minutes after 5 consecutive failures (`muitas_tentativas`)"),
  },
});

/** POST /api/oauth/token: the three grants of docs/api.md. */
export function oauthRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.openapi(tokenRoute, async (c) => {
    // Read the body by content type ourselves: the portal posts form data, other clients JSON.
    const type = c.req.header("content-type") ?? "";
    const raw: Record<string, unknown> = type.includes("application/json")
      ? await c.req.json().catch(() => ({}))
      : await c.req.parseBody().catch(() => ({}));
    const field = (k: string) => (typeof raw[k] === "string" ? (raw[k] as string) : "");
    const clientId = field("client_id") || PORTAL_CLIENT_ID;
    if (clientId !== PORTAL_CLIENT_ID) throw new ApiError(400, "cliente_invalido", { code: "cliente_invalido" });

    switch (field("grant_type")) {
      case "client_credentials":
        return c.json(await issuePublicToken(deps.db, deps.auth, clientId), 200);
      case "password": {
        const username = field("username").trim();
        const password = field("password");
        if (!username || !password) throw new ApiError(400, "credenciais_ausentes");
        const { codPessoa } = await authenticate(deps.db, deps.auth, username, password);
        return c.json(await issuePatronTokens(deps.db, deps.auth, clientId, codPessoa), 200);
      }
      case "refresh_token": {
        const token = field("refresh_token");
        if (!token) throw new ApiError(401, "refresh_invalido", { code: "token_invalido" });
        return c.json(await rotateRefreshToken(deps.db, deps.auth, clientId, token), 200);
      }
      default:
        throw new ApiError(400, "grant_invalido", { code: "grant_invalido" });
    }
  });
  return app;
}
