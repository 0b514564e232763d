/**
 * Single sign-on in the portal (ADR 160): the API is the relying party / service provider; the portal starts a
 * flow (keeping its nonce in a sealed, ten-minute cookie), sends the browser to the provider, and on return
 * asks the API to validate, then signs the patron in as the password login does. No JavaScript is needed.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { isOidcUsername } from "~/components/identity/SsoLoginOptions";
import { ACTIVITY } from "./activities";
import { isExternalBase } from "../../contract/external-bases";
import { getApi, type FullApiClient } from "./api/client.server";
import { ApiError } from "./api/errors";
import { oidcAuthorize, oidcValidar, samlLogin, samlLogout, samlSpMetadata, samlValidar } from "./api/identity/sso.server";
import { DadosUsuarioSchema, LIBRARY_BLOCK_CODE, sessionUserOf } from "./auth.server";
import { isHttps, parseCookies, serializeCookie } from "./cookies";
import { getEnv } from "./env.server";
import { externalAccessPath } from "./external-access";
import { apiLangId } from "./i18n";
import { getLanguage } from "./i18n.server";
import { privateAreaPath } from "./product";
import { safeRedirect } from "./safe-redirect";
import { openBytes, sealBytes } from "./sealed-cookie.server";
import { getSession, type TokenPair } from "./session.server";
import { getSiteConfig, isOn, safeExternalUrl, type SiteConfig } from "./site-config.server";

export type SsoKind = "oidc" | "saml";

/** What the portal keeps while the patron is at the provider. */
interface Flow {
  k: SsoKind;
  /** The nonce the API gave (sent back to validar). */
  n: string;
  /** The login's `redirect` (an external base or a same-origin path), or "". */
  r: string;
  /** "Keep me logged in". */
  p: boolean;
  /** The "go to" choice, when the form showed it. */
  d?: "area" | "catalogo";
  /** The provider link, until the browser has gone there (see `pendingLink`). */
  l: string;
}

const FLOW_COOKIE = "estante_sso";
const PURPOSE = "sso-flow-v1";
const FLOW_MAX_AGE = 10 * 60;

/**
 * The flow cookie. A SAML IdP answers by a cross-site POST, on which browsers send only SameSite=None cookies:
 * over https the SAML flow's cookie is SameSite=None; Secure (it holds only a sealed nonce). OIDC returns by a
 * top-level GET, for which Lax is enough.
 */
function flowCookie(request: Request, flow: Flow | null): string {
  const secure = isHttps(request);
  const sameSite = flow?.k === "saml" && secure ? "None" : "Lax";
  const value = flow ? sealBytes(Buffer.from(JSON.stringify(flow)), getEnv().SESSION_SECRET, PURPOSE) : "";
  return serializeCookie(FLOW_COOKIE, value, { httpOnly: true, secure, sameSite, maxAge: flow ? FLOW_MAX_AGE : 0 });
}

function readFlow(request: Request, kind?: SsoKind): Flow | null {
  const plain = openBytes(parseCookies(request.headers.get("Cookie"))[FLOW_COOKIE], getEnv().SESSION_SECRET, PURPOSE);
  if (!plain) return null;
  try {
    const flow = JSON.parse(plain.toString("utf8")) as Flow;
    return flow && (!kind || flow.k === kind) && typeof flow.n === "string" ? flow : null;
  } catch {
    return null;
  }
}

async function siteConfig(context: Readonly<RouterContextProvider>): Promise<SiteConfig | null> {
  try {
    return await getSiteConfig(getApi(context), String(apiLangId(getLanguage(context))));
  } catch {
    return null;
  }
}

/** Which single sign-on the login page offers (institution parameters `usaOIDC`, `usaSAML`). */
export function ssoOptionsOf(config: SiteConfig | null): { oidc: boolean; saml: boolean } {
  return { oidc: isOn(config?.instituicao.usaOIDC), saml: isOn(config?.instituicao.usaSAML) };
}

/** The login's `redirect`, kept only when safe: an external base's name, or a same-origin path (else "/"). */
function safeRedirectParam(raw: FormDataEntryValue | null): string {
  const value = typeof raw === "string" ? raw : "";
  return value ? (isExternalBase(value) ? value : safeRedirect(value, "/")) : "";
}

