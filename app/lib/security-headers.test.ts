import { describe, expect, it } from "vitest";
import { applySecurityHeaders, HSTS_VALUE } from "./security-headers";

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
