/**
 * Single sign-on as universities run it (ADR 162): the local IdPs made to behave like LemonLDAP::NG (signed
 * requests, client_secret_post, the e-mail only in UserInfo), Shibboleth (only the Response signed) and a
 * federation (an aggregate of IdPs, keys rolled over), each against its own test API.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { startOidcProvider, type OidcProviderOptions } from "../../scripts/idp/oidc-provider.ts";
import { startSamlIdp, type SamlIdpOptions } from "../../scripts/idp/saml-idp.ts";
import { readSsoConfig } from "../sso/config.ts";
import { createTestApi, freePort, get, playBrowserAtProvider, publicToken } from "../lib/testing.ts";

const PORTAL = "http://portal.test";
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});
afterEach(() => vi.restoreAllMocks());

type Api = Awaited<ReturnType<typeof createTestApi>>;

async function apiWith(env: Record<string, string>) {
  const sso = readSsoConfig({ PUBLIC_URL: PORTAL, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "estante-sso-")), ...env });
  const t = await createTestApi({ titles: 0, sso });
  cleanups.push(() => t.cleanup());
  const pub = await publicToken(t.app);
  const post = (url: string, body: unknown) =>
    t.app.request(url, {
      method: "POST",
      headers: { authorization: `Bearer ${pub}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  return { t, pub, post };
}

/** A SAML IdP (with `opts`) and a test API configured for it (with `env`). */
async function samlSetup(opts: Partial<SamlIdpOptions> = {}, env: Record<string, string> = {}) {
  let api: { t: Api; pub: string } | null = null;
  const spMetadata = async () => (await get(api!.t.app, "/api/saml/metadata", api!.pub)).text();
  const idp = await startSamlIdp({ host: "127.0.0.1", port: await freePort(), portalUrl: PORTAL, spMetadata, ...opts });
  cleanups.push(() => idp.close());
  const a = await apiWith({ SAML_IDP_METADATA_URL: idp.metadataUrl, ...env });
  api = a;
  const start = async () => {
    const res = await get(a.t.app, "/api/saml/login", a.pub);
    expect(res.status).toBe(200);
    const { nonce, link } = (await res.json()) as { nonce: string; link: string };
    const xml = zlib.inflateRawSync(Buffer.from(new URL(link).searchParams.get("SAMLRequest")!, "base64")).toString();
    return { nonce, link, requestId: /ID="([^"]+)"/.exec(xml)![1] };
  };
  return { idp, ...a, start };
}

async function oidcSetup(opts: Partial<OidcProviderOptions> = {}, env: Record<string, string> = {}) {
  const secret = opts.clientSecret ?? "s3cret";
  const provider = await startOidcProvider({
    host: "127.0.0.1",
    port: await freePort(),
    portalUrl: PORTAL,
    clientId: "estante",
    clientSecret: secret,
    ...opts,
  });
  cleanups.push(() => provider.close());
  const a = await apiWith({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: "estante", OIDC_CLIENT_SECRET: secret, ...env });
  const start = async (username = "ana.souza@example.org") => {
    const res = await get(a.t.app, `/api/oidc/authorize?username=${encodeURIComponent(username)}`, a.pub);
    expect(res.status).toBe(200);
    return (await res.json()) as { nonce: string; link: string };
  };
  const login = async (action: { username: string; password: string } | "abort" = { username: "ana", password: "sso1234" }) => {
    const { nonce, link } = await start();
    const callback = await playBrowserAtProvider(link, action, PORTAL);
    return a.post("/api/oidc/validar", { nonce, callback });
  };
  return { provider, ...a, start, login };
}

const ANA = "ana.souza@example.org";
const warnings = () => vi.spyOn(console, "warn").mockImplementation(() => {});

