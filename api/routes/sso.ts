/**
 * Single sign-on (spec §7 "User data, login and SSO", ADR 160): `/api/oidc/*` and `/api/saml/*`, called by the
 * portal with the public token. The API is the relying party / service provider; the portal only carries the
 * browser's redirects and keeps the nonce.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { newNonce, patronForEmail, startFlow, takeFlow } from "../domain/sso.ts";
import { issuePatronTokens, PORTAL_CLIENT_ID } from "../domain/tokens.ts";
import { ApiError } from "../lib/errors.ts";
import { createRouter, ErrorSchema, errorResponses, LangHeader, requireToken, type ApiDeps } from "../lib/http.ts";
import type { OidcConfig, SamlConfig } from "../sso/config.ts";
import { authorizationRequest, completeCallback, OidcError } from "../sso/oidc.ts";
import { emailOf, loginRequest, SamlError, validateResponse } from "../sso/saml.ts";

const err = (description: string) => ({ description, content: { "application/json": { schema: ErrorSchema } } });

const SsoTokens = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal("bearer"),
    expires_in: z.number().int(),
  })
  .openapi("SsoTokens");

const StartResponse = z
  .object({
    nonce: z.string().openapi({ description: "Keep it (the browser's cookie) and send it back to validar" }),
    link: z.string().openapi({ description: "The provider's address to send the browser to" }),
  })
  .openapi("SsoStart");

const validationErrors = {
  401: err("The nonce is unknown, already used or older than 10 minutes, or the ID token / assertion did not validate (`sso_token_invalido`)"),
  403: err("The provider refused the login (`sso_permissao_negada`)"),
  404: err("SSO not configured (`sso_indisponivel`), or no single library patron has the identity's e-mail (`sso_usuario_nao_encontrado`)"),
  400: err("The provider answered with an error (`sso_erro_autenticacao`)"),
  503: err("The provider could not be reached (`sso_erro_autenticacao`)"),
};

const authorizeRoute = createRoute({
  method: "get",
  path: "/authorize",
  summary: "Starts an OIDC login: a nonce for the portal and the provider link (state, nonce, PKCE S256)",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    query: z.object({
      username: z.string().max(256).optional().openapi({ description: "Sent to the provider as login_hint" }),
      redirect: z.string().max(2048).optional().openapi({ description: "Accepted for the spec; the portal keeps where to go after login" }),
    }),
  },
  responses: { 200: { description: "Started", content: { "application/json": { schema: StartResponse } } }, ...errorResponses, 404: validationErrors[404], 503: validationErrors[503] },
});

const oidcValidarRoute = createRoute({
  method: "post",
  path: "/validar",
  summary: "Completes an OIDC login: checks state and nonce, exchanges the code, validates the ID token, issues the patron's tokens",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    body: {
      content: {
        "application/json": {
          schema: z.object({
            nonce: z.string().min(1).max(256),
            callback: z.string().max(4096).openapi({ description: "The query string the provider sent to the portal's /oauth-response" }),
          }),
        },
      },
    },
  },
  responses: { 200: { description: "The patron's tokens", content: { "application/json": { schema: SsoTokens } } }, ...errorResponses, ...validationErrors },
});

const samlLoginRoute = createRoute({
  method: "get",
  path: "/login",
  summary: "Starts a SAML login: the IdP link (AuthnRequest, HTTP-Redirect binding) and a nonce for the portal",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: z.object({ redirect: z.string().max(2048).optional() }) },
  responses: { 200: { description: "Started", content: { "application/json": { schema: StartResponse } } }, ...errorResponses, 404: validationErrors[404], 503: validationErrors[503] },
});

const samlValidarRoute = createRoute({
  method: "post",
  path: "/validar",
  summary: "Completes a SAML login: verifies the signed assertion (signature, audience, times, InResponseTo) and issues the patron's tokens",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    body: {
      content: {
        "application/json": {
          schema: z.object({
            saml: z.string().min(1).max(200_000).openapi({ description: "The SAMLResponse the IdP posted to the portal's /saml-response (base64)" }),
            nonce: z.string().min(1).max(256),
          }),
        },
      },
    },
  },
  responses: { 200: { description: "The patron's tokens", content: { "application/json": { schema: SsoTokens } } }, ...errorResponses, ...validationErrors },
});

function oidcOf(deps: ApiDeps): OidcConfig {
  const cfg = deps.sso?.oidc;
  if (!cfg) throw new ApiError(404, "sso_indisponivel");
  return cfg;
}

function samlOf(deps: ApiDeps): SamlConfig {
  const cfg = deps.sso?.saml;
  if (!cfg) throw new ApiError(404, "sso_indisponivel");
  return cfg;
}

/** Maps an OIDC failure to the spec §8 external-authentication errors. */
function oidcFailure(e: OidcError): ApiError {
  switch (e.reason) {
    case "denied":
      return new ApiError(403, "sso_permissao_negada");
    case "provider_error":
      return new ApiError(400, "sso_erro_autenticacao");
    case "unreachable":
      return new ApiError(503, "sso_erro_autenticacao");
    default:
      return new ApiError(401, "sso_token_invalido");
  }
}