const failurePath = (code: string | undefined) => `/oauth-response?falha=${encodeURIComponent(code ?? "sso_erro_autenticacao")}`;

/**
 * Where a started login goes first: the page that sends the browser on to the provider. A form's POST cannot be
 * redirected off-site under the CSP's form-action 'self', so the provider is reached from a GET page.
 */
export const SSO_GO_PATH = "/login/institucional";

/**
 * Takes the provider link of the login this browser started (for the page at SSO_GO_PATH), once: the cookie
 * is rewritten without it, so the browser's Back button from the provider returns to the login page instead
 * of being sent forward again. Null when there is none.
 */
export function takePendingLink(request: Request): { link: string; setCookie: string } | null {
  const flow = readFlow(request);
  if (!flow?.l) return null;
  return { link: flow.l, setCookie: flowCookie(request, { ...flow, l: "" }) };
}

/**
 * The login form's OIDC branch: when the institution uses OIDC and the username has an at-sign, starts the flow
 * and answers the redirect to the provider; null otherwise (the password login goes on).
 */
export async function startOidcLogin(request: Request, context: Readonly<RouterContextProvider>, form: FormData): Promise<Response | null> {
  const username = form.get("username");
  if (!isOidcUsername(username)) return null;
  if (!ssoOptionsOf(await siteConfig(context)).oidc) return null;
  const r = safeRedirectParam(form.get("redirect"));
  const destino = form.get("destino");
  try {
    const { nonce, link } = await oidcAuthorize(getApi(context), String(username).trim(), r || undefined);
    const flow: Flow = {
      k: "oidc",
      n: nonce,
      r,
      p: form.get("remember") === "on",
      d: destino === "catalogo" || destino === "area" ? destino : undefined,
      l: link,
    };
    return redirect(SSO_GO_PATH, { headers: { "Set-Cookie": flowCookie(request, flow), "Cache-Control": "no-store" } });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return redirect(failurePath(err.code));
  }
}

/** The institutional login button: starts a SAML flow and answers the redirect to the IdP. */
export async function startSamlLogin(request: Request, context: Readonly<RouterContextProvider>, form: FormData): Promise<Response> {
  const r = safeRedirectParam(form.get("redirect"));
  try {
    const { nonce, link } = await samlLogin(getApi(context), r || undefined);
    return redirect(SSO_GO_PATH, {
      headers: { "Set-Cookie": flowCookie(request, { k: "saml", n: nonce, r, p: false, l: link }), "Cache-Control": "no-store" },
    });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return redirect(failurePath(err.code));
  }
}

/** A failed SSO return: the spec §8 message (i18n key and values) and the page's status. */
export interface SsoFailure {
  key: string;
  values?: Record<string, string>;
  status: number;
}

const KNOWN: Record<string, { key: string; status: number }> = {
  sso_permissao_negada: { key: "sso:errors.denied", status: 403 },
  sso_usuario_nao_encontrado: { key: "sso:errors.user_not_found", status: 404 },
  sso_token_invalido: { key: "sso:errors.token", status: 400 },
  sso_erro_autenticacao: { key: "sso:errors.auth_error", status: 400 },
  sso_indisponivel: { key: "sso:errors.unavailable", status: 404 },
};

/** The failure a `falha` code names (a start that failed before the provider); unknown codes read as an authentication error. */
export function failureOfCode(code: string | null): SsoFailure {
  return KNOWN[code ?? ""] ?? KNOWN.sso_erro_autenticacao;
}

function failureOf(err: ApiError): SsoFailure {
  if (err.status === 0) return { key: "common:errors.network", status: 503 };
  if (err.code === LIBRARY_BLOCK_CODE) {
    const reason = err.serverMessage?.trim();
    return reason
      ? { key: "identity:login.blocked_by_library", values: { reason }, status: 403 }
      : { key: "identity:login.blocked_by_library_no_reason", status: 403 };
  }
  const known = err.code ? KNOWN[err.code] : undefined;
  if (known) return { ...known, status: err.status === 503 ? 503 : known.status };
  return { key: "sso:errors.auth_error", status: err.status >= 500 ? 503 : 400 };
}

