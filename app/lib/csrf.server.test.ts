import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "./csrf.server";

const post = (headers: Record<string, string>) =>
  new Request("http://biblioteca.example/login", { method: "POST", headers: { host: "biblioteca.example", ...headers } });

describe("CSRF check", () => {
  it("lets a same-origin form post through", () => {
    expect(isCrossSiteRequest(post({ "sec-fetch-site": "same-origin", origin: "http://biblioteca.example" }))).toBe(false);
  });
  it("refuses a post the browser marks as cross-site", () => {
    expect(isCrossSiteRequest(post({ "sec-fetch-site": "cross-site" }))).toBe(true);
  });
  it("refuses a post from a sibling subdomain (same-site)", () => {
    expect(isCrossSiteRequest(post({ "sec-fetch-site": "same-site" }))).toBe(true);
  });
  it("refuses a post whose Origin is another host", () => {
    expect(isCrossSiteRequest(post({ origin: "https://evil.example" }))).toBe(true);
  });
  it("refuses an opaque (null) Origin", () => {
    expect(isCrossSiteRequest(post({ origin: "null" }))).toBe(true);
  });
  it("accepts the proxy's forwarded host", () => {
    expect(isCrossSiteRequest(post({ origin: "https://portal.example", "x-forwarded-host": "portal.example" }))).toBe(false);
  });
  it("lets a post with neither header through (old browsers, scripts)", () => {
    expect(isCrossSiteRequest(post({}))).toBe(false);
  });
  it("never blocks GET, even cross-site (GET changes nothing)", () => {
    const get = new Request("http://biblioteca.example/", { headers: { "sec-fetch-site": "cross-site" } });
    expect(isCrossSiteRequest(get)).toBe(false);
  });
});
