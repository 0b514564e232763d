/**
 * Cross-site request forgery defence for state-changing requests (POST, PUT, PATCH, DELETE): reject when the
 * browser says the request is cross-site (Sec-Fetch-Site) or its Origin is not this host. Requests with
 * neither header (old browsers, curl) pass; the SameSite=Lax session cookie still protects them.
 */
import { data, type MiddlewareFunction } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Where the SAML IdP posts its answer (spec §2 `/saml-response`). */
export const SAML_RESPONSE_PATH = "/saml-response";

function hostOf(request: Request): string {
  // Behind a proxy, the Host the browser used may arrive as X-Forwarded-Host.
  const forwarded = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return (forwarded || request.headers.get("host") || new URL(request.url).host).toLowerCase();
}

/** True when a state-changing request must be refused as cross-site. */
export function isCrossSiteRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  // The SAML IdP answers by a cross-site POST by design; that answer is a signed assertion bound to a login this
  // browser started (its nonce cookie), checked by the API (ADR 160).
  if (new URL(request.url).pathname === SAML_RESPONSE_PATH) return false;
  const site = request.headers.get("sec-fetch-site");
  // "none" is a user-initiated navigation (bookmark, typed URL); "same-site" is a sibling subdomain, refused.
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("origin");
  if (origin !== null) {
    if (origin === "null") return true;
    try {
      return new URL(origin).host.toLowerCase() !== hostOf(request);
    } catch {
      return true;
    }
  }
  return false;
}

/** Refuses cross-site state-changing requests with 403 before any action runs. */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (isCrossSiteRequest(request)) throw data({ reason: "csrf" }, { status: 403 });
  return next();
};
