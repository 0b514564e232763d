import { createRoute, z } from "@hono/zod-openapi";
import crypto from "node:crypto";
import { captchaRefusal } from "../domain/captcha.ts";
import { authenticate } from "../domain/login.ts";
import { institutionParameters, resolveLoginName } from "../domain/login-variants.ts";
import { startSessionLogin } from "../domain/person-logins.ts";
import { issuePatronTokens, issuePublicToken, PORTAL_CLIENT_ID, revokeSession, rotateRefreshToken } from "../domain/tokens.ts";
import { rememberLanguage } from "../domain/notifications.ts";
import { ApiError } from "../lib/errors.ts";
import { clientIpOf, createRouter, ErrorSchema, LangHeader, type ApiDeps } from "../lib/http.ts";

const TokenRequest = z
  .object({
    grant_type: z
      .string()
      .optional()
      .openapi({ enum: ["client_credentials", "password", "refresh_token"] }),
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
    400: err(
      "Missing credentials (`credenciais_ausentes`), unknown client or grant; with activity 1120 on, a `recaptcha_token` that is expired (`captcha_expirado`) or invalid or already used (`captcha_invalido`) (ADR 170)",
    ),
    401: err("Wrong username or password (`credenciais_invalidas`), or refresh token invalid/reused (`token_invalido`)"),
    429: err("Login locked for 15 minutes after 5 failures for that username, or 30 from that client address (`muitas_tentativas`)"),
  },
});

const RevokeRequest = z
  .object({
    token: z.string().max(512).optional().openapi({ description: "the session's refresh or access token" }),
    token_type_hint: z.string().max(32).optional(),
    client_id: z.string().max(32).optional().openapi({ example: "4" }),
  })
  .openapi("RevokeRequest");

const revokeRoute = createRoute({
  method: "post",
  path: "/revoke",
  summary: "End a session (RFC 7009): revokes the token's whole family, access and refresh tokens alike",
  request: {
    headers: LangHeader,
    body: {
      content: {
        "application/x-www-form-urlencoded": { schema: RevokeRequest },
        "application/json": { schema: RevokeRequest },
      },
    },
  },
  responses: {
    200: { description: "Revoked, or the token was unknown (the answer does not say which)" },
    400: err("Unknown client (`cliente_invalido`)"),
  },
});

/** Reads a token-endpoint body as a flat record of strings, form-encoded (the portal) or JSON. */
async function readTokenBody(c: {
  req: { header(n: string): string | undefined; json(): Promise<unknown>; parseBody(): Promise<Record<string, unknown>> };
}) {
  const type = c.req.header("content-type") ?? "";
  const raw = (type.includes("application/json") ? await c.req.json() : await c.req.parseBody()) as unknown;
  const record = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  // Values beyond any real token or password are refused outright rather than hashed.
  return (k: string) => (typeof record[k] === "string" && (record[k] as string).length <= 1024 ? (record[k] as string) : "");
}

/** A refused login: locked (too many guesses) or wrong credentials. */
const LOGIN_REFUSAL_STATUS = { muitas_tentativas: 429, credenciais_invalidas: 401 } as const;

/** POST /api/oauth/token: the three grants of docs/api.md. */
export function oauthRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.openapi(tokenRoute, async (c) => {
    // Read the body by content type ourselves: the portal posts form data, other clients JSON.
    const field = await readTokenBody(c);
    const clientId = field("client_id") || PORTAL_CLIENT_ID;
    if (clientId !== PORTAL_CLIENT_ID) throw new ApiError(400, "cliente_invalido", { code: "cliente_invalido" });

    switch (field("grant_type")) {
      case "client_credentials":
        return c.json(await issuePublicToken(deps.db, deps.auth, clientId), 200);
      case "password": {
        // The institution's login variant may stand a combined name for a login (spec §5, ADR 173).
        const username = await resolveLoginName(deps.db, await institutionParameters(deps.db), field("username").trim());
        const password = field("password");
        if (!username || !password) throw new ApiError(400, "credenciais_ausentes");
        // Activity 1120 (ADR 170): a captcha answer, when sent, must be good before any password check.
        const captcha = await captchaRefusal(deps.db, field("recaptcha_token"), deps.auth.now());
        if (captcha) throw new ApiError(400, captcha, { code: captcha });
        const login = await authenticate(deps.db, deps.auth, username, password, clientIpOf(c));
        if (!login.ok) throw new ApiError(LOGIN_REFUSAL_STATUS[login.reason], login.reason);
        const { codPessoa, codLogin } = login;
        // The session works under the login typed until the patron picks another of theirs (ADR 172).
        const familia = crypto.randomUUID();
        const tokens = await issuePatronTokens(deps.db, deps.auth, clientId, codPessoa, familia);
        await startSessionLogin(deps.db, familia, codLogin);
        // The patron's e-mails are written in the language they last signed in with (ADR 254).
        await rememberLanguage(deps.db, codPessoa, c.get("lang"));
        return c.json(tokens, 200);
      }
      case "refresh_token": {
        const token = field("refresh_token");
        if (!token) throw new ApiError(401, "refresh_invalido", { code: "token_invalido" });
        const tokens = await rotateRefreshToken(deps.db, deps.auth, clientId, token);
        if (!tokens) throw new ApiError(401, "refresh_invalido", { code: "token_invalido" });
        return c.json(tokens, 200);
      }
      default:
        throw new ApiError(400, "grant_invalido", { code: "grant_invalido" });
    }
  });
  app.openapi(revokeRoute, async (c) => {
    const field = await readTokenBody(c);
    const clientId = field("client_id") || PORTAL_CLIENT_ID;
    if (clientId !== PORTAL_CLIENT_ID) throw new ApiError(400, "cliente_invalido", { code: "cliente_invalido" });
    const token = field("token");
    if (token) await revokeSession(deps.db, clientId, token, deps.auth.now());
    return c.body(null, 200);
  });
  return app;
}
