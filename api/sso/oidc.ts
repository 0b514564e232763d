/**
 * The reference API as an OpenID Connect relying party (ADR 160), with openid-client (a certified library):
 * discovery, the authorization code flow with state, nonce and PKCE, ID token validation, end-session link.
 */
import * as client from "openid-client";
import type { OidcConfig } from "./config.ts";

/** How a completed callback failed, for the route to map to spec §8 messages. */
export type OidcFailure = "denied" | "provider_error" | "invalid" | "unreachable";

export class OidcError extends Error {
  constructor(
    readonly reason: OidcFailure,
    readonly cause?: unknown,
  ) {
    super(`oidc: ${reason}`);
  }
}

const TIMEOUT_MS = 5_000;
const discovered = new Map<string, Promise<client.Configuration>>();

/** The provider's configuration (discovery), fetched once per process and kept; a failure is retried next time. */
export function providerConfig(cfg: OidcConfig): Promise<client.Configuration> {
  const key = `${cfg.issuer}|${cfg.clientId}`;
  let hit = discovered.get(key);
  if (!hit) {
    const insecure = new URL(cfg.issuer).protocol === "http:"; // loopback only, checked by readSsoConfig
    hit = client
      .discovery(new URL(cfg.issuer), cfg.clientId, { [client.clockTolerance]: cfg.clockSkewSeconds }, client.ClientSecretBasic(cfg.clientSecret), {
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: TIMEOUT_MS / 1000,
      })
      .then((c) => {
        c.timeout = TIMEOUT_MS / 1000;
        return c;
      });
    discovered.set(key, hit);
    hit.catch(() => discovered.delete(key));
  }
  return hit.catch((err: unknown) => {
    throw new OidcError("unreachable", err);
  });
}

/** The authorization request's secrets, to keep until the callback. */
export interface OidcRequest {
  state: string;
  verifier: string;
  link: string;
}

/** Builds the provider link for a new login (state, nonce and PKCE S256); `loginHint` pre-fills the provider's form. */
export async function authorizationRequest(cfg: OidcConfig, nonce: string, loginHint?: string): Promise<OidcRequest> {
  const config = await providerConfig(cfg);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const params: Record<string, string> = {
    redirect_uri: cfg.redirectUri,
    scope: cfg.scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  };
  if (loginHint) params.login_hint = loginHint;
  return { state, verifier, link: client.buildAuthorizationUrl(config, params).href };
}

/**
 * Completes the callback the provider sent to the portal (`callbackQuery`: its query string): checks the state,
 * exchanges the code with the PKCE verifier, validates the ID token (signature, issuer, audience, times, nonce).
 * Returns the ID token's claims.
 */
export async function completeCallback(
  cfg: OidcConfig,
  callbackQuery: string,
  expected: { state: string; nonce: string; verifier: string },
): Promise<client.IDToken> {
  const config = await providerConfig(cfg);
  const current = new URL(cfg.redirectUri);
  current.search = callbackQuery.startsWith("?") ? callbackQuery.slice(1) : callbackQuery;
  try {
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: expected.verifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new OidcError("invalid");
    return claims;
  } catch (err) {
    if (err instanceof OidcError) throw err;
    if (err instanceof client.AuthorizationResponseError) throw new OidcError(err.error === "access_denied" ? "denied" : "provider_error", err);
    // The provider could not be reached for the code exchange.
    if (err instanceof TypeError || (err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError"))) throw new OidcError("unreachable", err);
    // Anything else is a response that did not validate (state, nonce, signature, times, a refused code).
    throw new OidcError("invalid", err);
  }
}

/** The provider's logout (end-session) link, returning to the portal; null when the provider has none. */
export async function endSessionLink(cfg: OidcConfig): Promise<string | null> {
  const config = await providerConfig(cfg);
  if (!config.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(config, { post_logout_redirect_uri: cfg.postLogoutRedirectUri, client_id: cfg.clientId }).href;
}
