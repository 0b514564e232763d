/**
 * The reference API as an OpenID Connect relying party (ADRs 160, 162), with openid-client (a certified library):
 * discovery, the authorization code flow with state, nonce and PKCE, ID token validation, UserInfo when the ID
 * token lacks the e-mail, end-session link. Every login asks the provider to authenticate the person again.
 */
import * as client from "openid-client";
import type { OidcConfig } from "./config.ts";
import { ssoLog } from "./log.ts";

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
/** How long the person may take at the provider's login page (the flow's own limit, ADR 160). */
const MAX_AGE_SECONDS = 600;
/** The provider's answers that mean the person said no (refused access or consent). */
const REFUSALS = new Set(["access_denied", "consent_required"]);
const discovered = new Map<string, Promise<client.Configuration>>();

const causeOf = (err: unknown): string => {
  if (err instanceof client.ResponseBodyError || err instanceof client.AuthorizationResponseError) {
    return `the provider answered ${err.error}${err.error_description ? `: ${err.error_description}` : ""}`;
  }
  if (err instanceof client.WWWAuthenticateChallengeError) {
    const said = err.cause.map((c) => [c.parameters.error, c.parameters.error_description].filter(Boolean).join(": ") || c.scheme);
    return `the provider answered HTTP ${err.status} ${said.join("; ")} (check the client ID, secret and OIDC_TOKEN_AUTH_METHOD)`;
  }
  if (err instanceof Error) return err.cause instanceof Error ? `${err.message} (${err.cause.message})` : err.message;
  return String(err);
};

/**
 * The token endpoint's client authentication: the configured one, else the first of client_secret_basic and
 * client_secret_post the discovery document advertises (a provider that lists only `post` gets `post`).
 */
export function tokenAuthMethodFor(cfg: Pick<OidcConfig, "tokenAuthMethod">, advertised: unknown): "client_secret_basic" | "client_secret_post" {
  if (cfg.tokenAuthMethod) return cfg.tokenAuthMethod;
  const list = Array.isArray(advertised) ? advertised : [];
  if (list.length && !list.includes("client_secret_basic") && list.includes("client_secret_post")) return "client_secret_post";
  return "client_secret_basic";
}

/** The provider's configuration (discovery), fetched once per process and kept; a failure is retried next time. */
export function providerConfig(cfg: OidcConfig): Promise<client.Configuration> {
  const key = `${cfg.issuer}|${cfg.clientId}|${cfg.tokenAuthMethod ?? ""}`;
  let hit = discovered.get(key);
  if (!hit) {
    const insecure = new URL(cfg.issuer).protocol === "http:"; // loopback only, checked by readSsoConfig
    hit = client
      .discovery(new URL(cfg.issuer), cfg.clientId, undefined, undefined, {
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: TIMEOUT_MS / 1000,
      })
      .then((found) => {
        const server = found.serverMetadata();
        const method = tokenAuthMethodFor(cfg, server.token_endpoint_auth_methods_supported);
        const auth = method === "client_secret_post" ? client.ClientSecretPost(cfg.clientSecret) : client.ClientSecretBasic(cfg.clientSecret);
        const c = new client.Configuration(server, cfg.clientId, { [client.clockTolerance]: cfg.clockSkewSeconds }, auth);
        if (insecure) client.allowInsecureRequests(c);
        c.timeout = TIMEOUT_MS / 1000;
        return c;
      });
    discovered.set(key, hit);
    hit.catch(() => discovered.delete(key));
  }
  return hit.catch((err: unknown) => {
    ssoLog("oidc", "discovery", `${cfg.issuer}/.well-known/openid-configuration: ${causeOf(err)}`);
    throw new OidcError("unreachable", err);
  });
}

/** The authorization request's secrets, to keep until the callback. */
export interface OidcRequest {
  state: string;
  verifier: string;
  link: string;
}

/**
 * Builds the provider link for a new login (state, nonce and PKCE S256); `loginHint` pre-fills the provider's form.
 * `prompt=login` and `max_age` make the provider ask for the password again, so a provider session left open on
 * a shared computer never signs the next person into the previous patron's account.
 */
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
    prompt: "login",
    max_age: String(MAX_AGE_SECONDS),
  };
  if (loginHint) params.login_hint = loginHint;
  return { state, verifier, link: client.buildAuthorizationUrl(config, params).href };
}

/** Which check of the completion failed, for the log and the route. */
function fail(reason: OidcFailure, step: "callback" | "userinfo", err: unknown): never {
  ssoLog("oidc", step, causeOf(err));
  throw new OidcError(reason, err);
}

const isUnreachable = (err: unknown) =>
  err instanceof TypeError || (err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError"));

/**
 * Completes the callback the provider sent to the portal (`callbackQuery`: its query string): checks the state,
 * exchanges the code with the PKCE verifier, validates the ID token (signature, issuer, audience, times, nonce;
 * `iat` no later than `now` plus the clock tolerance; authenticated after the login started). When the ID token
 * lacks the e-mail claim, reads it from UserInfo. Returns the claims.
 */
export async function completeCallback(
  cfg: OidcConfig,
  callbackQuery: string,
  expected: { state: string; nonce: string; verifier: string; startedAt: number; now: number },
): Promise<Record<string, unknown>> {
  const query = callbackQuery.startsWith("?") ? callbackQuery.slice(1) : callbackQuery;
  const error = new URLSearchParams(query).get("error");
  // A refusal needs no trust in the rest of the answer: it only decides which message the person sees.
  if (error && REFUSALS.has(error)) fail("denied", "callback", `the provider answered ${error} (the person refused)`);
  const config = await providerConfig(cfg);
  const current = new URL(cfg.redirectUri);
  current.search = query;
  let tokens;
  try {
    tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: expected.verifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
      maxAge: MAX_AGE_SECONDS,
    });
  } catch (err) {
    if (err instanceof client.AuthorizationResponseError) fail(REFUSALS.has(err.error) ? "denied" : "provider_error", "callback", err);
    // The provider could not be reached for the code exchange.
    if (isUnreachable(err)) fail("unreachable", "callback", err);
    // Anything else is a response that did not validate (state, nonce, signature, times, a refused code).
    fail("invalid", "callback", err);
  }
  const claims = tokens.claims();
  if (!claims) fail("invalid", "callback", "no ID token");
  const skew = cfg.clockSkewSeconds;
  const nowS = Math.floor(expected.now / 1000);
  if (typeof claims.iat === "number" && claims.iat > nowS + skew)
    fail("invalid", "callback", `the ID token's iat is ${claims.iat - nowS} s in the future (tolerance ${skew} s)`);
  if (typeof claims.auth_time === "number" && claims.auth_time < Math.floor(expected.startedAt / 1000) - skew) {
    fail("invalid", "callback", "the provider did not authenticate the person again (auth_time before the login started; prompt=login ignored)");
  }
  if (claims[cfg.emailClaim] !== undefined) return { ...claims };
  if (!config.serverMetadata().userinfo_endpoint) return { ...claims };
  try {
    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    return { ...info, ...claims, [cfg.emailClaim]: info[cfg.emailClaim], email_verified: claims.email_verified ?? info.email_verified };
  } catch (err) {
    fail(isUnreachable(err) ? "unreachable" : "invalid", "userinfo", err);
  }
}

/** The provider's logout (end-session) link, returning to the portal; null when the provider has none. */
export async function endSessionLink(cfg: OidcConfig): Promise<string | null> {
  const config = await providerConfig(cfg);
  if (!config.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(config, { post_logout_redirect_uri: cfg.postLogoutRedirectUri, client_id: cfg.clientId }).href;
}
