import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedLoginVariants } from "../../seed/login-variants.ts";
import { createTestApi, get, login } from "../../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
  await seedLoginVariants(t.db);
});
afterAll(async () => t.cleanup());

const put = (token: string, body: unknown) =>
  t.app.request("/api/pessoas/troca-login", {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const logins = async (token: string) =>
  (await get(t.app, "/api/pessoas/login", token)).json() as Promise<Array<{ codigo: number; usuario: string; base: string; atual: boolean }>>;
const userData = async (token: string) => (await get(t.app, "/api/autenticar/dados-usuario", token)).json();

describe("several logins of one person (ADR 172)", () => {
  it("lists every login of the person, the one typed at login marked as current", async () => {
    const { access_token } = await login(t.app, "paulo.hu");
    const list = await logins(access_token);
    expect(list.map((l) => [l.usuario, l.base, l.atual])).toEqual([
      ["paulo", "UFD", false],
      ["paulo.hu", "HU-UFD", true],
    ]);
    expect((await userData(access_token)).user).toMatchObject({ login: "paulo.hu", base: "HU-UFD" });
  });

  it("switches the session to another of the person's logins, and it stays after a token refresh", async () => {
    const tokens = await login(t.app, "paulo");
    const target = (await logins(tokens.access_token)).find((l) => l.usuario === "paulo.hu")!;
    const res = await put(tokens.access_token, { codigo: target.codigo, base: "HU-UFD" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ codigo: target.codigo, usuario: "paulo.hu", base: "HU-UFD", atual: true });
    expect((await userData(tokens.access_token)).user).toMatchObject({ login: "paulo.hu", base: "HU-UFD" });
    const refreshed = await (
      await t.app.request("/api/oauth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", client_id: "4", refresh_token: tokens.refresh_token }).toString(),
      })
    ).json();
    expect((await userData(refreshed.access_token)).user.login).toBe("paulo.hu");
    // Another session of the same person keeps its own login.
    const other = await login(t.app, "paulo");
    expect((await userData(other.access_token)).user.login).toBe("paulo");
  });

  it("refuses another person's login, and a login named with the wrong base, alike", async () => {
    const paulo = await login(t.app, "paulo");
    const demo = await login(t.app, "demo");
    const demoLogin = (await logins(demo.access_token))[0];
    const own = (await logins(paulo.access_token)).find((l) => l.usuario === "paulo.hu")!;
    for (const body of [
      { codigo: demoLogin.codigo, base: demoLogin.base },
      { codigo: own.codigo, base: "UFD" },
    ]) {
      const res = await put(paulo.access_token, body);
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe("login_invalido");
    }
    expect((await userData(paulo.access_token)).user.login).toBe("paulo");
  });

  it("needs a patron token, and a valid body", async () => {
    const pub = await (
      await t.app.request("/api/oauth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials&client_id=4",
      })
    ).json();
    expect((await put(pub.access_token, { codigo: 1, base: "UFD" })).status).toBe(403);
    const paulo = await login(t.app, "paulo");
    expect((await put(paulo.access_token, { codigo: "x" })).status).toBe(422);
  });
});
