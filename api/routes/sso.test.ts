import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcProvider, type RunningProvider } from "../../scripts/idp/oidc-provider.ts";
import { startSamlIdp, type RunningIdp } from "../../scripts/idp/saml-idp.ts";
import { readSsoConfig } from "../sso/config.ts";
import { createTestApi, freePort, get, playBrowserAtProvider, publicToken } from "../lib/testing.ts";

const PORTAL = "http://portal.test";
let t: Awaited<ReturnType<typeof createTestApi>>;
let pub: string;
let oidc: RunningProvider;
let saml: RunningIdp;

beforeAll(async () => {
  oidc = await startOidcProvider({ host: "127.0.0.1", port: await freePort(), portalUrl: PORTAL, clientId: "estante", clientSecret: "s3cret" });
  saml = await startSamlIdp({ host: "127.0.0.1", port: await freePort(), portalUrl: PORTAL });
  const sso = readSsoConfig({
    PUBLIC_URL: PORTAL,
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: "estante",
    OIDC_CLIENT_SECRET: "s3cret",
    SAML_IDP_METADATA_URL: saml.metadataUrl,
    SAML_LOGOUT_URL: saml.logoutUrl,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "estante-sso-")),
  });
  t = await createTestApi({ titles: 0, sso });
  pub = await publicToken(t.app);
}, 30_000);
afterAll(async () => {
  await t?.cleanup();
  await oidc?.close();
  await saml?.close();
});

const post = (url: string, body: unknown) =>
  t.app.request(url, { method: "POST", headers: { authorization: `Bearer ${pub}`, "content-type": "application/json" }, body: JSON.stringify(body) });

/** Plays the browser at the provider (shared helper), back to this test's portal. */
const atProvider = (link: string, action: { username: string; password: string } | "abort") => playBrowserAtProvider(link, action, PORTAL);

async function startOidc(username = "ana.souza@example.org") {
  const res = await get(t.app, `/api/oidc/authorize?username=${encodeURIComponent(username)}`, pub);
  expect(res.status).toBe(200);
  return (await res.json()) as { nonce: string; link: string };
}

describe("OIDC login (GET /oidc/authorize, POST /oidc/validar)", () => {
  it("sends the browser to the provider with state, nonce, PKCE and the username as login hint", async () => {
    const { nonce, link } = await startOidc();
    const url = new URL(link);
    expect(url.origin).toBe(oidc.issuer);
    expect(url.searchParams.get("nonce")).toBe(nonce);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("login_hint")).toBe("ana.souza@example.org");
    expect(url.searchParams.get("redirect_uri")).toBe(`${PORTAL}/oauth-response`);
  });

  it("issues the patron's tokens for a person the library knows by e-mail, once per nonce", async () => {
    const { nonce, link } = await startOidc();
    const callback = await atProvider(link, { username: "ana", password: "sso1234" });
    const res = await post("/api/oidc/validar", { nonce, callback });
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as { access_token: string; refresh_token: string };
    const me = await get(t.app, "/api/autenticar/dados-usuario", tokens.access_token);
    expect(((await me.json()) as { user: { login: string } }).user.login).toBe("demo");
    // The same nonce again (a replayed callback) is refused.
    const again = await post("/api/oidc/validar", { nonce, callback });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { code: string }).code).toBe("sso_token_invalido");
  });

  it("refuses an unknown nonce, and a callback whose state belongs to another login", async () => {
    expect((await post("/api/oidc/validar", { nonce: "not-a-nonce", callback: "?code=x&state=y" })).status).toBe(401);
    const first = await startOidc();
    const second = await startOidc();
    const callback = await atProvider(first.link, { username: "ana", password: "sso1234" });
    const res = await post("/api/oidc/validar", { nonce: second.nonce, callback });
    expect(res.status).toBe(401);
  });

  it("refuses a login completed more than ten minutes after it started", async () => {
    const { nonce, link } = await startOidc();
    const callback = await atProvider(link, { username: "ana", password: "sso1234" });
    t.clock.advance(11 * 60);
    const res = await post("/api/oidc/validar", { nonce, callback });
    t.clock.advance(-11 * 60);
    expect(res.status).toBe(401);
  });

  it("answers 'user not found' (404) for a person the library does not know, and creates nobody", async () => {
    const before = await t.db
      .selectFrom("pessoa")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const { nonce, link } = await startOidc("visitante@example.org");
    const callback = await atProvider(link, { username: "visitante", password: "sso1234" });
    const res = await post("/api/oidc/validar", { nonce, callback });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "sso_usuario_nao_encontrado", message: expect.stringMatching(/Usuário não encontrado/) });
    const after = await t.db
      .selectFrom("pessoa")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("answers 'permission denied' (403) when the person refuses at the provider", async () => {
    const { nonce, link } = await startOidc();
    const callback = await atProvider(link, "abort");
    expect(callback).toMatch(/error=access_denied/);
    const res = await post("/api/oidc/validar", { nonce, callback });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe("sso_permissao_negada");
  });

  it("reports OIDC in use and the provider's end-session link in the institution parameters", async () => {
    const res = await get(t.app, "/api/parametros/instituicao", pub);
    const inst = (await res.json()) as { usaOIDC: boolean; usaSAML: boolean; link_logout_OIDC: string; link_logout_saml: string };
    expect(inst.usaOIDC).toBe(true);
    expect(inst.usaSAML).toBe(true);
    expect(inst.link_logout_OIDC).toMatch(new RegExp(`^${oidc.issuer}/session/end\\?`));
    expect(new URL(inst.link_logout_OIDC).searchParams.get("post_logout_redirect_uri")).toBe(`${PORTAL}/`);
    expect(inst.link_logout_saml).toBe(saml.logoutUrl);
  });
});

