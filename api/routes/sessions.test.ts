import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokeAllSessions } from "../domain/tokens.ts";
import { createTestApi, get, login, tokenRequest } from "../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi({ titles: 1 });
});
afterAll(async () => t.cleanup());

const revoke = (fields: Record<string, string>) =>
  t.app.request("/api/oauth/revoke", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const dados = (token: string) => get(t.app, "/api/autenticar/dados-usuario", token);

describe("ending sessions", () => {
  it("POST /api/oauth/revoke ends the session of a refresh token: its access token and refresh both stop working", async () => {
    const mine = await login(t.app, "professor");
    const other = await login(t.app, "professor");
    expect((await dados(mine.access_token)).status).toBe(200);
    expect((await revoke({ client_id: "4", token: mine.refresh_token })).status).toBe(200);
    expect((await dados(mine.access_token)).status).toBe(401);
    const refresh = await tokenRequest(t.app, { grant_type: "refresh_token", refresh_token: mine.refresh_token });
    expect(refresh.status).toBe(401);
    // Another device's session of the same patron is untouched.
    expect((await dados(other.access_token)).status).toBe(200);
  });

  it("answers 200 for an unknown token (no oracle) and 400 for a foreign client", async () => {
    expect((await revoke({ token: "not-a-token" })).status).toBe(200);
    expect((await revoke({ token: "x", client_id: "99" })).status).toBe(400);
  });

  it("revokeAllSessions also ends the patron's private calendar feed", async () => {
    const a = await login(t.app, "posgrad");
    const made = await t.app.request("/api/emprestimo/calendario/feed", { method: "POST", headers: { authorization: `Bearer ${a.access_token}` } });
    const { token } = (await made.json()) as { token: string };
    expect((await t.app.request(`/api/calendario/${token}`)).status).toBe(200);
    await revokeAllSessions(t.db, (await (await dados(a.access_token)).json()).user.cod_pessoa as number);
    expect((await t.app.request(`/api/calendario/${token}`)).status).toBe(404);
  });

  it("revokeAllSessions ends every session of one patron and no one else's", async () => {
    const a = await login(t.app, "posgrad");
    const b = await login(t.app, "posgrad");
    const someoneElse = await login(t.app, "funcionario");
    const cod = (await (await dados(a.access_token)).json()).user.cod_pessoa as number;
    expect(await revokeAllSessions(t.db, cod)).toBeGreaterThanOrEqual(4);
    for (const s of [a, b]) {
      expect((await dados(s.access_token)).status).toBe(401);
      expect((await tokenRequest(t.app, { grant_type: "refresh_token", refresh_token: s.refresh_token })).status).toBe(401);
    }
    expect((await dados(someoneElse.access_token)).status).toBe(200);
    // A new login after the revocation works.
    expect((await dados((await login(t.app, "posgrad")).access_token)).status).toBe(200);
  });
});