/** Reads the patron's data with the new tokens; a patron the library blocked fails (430) as at the password login. */
async function userFor(api: FullApiClient, tokens: TokenPair) {
  const dados = await api.getWithToken("/autenticar/dados-usuario", DadosUsuarioSchema, tokens.access_token);
  const b = dados.bloqueio;
  if (b === true || b === 1 || b === "1" || b === "S") {
    await api.revokeTokens(tokens).catch(() => undefined);
    throw new ApiError(430, { message: dados.motivo_bloqueio?.trim() || "", code: LIBRARY_BLOCK_CODE });
  }
  return sessionUserOf(dados);
}

/**
 * The return from the provider: validates through the API (`callback` for OIDC: the query the provider sent;
 * for SAML: the SAMLResponse), starts the session, and redirects where the login was going. A failure is
 * returned for the page to show (the flow cookie is cleared either way).
 */
export async function completeSso(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: SsoKind,
  answer: string,
): Promise<{ redirect: Response } | { failure: SsoFailure; headers: HeadersInit }> {
  const headers = { "Set-Cookie": flowCookie(request, null), "Cache-Control": "no-store" };
  const flow = readFlow(request, kind);
  if (!flow) {
    // No login was started in this browser (or it took more than ten minutes): nothing to complete.
    const denied = kind === "oidc" && new URLSearchParams(answer).get("error") === "access_denied";
    return { failure: failureOfCode(denied ? "sso_permissao_negada" : "sso_token_invalido"), headers };
  }
  const api = getApi(context);
  try {
    const tokens = kind === "oidc" ? await oidcValidar(api, flow.n, answer) : await samlValidar(api, answer, flow.n);
    const user = await userFor(api, tokens);
    const session = getSession(context);
    session.destroy();
    session.start({ tokens, user, persistent: flow.p, sso: kind });
    const canUseArea = user.permissions.includes(ACTIVITY.PRIVATE_AREA);
    const requested = flow.r ? (isExternalBase(flow.r) ? externalAccessPath(flow.r) : safeRedirect(flow.r, "/")) : "";
    const target = requested || (flow.d === "catalogo" ? "/" : canUseArea ? privateAreaPath : "/");
    return { redirect: redirect(target, { headers }) };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { failure: failureOf(err), headers };
  }
}

/**
 * Where logout sends a patron who signed in with SSO (spec §4): the provider's logout link from the institution
 * parameters (`link_logout_OIDC`, `link_logout_saml`); null when there is none (the portal's own logout then).
 */
export async function ssoLogoutLink(context: Readonly<RouterContextProvider>, kind: SsoKind | undefined): Promise<string | null> {
  if (!kind) return null;
  const inst = (await siteConfig(context))?.instituicao;
  const link = kind === "oidc" ? inst?.link_logout_OIDC : inst?.link_logout_saml;
  return safeExternalUrl(typeof link === "string" ? link : null);
}

/** Estante's SAML SP metadata, as the API builds it (ADR 162); null when SAML is not configured. */
export async function spMetadataResponse(context: Readonly<RouterContextProvider>): Promise<Response | null> {
  try {
    const file = await samlSpMetadata(getApi(context));
    return new Response(file.body, {
      headers: { "Content-Type": "application/samlmetadata+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/**
 * The IdP's single logout (SAML HTTP-Redirect binding, ADR 162): a LogoutRequest the API finds signed by the IdP
 * ends this browser's session begun with SAML and goes back to the IdP with the LogoutResponse. A GET changes
 * state here because the binding is a GET; what authorizes it is the IdP's signature, not the browser.
 */
export async function completeSamlLogout(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ redirect: Response } | { failure: SsoFailure }> {
  const query = new URL(request.url).search;
  if (!new URLSearchParams(query).get("SAMLRequest")) return { failure: failureOfCode("sso_token_invalido") };
  try {
    const { link } = await samlLogout(getApi(context), query);
    const session = getSession(context);
    if (session.user && session.data?.sso === "saml") session.destroy();
    return { redirect: redirect(link, { headers: { "Cache-Control": "no-store" } }) };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { failure: failureOf(err) };
  }
}
