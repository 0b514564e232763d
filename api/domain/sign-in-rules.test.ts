/**
 * The sign-in rules called as functions (not through HTTP): a password login, a single sign-on flow and a refresh
 * token each answer an outcome; the routes pick the status (401, 404, 429) and the words.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultAuthSettings, type AuthSettings } from "../lib/clock.ts";
import { createTestApi } from "../lib/testing.ts";
import { authenticate } from "./login.ts";
import { newNonce, patronForIdentities, SSO_FLOW_TTL_MS, startFlow, takeFlow } from "./sso.ts";
import { rotateRefreshToken } from "./tokens.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
const settings: AuthSettings = { ...defaultAuthSettings, maxFailedLogins: 2 };

beforeAll(async () => {
  t = await createTestApi({ titles: 0 });
});
afterAll(async () => t.cleanup());

describe("a password login", () => {
  it("names the patron and the login for the right password", async () => {
    expect(await authenticate(t.db, settings, "demo", "demo1234")).toMatchObject({ ok: true, codPessoa: expect.any(Number) });
  });

  it("is refused as wrong credentials for a wrong password", async () => {
    expect(await authenticate(t.db, settings, "leitora", "errada")).toEqual({ ok: false, reason: "credenciais_invalidas" });
  });

  it("is refused as wrong credentials for a name nobody has", async () => {
    expect(await authenticate(t.db, settings, "ninguem-com-este-nome", "errada")).toEqual({ ok: false, reason: "credenciais_invalidas" });
  });

  it("is refused as too many attempts once the name is locked, even with the right password", async () => {
    for (let i = 0; i < settings.maxFailedLogins; i++) await authenticate(t.db, settings, "professor", "errada");
    expect(await authenticate(t.db, settings, "professor", "demo1234")).toEqual({ ok: false, reason: "muitas_tentativas" });
  });
});

describe("a single sign-on flow", () => {
  it("can be completed once", async () => {
    const nonce = newNonce();
    await startFlow(t.db, Date.now(), "oidc", nonce, { estado: "s" });
    expect(await takeFlow(t.db, Date.now(), "oidc", nonce)).toMatchObject({ tipo: "oidc", estado: "s" });
    expect(await takeFlow(t.db, Date.now(), "oidc", nonce)).toBeNull();
  });

  it("cannot be completed after ten minutes", async () => {
    const nonce = newNonce();
    const start = Date.now();
    await startFlow(t.db, start, "oidc", nonce, {});
    expect(await takeFlow(t.db, start + SSO_FLOW_TTL_MS + 1000, "oidc", nonce)).toBeNull();
  });

  it("names nobody for an identity no patron has", async () => {
    expect(await patronForIdentities(t.db, "email", ["ninguem@example.org"])).toBeNull();
  });
});

describe("a refresh token", () => {
  it("is not rotated when nobody issued it", async () => {
    expect(await rotateRefreshToken(t.db, settings, "4", "not-a-token-we-issued")).toBeNull();
  });
});
