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

/**
 * What the federal government's VLibras widget needs beyond the portal's own policy (ADR 256). Added only to the
 * documents that carry the widget: the institution opted in (`VLIBRAS=1`) and the patron turned Libras on.
 * The plugin script comes from vlibras.gov.br; it loads its chunks from www.vlibras.gov.br, its Unity (WebAssembly)
 * player from vlibras.gov.br/app (which compiles with eval and starts blob: workers), the sign dictionary from
 * dicionario2.vlibras.gov.br, the translation from traducao2.vlibras.gov.br, and styles and fonts from those hosts
 * and cdn.jsdelivr.net.
 */
export const VLIBRAS_SOURCES = {
  script: ["https://vlibras.gov.br", "https://*.vlibras.gov.br", "'unsafe-eval'", "blob:"],
  style: ["https://vlibras.gov.br", "https://*.vlibras.gov.br", "https://cdn.jsdelivr.net"],
  font: ["https://vlibras.gov.br", "https://*.vlibras.gov.br", "https://cdn.jsdelivr.net"],
  connect: ["https://vlibras.gov.br", "https://*.vlibras.gov.br", "https://cdn.jsdelivr.net"],
  worker: ["blob:"],
} as const;

/** The optional parts of the policy: `frameAncestors` (see frameAncestorsFor) and whether the VLibras widget is on. */
export interface CspOptions {
  vlibras?: boolean;
}

/** The enforced Content-Security-Policy of every HTML document (`frameAncestors`: see frameAncestorsFor). */
export function contentSecurityPolicy(nonce: string, frameAncestors = "'none'", { vlibras = false }: CspOptions = {}): string {
  const extra = (kind: keyof typeof VLIBRAS_SOURCES) => (vlibras ? VLIBRAS_SOURCES[kind].map((s) => ` ${s}`).join("") : "");
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${extra("script")}`,
    `style-src 'self' 'nonce-${nonce}'${extra("style")}`,
    "img-src 'self' data: https:",
    `font-src 'self'${extra("font")}`,
    `connect-src 'self'${extra("connect")}`,
    // The captcha's proof-of-work worker is a same-origin script from the build; no blob: or data: workers (ADR 170),
    // except for the VLibras player when the widget is on (ADR 256).
    `worker-src 'self'${extra("worker")}`,
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
