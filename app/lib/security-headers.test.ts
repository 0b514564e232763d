import { describe, expect, it } from "vitest";
import { applySecurityHeaders, contentSecurityPolicy, frameAncestorsFor, HSTS_VALUE, parseEmbedOrigins } from "./security-headers";

describe("applySecurityHeaders", () => {
  it("sends Strict-Transport-Security (at least a year) only over https", () => {
    const https = new Headers();
    applySecurityHeaders(https, true);
    expect(https.get("Strict-Transport-Security")).toBe(HSTS_VALUE);
    expect(Number(/max-age=(\d+)/.exec(HSTS_VALUE)![1])).toBeGreaterThanOrEqual(31_536_000);
    const http = new Headers();
    applySecurityHeaders(http, false);
    expect(http.has("Strict-Transport-Security")).toBe(false);
  });

  it("gives any HTML response without a policy the nonce CSP, and keeps an existing one", () => {
    const plain = new Headers({ "Content-Type": "text/html; charset=UTF-8" });
    applySecurityHeaders(plain, false);
    expect(plain.get("Content-Security-Policy")).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    // Workers only from this origin (the captcha's, ADR 170): never blob: or data:.
    expect(plain.get("Content-Security-Policy")).toContain("worker-src 'self';");
    expect(plain.get("X-Content-Type-Options")).toBe("nosniff");
    const rendered = new Headers({ "Content-Type": "text/html", "Content-Security-Policy": "default-src 'self'" });
    applySecurityHeaders(rendered, false);
    expect(rendered.get("Content-Security-Policy")).toBe("default-src 'self'");
    const json = new Headers({ "Content-Type": "application/json" });
    applySecurityHeaders(json, false);
    expect(json.has("Content-Security-Policy")).toBe(false);
  });
});

describe("framing (ADR 174)", () => {
  const at = (path: string) => new URL(path, "http://127.0.0.1");
  it("lets only the embedded login be framed, by this origin and the configured ones", () => {
    const origins = parseEmbedOrigins(" https://www.example.edu  http://intranet.example.edu:8080 ");
    expect(frameAncestorsFor(at("/login?embed=1&redirect=/cesta"), origins)).toBe("'self' https://www.example.edu http://intranet.example.edu:8080");
    expect(frameAncestorsFor(at("/login?embed=1"), [])).toBe("'self'");
    for (const path of ["/login", "/login?modal=1", "/login?embed=0", "/cesta?embed=1", "/login/escolher?embed=1"]) {
      expect(frameAncestorsFor(at(path), origins)).toBe("'none'");
    }
    expect(contentSecurityPolicy("n", "'self'")).toContain("frame-ancestors 'self';");
    expect(contentSecurityPolicy("n")).toContain("frame-ancestors 'none';");
  });

  it("refuses anything but bare http(s) origins in LOGIN_EMBED_ORIGINS", () => {
    expect(parseEmbedOrigins(undefined)).toEqual([]);
    for (const bad of [
      "*",
      "'self'",
      "https://www.example.edu/",
      "https://www.example.edu/portal",
      "javascript:alert(1)",
      "www.example.edu",
      "https://*.example.edu",
    ]) {
      expect(() => parseEmbedOrigins(bad), bad).toThrow(/LOGIN_EMBED_ORIGINS/);
    }
  });
});

describe("the VLibras widget's sources (ADR 256)", () => {
  const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

  it("leaves the policy without any third-party source when the widget is off (the default)", () => {
    const csp = contentSecurityPolicy("abc");
    expect(csp).toBe(contentSecurityPolicy("abc", "'none'", { vlibras: false }));
    expect(csp).not.toMatch(/vlibras|jsdelivr|unsafe-eval|blob:/);
    expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
    expect(directive(csp, "worker-src")).toBe("worker-src 'self'");
  });

  it("adds exactly the widget's hosts, eval and blob workers when it is on, keeping the nonce", () => {
    const csp = contentSecurityPolicy("abc", "'none'", { vlibras: true });
    expect(directive(csp, "script-src")).toBe(
      "script-src 'nonce-abc' 'strict-dynamic' https://vlibras.gov.br https://*.vlibras.gov.br 'unsafe-eval' blob:",
    );
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' https://vlibras.gov.br https://*.vlibras.gov.br https://cdn.jsdelivr.net");
    expect(directive(csp, "style-src")).toBe("style-src 'self' 'nonce-abc' https://vlibras.gov.br https://*.vlibras.gov.br https://cdn.jsdelivr.net");
    expect(directive(csp, "font-src")).toBe("font-src 'self' https://vlibras.gov.br https://*.vlibras.gov.br https://cdn.jsdelivr.net");
    expect(directive(csp, "worker-src")).toBe("worker-src 'self' blob:");
    // What the widget does not need stays as it was.
    for (const d of ["default-src", "img-src", "frame-ancestors", "form-action", "base-uri", "object-src"]) {
      expect(directive(csp, d)).toBe(directive(contentSecurityPolicy("abc"), d));
    }
  });
});