describe("SAML with an IdP that requires signed requests (LemonLDAP::NG's default)", () => {
  it("publishes Estante's SP metadata: entity ID, assertion consumer, logout service, signing and encryption certificates", async () => {
    const s = await samlSetup();
    const res = await get(s.t.app, "/api/saml/metadata", s.pub);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/samlmetadata\+xml/);
    const xml = await res.text();
    expect(xml).toContain(`entityID="${PORTAL}/saml"`);
    expect(xml).toMatch(new RegExp(`AssertionConsumerService[^>]*Location="${PORTAL}/saml-response"`));
    expect(xml).toMatch(
      new RegExp(
        `SingleLogoutService[^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"[^>]*Location="${PORTAL}/saml/logout"|SingleLogoutService[^>]*Location="${PORTAL}/saml/logout"[^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"`,
      ),
    );
    expect(xml).toMatch(/KeyDescriptor use="signing"/);
    expect(xml).toMatch(/KeyDescriptor use="encryption"/);
    expect(xml).toContain('AuthnRequestsSigned="true"');
  });

  it("keeps the same SP key across restarts (the key pair is kept in the data folder)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-sso-keys-"));
    const env = { PUBLIC_URL: PORTAL, SAML_IDP_METADATA_URL: "http://127.0.0.1:9/metadata", DATA_DIR: dir };
    const { spMetadata } = await import("../sso/saml.ts");
    const first = spMetadata(readSsoConfig(env).saml!);
    expect(fs.readdirSync(dir).sort()).toEqual(["saml-sp-cert.pem", "saml-sp-key.pem"]);
    expect(fs.statSync(path.join(dir, "saml-sp-key.pem")).mode & 0o077).toBe(0);
    const cert = (xml: string) => /X509Certificate>([^<]+)</.exec(xml)![1];
    expect(cert(spMetadata(readSsoConfig(env).saml!))).toBe(cert(first));
  });

  it("signs its authentication requests, which the IdP accepts and answers with its login page", async () => {
    const s = await samlSetup({ wantAuthnRequestsSigned: true });
    const { link } = await s.start();
    const url = new URL(link);
    expect(url.searchParams.get("SigAlg")).toBe("http://www.w3.org/2001/04/xmldsig-more#rsa-sha256");
    expect(url.searchParams.get("Signature")).toBeTruthy();
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="password"');
  });
});

describe("SAML with other IdPs' choices", () => {
  it("accepts an IdP whose metadata gives a bare public key instead of a certificate", async () => {
    const s = await samlSetup({ keyInMetadata: "bare-key" });
    const { nonce, requestId } = await s.start();
    const res = await s.post("/api/saml/validar", { saml: await s.idp.signedResponse(ANA, requestId), nonce });
    expect(res.status).toBe(200);
  });

  it("uses the IdP that SAML_IDP_ENTITY_ID names within a federation's aggregate", async () => {
    let entityId = "";
    const s = await samlSetup({ aggregate: true }, {});
    entityId = s.idp.entityId;
    const named = await apiWith({ SAML_IDP_METADATA_URL: s.idp.metadataUrl, SAML_IDP_ENTITY_ID: entityId });
    const res = await get(named.t.app, "/api/saml/login", named.pub);
    expect(res.status).toBe(200);
    const { link } = (await res.json()) as { link: string };
    expect(new URL(link).origin).toBe(new URL(s.idp.metadataUrl).origin);
  });

  it("refuses an aggregate without SAML_IDP_ENTITY_ID, and logs the setting to name", async () => {
    const log = warnings();
    const s = await samlSetup({ aggregate: true });
    const res = await get(s.t.app, "/api/saml/login", s.pub);
    expect(res.status).toBe(503);
    expect(log.mock.calls.flat().join("\n")).toMatch(/aggregate of 2 IdPs: set SAML_IDP_ENTITY_ID/);
  });

  it("accepts a new login after the IdP changes its signing key, without a restart", async () => {
    const s = await samlSetup();
    const first = await s.start();
    expect((await s.post("/api/saml/validar", { saml: await s.idp.signedResponse(ANA, first.requestId), nonce: first.nonce })).status).toBe(200);
    s.idp.rotateKey();
    const second = await s.start();
    const res = await s.post("/api/saml/validar", { saml: await s.idp.signedResponse(ANA, second.requestId), nonce: second.nonce });
    expect(res.status).toBe(200);
  });

  it("signs in a person whose library e-mail is the second of several mail values", async () => {
    const s = await samlSetup();
    const { nonce, requestId } = await s.start();
    const saml = await s.idp.signedResponse("x", requestId, { attributes: { mail: ["ana@alumni.example.net", ANA] } });
    expect((await s.post("/api/saml/validar", { saml, nonce })).status).toBe(200);
  });

  it("matches a configured attribute (a CPF) against the patron's CPF", async () => {
    const s = await samlSetup({}, { SAML_USER_ATTRIBUTE: "brPersonCPF", SAML_USER_FIELD: "cpf" });
    await s.t.db.updateTable("pessoa").set({ cpf: "123.456.789-09" }).where("email", "=", ANA).execute();
    const { nonce, requestId } = await s.start();
    const saml = await s.idp.signedResponse("x", requestId, { attributes: { mail: ["someone@else.example"], brPersonCPF: ["12345678909"] } });
    expect((await s.post("/api/saml/validar", { saml, nonce })).status).toBe(200);
  });

  it("answers an IdP's signed logout request with a LogoutResponse link to the IdP", async () => {
    const s = await samlSetup();
    const res = await s.post("/api/saml/logout", { query: await s.idp.logoutRequest(ANA) });
    expect(res.status).toBe(200);
    const link = new URL(((await res.json()) as { link: string }).link);
    expect(link.origin).toBe(new URL(s.idp.metadataUrl).origin);
    const xml = zlib.inflateRawSync(Buffer.from(link.searchParams.get("SAMLResponse")!, "base64")).toString();
    expect(xml).toMatch(/LogoutResponse/);
    expect(xml).toContain("urn:oasis:names:tc:SAML:2.0:status:Success");
  });

  it("refuses a logout request that is not signed", async () => {
    warnings();
    const s = await samlSetup();
    const res = await s.post("/api/saml/logout", { query: await s.idp.logoutRequest(ANA, { signed: false }) });
    expect(res.status).toBe(401);
  });

  it("logs why a response was refused, without the person's e-mail or the assertion", async () => {
    const log = warnings();
    const s = await samlSetup();
    const { nonce, requestId } = await s.start();
    const saml = await s.idp.signedResponse(ANA, requestId, { signWith: "stranger" });
    expect((await s.post("/api/saml/validar", { saml, nonce })).status).toBe(401);
    const lines = log.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith("[estante]"));
    expect(lines).toEqual([expect.stringMatching(/^\[estante\] sso saml response failed: .*signature/i)]);
    expect(lines.join()).not.toContain("ana.souza");
    expect(lines.join()).not.toContain(saml.slice(0, 20));
  });

  it("logs a person the library does not know as a failed match, naming the attribute but not the value", async () => {
    const log = warnings();
    const s = await samlSetup();
    const { nonce, requestId } = await s.start();
    expect((await s.post("/api/saml/validar", { saml: await s.idp.signedResponse("visitante@example.org", requestId), nonce })).status).toBe(404);
    const lines = log.mock.calls.map((c) => String(c[0])).join("\n");
    expect(lines).toMatch(/sso saml match failed: no single patron's email matches/);
    expect(lines).not.toContain("visitante");
  });
});

