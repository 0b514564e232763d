/**
 * The security headers of every response the portal sends, in one place: the React Router documents
 * (entry.server.tsx) and the few plain pages the front server answers by itself (403, 413, 415, 503).
 */
import crypto from "node:crypto";

/** A fresh CSP nonce (128 bits), one per HTML response. */
export function newNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/**
 * The origins allowed to frame the embedded login (`LOGIN_EMBED_ORIGINS`, space-separated, ADR 174), each a bare
 * http(s) origin. Throws a readable error on anything else (a path, a wildcard, a keyword), so a typo stops the start.
 */
export function parseEmbedOrigins(value: string | undefined): string[] {
  const items = (value ?? "").split(/\s+/).filter(Boolean);
  for (const item of items) {
    let origin: string | null = null;
    try {
      const u = new URL(item);
      origin = (u.protocol === "https:" || u.protocol === "http:") && /^[a-z0-9.-]+(:\d+)?$/i.test(u.host) ? u.origin : null;
    } catch {
      origin = null;
    }
    if (origin !== item) throw new Error(`LOGIN_EMBED_ORIGINS: "${item}" is not an origin such as https://www.example.edu`);
  }
  return items;
}

/**
 * Who may put a page in a frame: nobody, except the embedded login (`/login?embed=1`, spec §1), which this
 * origin and the configured ones may frame (ADR 174).
 */
export function frameAncestorsFor(url: URL, embedOrigins: readonly string[]): string {
  const embedded = url.pathname === "/login" && url.searchParams.get("embed") === "1";
  return embedded ? ["'self'", ...embedOrigins].join(" ") : "'none'";
}

/** The enforced Content-Security-Policy of every HTML document (`frameAncestors`: see frameAncestorsFor). */
export function contentSecurityPolicy(nonce: string, frameAncestors = "'none'"): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    // The captcha's proof-of-work worker is a same-origin script from the build; no blob: or data: workers (ADR 170).
    "worker-src 'self'",
    `frame-ancestors ${frameAncestors}`,
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

/** One year, the minimum browsers' preload lists accept. */
export const HSTS_VALUE = "max-age=31536000; includeSubDomains";

/**
 * Adds the headers every response gets. `https` is whether the visitor's connection is TLS (directly, or as a
 * trusted proxy reports it): Strict-Transport-Security is only meaningful, and only sent, over https.
 */
export function applySecurityHeaders(headers: Headers, https: boolean): void {
  if (!headers.has("X-Content-Type-Options")) headers.set("X-Content-Type-Options", "nosniff");
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (!headers.has("X-Frame-Options")) headers.set("X-Frame-Options", "DENY");
  if (https && !headers.has("Strict-Transport-Security")) headers.set("Strict-Transport-Security", HSTS_VALUE);
  // Any HTML that did not come through the document renderer (the front server's own pages) still gets the policy.
  if ((headers.get("Content-Type") ?? "").startsWith("text/html") && !headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(newNonce()));
  }
}