/** /api/oidc: authorize and validar. */
export function oidcRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(authorizeRoute, async (c) => {
    const cfg = oidcOf(deps);
    const username = c.req.valid("query").username?.trim();
    const nonce = newNonce();
    let request;
    try {
      request = await authorizationRequest(cfg, nonce, username || undefined);
    } catch (e) {
      throw e instanceof OidcError ? oidcFailure(e) : e;
    }
    await startFlow(deps.db, deps.auth.now(), "oidc", nonce, { estado: request.state, verificador: request.verifier });
    return c.json({ nonce, link: request.link }, 200);
  });
  app.openapi(oidcValidarRoute, async (c) => {
    const cfg = oidcOf(deps);
    const { nonce, callback } = c.req.valid("json");
    const flow = await takeFlow(deps.db, deps.auth.now(), "oidc", nonce);
    let claims;
    try {
      claims = await completeCallback(cfg, callback, { state: flow.estado ?? "", nonce, verifier: flow.verificador ?? "" });
    } catch (e) {
      throw e instanceof OidcError ? oidcFailure(e) : e;
    }
    // An e-mail the provider says it has not verified identifies nobody.
    const email = typeof claims.email === "string" && claims.email_verified !== false ? claims.email : null;
    const codPessoa = await patronForEmail(deps.db, email);
    return c.json(await issuePatronTokens(deps.db, deps.auth, PORTAL_CLIENT_ID, codPessoa) as z.infer<typeof SsoTokens>, 200);
  });
  return app;
}

/** /api/saml: login and validar. */
export function samlRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(samlLoginRoute, async (c) => {
    const cfg = samlOf(deps);
    let request;
    try {
      request = await loginRequest(cfg);
    } catch (e) {
      throw e instanceof SamlError ? new ApiError(503, "sso_erro_autenticacao") : e;
    }
    const nonce = newNonce();
    await startFlow(deps.db, deps.auth.now(), "saml", nonce, { pedido_saml: request.requestId });
    return c.json({ nonce, link: request.link }, 200);
  });
  app.openapi(samlValidarRoute, async (c) => {
    const cfg = samlOf(deps);
    const { saml, nonce } = c.req.valid("json");
    const flow = await takeFlow(deps.db, deps.auth.now(), "saml", nonce);
    let profile;
    try {
      profile = await validateResponse(cfg, saml, flow.pedido_saml ?? "");
    } catch (e) {
      if (e instanceof SamlError) throw new ApiError(e.reason === "unreachable" ? 503 : 401, e.reason === "unreachable" ? "sso_erro_autenticacao" : "sso_token_invalido");
      throw e;
    }
    const codPessoa = await patronForEmail(deps.db, emailOf(profile));
    return c.json(await issuePatronTokens(deps.db, deps.auth, PORTAL_CLIENT_ID, codPessoa) as z.infer<typeof SsoTokens>, 200);
  });
  return app;
}
