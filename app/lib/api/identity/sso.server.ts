/** Single sign-on calls of spec §7 ("User data, login and SSO"), with the public token (ADR 160). */
import { z } from "zod";
import type { ApiClient, FullApiClient } from "../client.server";

const StartSchema = z.object({ nonce: z.string().min(1), link: z.url({ protocol: /^https?$/ }) });
const TokensSchema = z.object({ access_token: z.string(), refresh_token: z.string() });

/** GET /oidc/authorize: a nonce to keep and the provider link to send the browser to. */
export function oidcAuthorize(api: ApiClient, username: string, redirect?: string) {
  return api.get("/oidc/authorize", StartSchema, { as: "public", query: { username, redirect } });
}

/** POST /oidc/validar {nonce, callback}: the patron's tokens, or ApiError (401, 403, 404, 400, 503). */
export function oidcValidar(api: ApiClient, nonce: string, callback: string) {
  return api.send("POST", "/oidc/validar", TokensSchema, { as: "public", body: { nonce, callback } });
}

/** GET /saml/login: a nonce to keep and the IdP link (AuthnRequest). */
export function samlLogin(api: ApiClient, redirect?: string) {
  return api.get("/saml/login", StartSchema, { as: "public", query: { redirect } });
}

/** POST /saml/validar {saml, nonce}: the patron's tokens, or ApiError. */
export function samlValidar(api: ApiClient, saml: string, nonce: string) {
  return api.send("POST", "/saml/validar", TokensSchema, { as: "public", body: { saml, nonce } });
}

/** GET /saml/metadata: Estante's SAML SP metadata (XML), for the IdP administrator. */
export function samlSpMetadata(api: FullApiClient) {
  return api.getFile("/saml/metadata", { as: "public" });
}

/** POST /saml/logout {query}: the LogoutResponse link for a signed LogoutRequest the IdP sent, or ApiError (401). */
export function samlLogout(api: ApiClient, query: string) {
  return api.send("POST", "/saml/logout", z.object({ link: z.url({ protocol: /^https?$/ }) }), { as: "public", body: { query } });
}