describe("OpenID Connect with LemonLDAP::NG's choices", () => {
  it("authenticates with client_secret_post when the provider advertises only that, with a secret full of reserved characters", async () => {
    const o = await oidcSetup({ tokenAuthMethod: "client_secret_post", clientSecret: "estante-demo/secret+with=reserved&chars%3A:ok" });
    expect((await o.login()).status).toBe(200);
  });

  it("reads the e-mail from UserInfo when the ID token does not carry it", async () => {
    const o = await oidcSetup({ emailOnlyInUserInfo: true });
    expect((await o.login()).status).toBe(200);
  });

  it("asks the provider to authenticate again at every login, even with its session still open", async () => {
    const o = await oidcSetup();
    const { link } = await o.start();
    expect(new URL(link).searchParams.get("prompt")).toBe("login");
    // A browser that signed in at the provider a moment ago (its session cookie kept) goes through the login page again.
    const jar = new Map<string, string>();
    const go = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: "manual",
        headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(";");
        jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      }
      return res;
    };
    let res = await go(link);
    const interaction = new URL(res.headers.get("location")!, link).href;
    await go(interaction);
    res = await go(`${interaction}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "username=ana&password=sso1234",
    });
    for (let i = 0; i < 5 && !res.headers.get("location")?.startsWith(PORTAL); i++) res = await go(new URL(res.headers.get("location")!, link).href);
    expect(res.headers.get("location")).toMatch(/code=/);
    const next = await o.start("helena.costa@example.org");
    const again = await go(next.link);
    expect(again.headers.get("location")).toMatch(/\/interaction\//);
  });

  it("shows 'permission denied' when the person refuses consent (consent_required)", async () => {
    warnings();
    const o = await oidcSetup({ refusal: "consent_required" });
    const res = await o.login("abort");
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe("sso_permissao_negada");
  });

  it("refuses an ID token issued an hour ahead of Estante's clock", async () => {
    const log = warnings();
    const o = await oidcSetup();
    o.t.clock.advance(-3600);
    const res = await o.login();
    expect(res.status).toBe(401);
    expect(log.mock.calls.map((c) => String(c[0])).join("\n")).toMatch(/sso oidc callback failed: the ID token's iat is \d+ s in the future/);
  });

  it("logs the provider's error when the code exchange is refused", async () => {
    const log = warnings();
    const o = await oidcSetup({}, { OIDC_CLIENT_SECRET: "not-the-secret" });
    expect((await o.login()).status).toBe(401);
    expect(log.mock.calls.map((c) => String(c[0])).join("\n")).toMatch(/sso oidc callback failed: the provider answered HTTP 401 invalid_client/);
  });
});

describe("the settings' defaults", () => {
  it("tolerates three minutes of clock skew unless told otherwise", () => {
    const cfg = readSsoConfig({ PUBLIC_URL: PORTAL, SAML_IDP_METADATA_URL: "https://idp.example/metadata" });
    expect(cfg.saml?.clockSkewSeconds).toBe(180);
  });
});
