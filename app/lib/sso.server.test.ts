import { describe, expect, it } from "vitest";
import { isOidcUsername } from "~/components/identity/SsoLoginOptions";
import { isCrossSiteRequest } from "./csrf.server";
import { decryptSession, encryptSession, type SessionData } from "./session.server";
import { failureOfCode, ssoOptionsOf } from "./sso.server";
import type { SiteConfig } from "./site-config.server";

const SECRET = "x".repeat(40);

describe("single sign-on in the portal", () => {
  it("takes a username with an at-sign for OIDC, and any other for the password form", () => {
    expect(isOidcUsername(" ana.souza@example.org ")).toBe(true);
    expect(isOidcUsername("demo")).toBe(false);
    expect(isOidcUsername(null)).toBe(false);
  });

  it("offers OIDC and SAML only as the institution parameters say", () => {
    const config = (instituicao: Record<string, unknown>) =>
      ({ instituicao, activities: [], guias: [], autoatendimento: {} }) as unknown as SiteConfig;
    expect(ssoOptionsOf(config({ usaOIDC: true, usaSAML: false }))).toEqual({ oidc: true, saml: false });
    expect(ssoOptionsOf(config({}))).toEqual({ oidc: false, saml: false });
    expect(ssoOptionsOf(null)).toEqual({ oidc: false, saml: false });
  });

  it("maps the API's codes to the spec §8 messages with a 4xx status", () => {
    expect(failureOfCode("sso_usuario_nao_encontrado")).toEqual({ key: "sso:errors.user_not_found", status: 404 });
    expect(failureOfCode("sso_permissao_negada")).toEqual({ key: "sso:errors.denied", status: 403 });
    expect(failureOfCode("sso_token_invalido")).toEqual({ key: "sso:errors.token", status: 400 });
    expect(failureOfCode("anything-else")).toEqual({ key: "sso:errors.auth_error", status: 400 });
  });

  it("lets the SAML IdP's cross-site POST reach /saml-response, and no other path", () => {
    const post = (path: string) =>
      new Request(`http://portal.test${path}`, { method: "POST", headers: { "sec-fetch-site": "cross-site", origin: "http://idp.test" } });
    expect(isCrossSiteRequest(post("/saml-response"))).toBe(false);
    expect(isCrossSiteRequest(post("/login"))).toBe(true);
    expect(isCrossSiteRequest(post("/saml-response/x"))).toBe(true);
  });

  it("keeps in the session cookie which provider the patron signed in with", () => {
    const data: SessionData = {
      v: 1,
      sid: "s",
      persistent: false,
      tokens: { access_token: "a", refresh_token: "r" },
      user: { cod_pessoa: 1, nome_pessoa: "Ana", login: "demo", permissions: [8] },
      sso: "oidc",
    };
    expect(decryptSession(encryptSession(data, SECRET), SECRET)?.sso).toBe("oidc");
    const { sso: _sso, ...plain } = data;
    expect(decryptSession(encryptSession(plain, SECRET), SECRET)?.sso).toBeUndefined();
  });
});
