/**
 * The security headers of every response the portal sends, in one place: the React Router documents
 * (entry.server.tsx) and the few plain pages the front server answers by itself (403, 413, 415, 503).
 */
import crypto from "node:crypto";

/** A fresh CSP nonce (128 bits), one per HTML response. */
export function newNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/** The enforced Content-Security-Policy of every HTML document. */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    // The captcha's proof-of-work worker is a same-origin script from the build; no blob: or data: workers (ADR 170).
    "worker-src 'self'",
    "frame-ancestors 'none'",
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
