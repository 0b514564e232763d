/**
 * Single sign-on (spec §7 "User data, login and SSO", ADR 160): `/api/oidc/*` and `/api/saml/*`, called by the
 * portal with the public token. The API is the relying party / service provider; the portal only carries the
 * browser's redirects and keeps the nonce.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { newNonce, patronForEmail, patronForIdentities, startFlow, takeFlow } from "../domain/sso.ts";
import { issuePatronTokens, PORTAL_CLIENT_ID } from "../domain/tokens.ts";
import { ApiError } from "../lib/errors.ts";
import { createRouter, ErrorSchema, errorResponses, LangHeader, requireToken, type ApiDeps } from "../lib/http.ts";
import type { OidcConfig, SamlConfig } from "../sso/config.ts";
import { authorizationRequest, completeCallback, OidcError } from "../sso/oidc.ts";
import { ssoLog } from "../sso/log.ts";
import { identitiesOf, loginRequest, logoutRequest, SamlError, spMetadata, validateResponse } from "../sso/saml.ts";

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
  responses: {
    200: { description: "Started", content: { "application/json": { schema: StartResponse } } },
    ...errorResponses,
    404: validationErrors[404],
    503: validationErrors[503],
  },
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
  responses: {
    200: { description: "The patron's tokens", content: { "application/json": { schema: SsoTokens } } },
    ...errorResponses,
    ...validationErrors,
  },
});

const samlLoginRoute = createRoute({
  method: "get",
  path: "/login",
  summary: "Starts a SAML login: the IdP link (AuthnRequest, HTTP-Redirect binding) and a nonce for the portal",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: z.object({ redirect: z.string().max(2048).optional() }) },
  responses: {
    200: { description: "Started", content: { "application/json": { schema: StartResponse } } },
    ...errorResponses,
    404: validationErrors[404],
    503: validationErrors[503],
  },
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
  responses: {
    200: { description: "The patron's tokens", content: { "application/json": { schema: SsoTokens } } },
    ...errorResponses,
    ...validationErrors,
  },
});

const samlMetadataRoute = createRoute({
  method: "get",
  path: "/metadata",
  summary: "Estante's SAML service provider metadata (entity ID, ACS, SLO, signing and encryption certificate), for the IdP",
  security: [{ bearer: [] }],
  responses: {
    200: { description: "SAML metadata", content: { "application/samlmetadata+xml": { schema: z.string() } } },
    ...errorResponses,
    404: validationErrors[404],
  },
});

const samlLogoutRoute = createRoute({
  method: "post",
  path: "/logout",
  summary: "Checks a LogoutRequest the IdP sent to the portal's /saml/logout (HTTP-Redirect, signed); answers the IdP link of the LogoutResponse",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    body: {
      content: {
        "application/json": {
          schema: z.object({
            query: z
              .string()
              .min(1)
              .max(16_384)
              .openapi({ description: "The query string the IdP sent (SAMLRequest, RelayState, SigAlg, Signature)" }),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "The LogoutResponse link",
      content: { "application/json": { schema: z.object({ link: z.string() }).openapi("SamlLogout") } },
    },
    ...errorResponses,
    401: validationErrors[401],
    404: validationErrors[404],
    503: validationErrors[503],
  },
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

/** Maps a SAML failure: an unreachable IdP is an authentication error (503), anything else a token error (401). */
const samlFailure = (e: SamlError) =>
  e.reason === "unreachable" ? new ApiError(503, "sso_erro_autenticacao") : new ApiError(401, "sso_token_invalido");

/** The flow of `nonce`; when it cannot complete (unknown, already used, or older than ten minutes) logs why and refuses (401). */
async function flowOf(deps: ApiDeps, kind: "oidc" | "saml", nonce: string) {
  const flow = await takeFlow(deps.db, deps.auth.now(), kind, nonce);
  if (flow) return flow;
  ssoLog(
    kind,
    "callback",
    "the login's nonce is unknown, already used or older than ten minutes (a replay, or a login left too long at the provider)",
  );
  throw new ApiError(401, "sso_token_invalido");
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
    const flow = await flowOf(deps, "oidc", nonce);
    let claims;
    try {
      claims = await completeCallback(cfg, callback, {
        state: flow.estado ?? "",
        nonce,
        verifier: flow.verificador ?? "",
        startedAt: Date.parse(flow.criado_em),
        now: deps.auth.now(),
      });
    } catch (e) {
      throw e instanceof OidcError ? oidcFailure(e) : e;
    }
    // An e-mail the provider says it has not verified identifies nobody.
    const value = claims[cfg.emailClaim];
    const email = typeof value === "string" && claims.email_verified !== false ? value : null;
    const codPessoa = await patronForEmail(deps.db, email);
    if (codPessoa == null) {
      ssoLog(
        "oidc",
        "match",
        email
          ? `no single patron has the e-mail of claim ${cfg.emailClaim}`
          : claims.email_verified === false && value
            ? "the provider says the e-mail is not verified (email_verified false)"
            : `neither the ID token nor UserInfo has the claim ${cfg.emailClaim}`,
      );
      throw new ApiError(404, "sso_usuario_nao_encontrado");
    }
    return c.json((await issuePatronTokens(deps.db, deps.auth, PORTAL_CLIENT_ID, codPessoa)) as z.infer<typeof SsoTokens>, 200);
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
      if (!(e instanceof SamlError)) ssoLog("saml", "start", e instanceof Error ? e.message : String(e));
      throw e instanceof SamlError ? new ApiError(503, "sso_erro_autenticacao") : e;
    }
    const nonce = newNonce();
    await startFlow(deps.db, deps.auth.now(), "saml", nonce, { pedido_saml: request.requestId });
    return c.json({ nonce, link: request.link }, 200);
  });
  app.openapi(samlValidarRoute, async (c) => {
    const cfg = samlOf(deps);
    const { saml, nonce } = c.req.valid("json");
    const flow = await flowOf(deps, "saml", nonce);
    let profile;
    try {
      profile = await validateResponse(cfg, saml, flow.pedido_saml ?? "");
    } catch (e) {
      throw e instanceof SamlError ? samlFailure(e) : e;
    }
    const values = identitiesOf(profile, cfg.userAttribute);
    const codPessoa = await patronForIdentities(deps.db, cfg.userField, values);
    if (codPessoa == null) {
      const what = cfg.userAttribute
        ? `attribute ${cfg.userAttribute}`
        : "e-mail attributes (mail, email, urn:oid:0.9.2342.19200300.100.1.3) or emailAddress NameID";
      ssoLog(
        "saml",
        "match",
        values.length ? `no single patron's ${cfg.userField} matches the ${values.length} value(s) of the ${what}` : `the assertion has no ${what}`,
      );
      throw new ApiError(404, "sso_usuario_nao_encontrado");
    }
    return c.json((await issuePatronTokens(deps.db, deps.auth, PORTAL_CLIENT_ID, codPessoa)) as z.infer<typeof SsoTokens>, 200);
  });
  app.openapi(samlMetadataRoute, (c) => {
    const xml = spMetadata(samlOf(deps));
    return c.body(xml, 200, { "content-type": "application/samlmetadata+xml; charset=utf-8" }) as never;
  });
  app.openapi(samlLogoutRoute, async (c) => {
    const cfg = samlOf(deps);
    try {
      return c.json(await logoutRequest(cfg, c.req.valid("json").query), 200);
    } catch (e) {
      throw e instanceof SamlError ? samlFailure(e) : e;
    }
  });
  return app;
}