describe("SAML login (GET /saml/login, POST /saml/validar)", () => {
  async function startSaml() {
    const res = await get(t.app, "/api/saml/login", pub);
    expect(res.status).toBe(200);
    const { nonce, link } = (await res.json()) as { nonce: string; link: string };
    // The AuthnRequest's ID, which the response must answer (deflated + base64 in the link).
    const xml = (await import("node:zlib")).inflateRawSync(Buffer.from(new URL(link).searchParams.get("SAMLRequest")!, "base64")).toString();
    return { nonce, link, requestId: /ID="([^"]+)"/.exec(xml)![1] };
  }

  it("issues the patron's tokens for an assertion signed by the IdP, answering our request, once", async () => {
    const { nonce, link, requestId } = await startSaml();
    expect(link.startsWith(saml.metadataUrl.replace("/metadata", "/sso?SAMLRequest="))).toBe(true);
    const response = await saml.signedResponse("ana.souza@example.org", requestId);
    const res = await post("/api/saml/validar", { saml: response, nonce });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ token_type: "bearer" });
    expect((await post("/api/saml/validar", { saml: response, nonce })).status).toBe(401);
  });

  it("refuses an assertion signed by another key", async () => {
    const { nonce, requestId } = await startSaml();
    const res = await post("/api/saml/validar", {
      saml: await saml.signedResponse("ana.souza@example.org", requestId, { signWith: "stranger" }),
      nonce,
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe("sso_token_invalido");
  });

  it("accepts a response signed as a whole whose assertion is not signed (Shibboleth's default)", async () => {
    const { nonce, requestId } = await startSaml();
    const res = await post("/api/saml/validar", { saml: await saml.signedResponse("ana.souza@example.org", requestId, { sign: "response" }), nonce });
    expect(res.status).toBe(200);
  });

  it("refuses a response in which neither the message nor the assertion is signed", async () => {
    const { nonce, requestId } = await startSaml();
    const res = await post("/api/saml/validar", { saml: await saml.signedResponse("ana.souza@example.org", requestId, { sign: "none" }), nonce });
    expect(res.status).toBe(401);
  });

  it("refuses a signed assertion whose content was changed", async () => {
    const { nonce, requestId } = await startSaml();
    const xml = Buffer.from(await saml.signedResponse("ana.souza@example.org", requestId), "base64").toString();
    const tampered = Buffer.from(xml.replaceAll("ana.souza@example.org", "helena.costa@example.org")).toString("base64");
    expect((await post("/api/saml/validar", { saml: tampered, nonce })).status).toBe(401);
  });

  it("refuses an assertion answering another request", async () => {
    const { nonce } = await startSaml();
    const other = await startSaml();
    const res = await post("/api/saml/validar", { saml: await saml.signedResponse("ana.souza@example.org", other.requestId), nonce });
    expect(res.status).toBe(401);
  });

  it("answers 'user not found' for a signed assertion about a person the library does not know", async () => {
    const { nonce, requestId } = await startSaml();
    const res = await post("/api/saml/validar", { saml: await saml.signedResponse("visitante@example.org", requestId), nonce });
    expect(res.status).toBe(404);
  });
});

describe("without SSO configured", () => {
  it("answers 404 sso_indisponivel and reports neither in the institution parameters", async () => {
    const plain = await createTestApi({ titles: 0, patrons: false });
    try {
      const token = await publicToken(plain.app);
      const res = await get(plain.app, "/api/oidc/authorize?username=a@b.c", token);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("sso_indisponivel");
      const inst = (await (await get(plain.app, "/api/parametros/instituicao", token)).json()) as Record<string, unknown>;
      expect(inst).toMatchObject({ usaOIDC: false, usaSAML: false, link_logout_OIDC: null, link_logout_saml: null });
    } finally {
      await plain.cleanup();
    }
  });
});
