import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, login, publicToken, tokenRequest } from "../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(async () => t.cleanup());

describe("POST /api/oauth/token", () => {
  it("issues a public token for client 4 that lasts an hour and opens public calls", async () => {
    const res = await tokenRequest(t.app, { grant_type: "client_credentials" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ token_type: "bearer", expires_in: 3600 });
    expect(body.refresh_token).toBeUndefined();
    expect((await get(t.app, "/api/parametros/instituicao", body.access_token)).status).toBe(200);
  });

  it("accepts a JSON body too", async () => {
    const res = await t.app.request("/api/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "password", client_id: "4", username: "demo", password: "demo1234" }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).expires_in).toBe(900);
  });

  it("rejects an unknown client", async () => {
    const res = await tokenRequest(t.app, { grant_type: "client_credentials", client_id: "99" });
    expect(res.status).toBe(400);
  });

  it("answers 400 credenciais_ausentes when the password is missing", async () => {
    const res = await tokenRequest(t.app, { grant_type: "password", username: "demo" });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("credenciais_ausentes");
  });

  it("answers 401 credenciais_invalidas for a wrong password, translated by the lang header", async () => {
    const pt = await tokenRequest(t.app, { grant_type: "password", username: "professor", password: "nope" });
    expect(pt.status).toBe(401);
    const ptBody = await pt.json();
    expect(ptBody.code).toBe("credenciais_invalidas");
    expect(ptBody.message).toBe("Usuário ou senha incorretos.");
    const en = await tokenRequest(t.app, { grant_type: "password", username: "professor", password: "nope" }, { lang: "5" });
    expect((await en.json()).message).toBe("Incorrect username or password.");
    const es = await tokenRequest(t.app, { grant_type: "password", username: "nobody", password: "nope" }, { lang: "3" });
    expect((await es.json()).message).toBe("Usuario o contraseña incorrectos.");
  });

  it("locks a login for 15 minutes after 5 consecutive failures, even for the right password", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await tokenRequest(t.app, { grant_type: "password", username: "funcionario", password: "bad" })).status);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    const locked = await tokenRequest(t.app, { grant_type: "password", username: "funcionario", password: "demo1234" });
    expect(locked.status).toBe(429);
    expect((await locked.json()).code).toBe("muitas_tentativas");
    t.clock.advance(15 * 60 + 1);
    expect((await tokenRequest(t.app, { grant_type: "password", username: "funcionario", password: "demo1234" })).status).toBe(200);
  });

  it("issues a token to a library-blocked patron; dados-usuario then reports bloqueio", async () => {
    const { access_token } = await login(t.app, "bloqueado");
    const res = await get(t.app, "/api/autenticar/dados-usuario", access_token);
    expect(res.status).toBe(200);
    expect((await res.json()).bloqueio).toBe(true);
  });
});

describe("refresh token rotation", () => {
  it("rotates: the refresh grant returns a new pair whose access token works", async () => {
    const first = await login(t.app, "demo");
    const res = await tokenRequest(t.app, { grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(res.status).toBe(200);
    const second = await res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await get(t.app, "/api/autenticar/dados-usuario", second.access_token)).status).toBe(200);
  });

  it("lets a rotated refresh token be replayed within the 30-second grace window", async () => {
    const first = await login(t.app, "demo");
    const a = await tokenRequest(t.app, { grant_type: "refresh_token", refresh_token: first.refresh_token });
    t.clock.advance(10);
    const b = await tokenRequest(t.app, { grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const pairB = await b.json();
    expect((await get(t.app, "/api/autenticar/dados-usuario", pairB.access_token)).status).toBe(200);
  });

  it("gives the same new pair to parallel refreshes of one token (one refresh per session, whatever the worker)", async () => {
    const first = await login(t.app, "demo");
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => tokenRequest(t.app, { grant_type: "refresh_token", refresh_token: first.refresh_token })),
    );
    const pairs = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(pairs.map((p) => p.refresh_token)).size).toBe(1);
    expect(new Set(pairs.map((p) => p.access_token)).size).toBe(1);
    expect((await get(t.app, "/api/autenticar/dados-usuario", pairs[0].access_token)).status).toBe(200);
  });

  it("keeps the session when the new pair never reached the browser: the old token, minutes later, gets the same pair", async () => {
    const first = await login(t.app, "demo");
    const lost = await (await tokenRequest(t.app, { grant_type: "refresh_token", refresh_token: first.refresh_token })).json();
    t.clock.advance(20 * 60);
    const again = await tokenRequest(t.app, { grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(again.status).toBe(200);
    const pair = await again.json();
    expect(pair.refresh_token).toBe(lost.refresh_token);
    // Its access token lives again (it had expired meanwhile), and the pair refreshes on.
    expect((await get(t.app, "/api/autenticar/dados-usuario", pair.access_token)).status).toBe(200);
    expect((await tokenRequest(t.app, { grant_type: "refresh_token", refresh_token: pair.refresh_token })).status).toBe(200);
  });

  it("revokes the whole family when a rotated refresh token is reused after its successor was used and the grace window passed", async () => {
    const first = await login(t.app, "demo");
    const used = await (await tokenRequest(t.app, { grant_type: "refresh_token", refresh_token: first.refresh_token })).json();
    const second = await (await tokenRequest(t.app, { grant_type: "refresh_token", refresh_token: used.refresh_token })).json();
    t.clock.advance(31);
    const reuse = await tokenRequest(t.app, { grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(reuse.status).toBe(401);
    expect((await reuse.json()).code).toBe("token_invalido");
    // The thief's and the patron's newer tokens die with the family.
    expect((await get(t.app, "/api/autenticar/dados-usuario", second.access_token)).status).toBe(401);
    expect((await tokenRequest(t.app, { grant_type: "refresh_token", refresh_token: second.refresh_token })).status).toBe(401);
  });

  it("refuses an expired refresh token", async () => {
    const first = await login(t.app, "demo");
    t.clock.advance(30 * 24 * 3600 + 1);
    expect((await tokenRequest(t.app, { grant_type: "refresh_token", refresh_token: first.refresh_token })).status).toBe(401);
  });
});

describe("bearer tokens on API calls", () => {
  it("answers 401 token_invalido without a token or with a made-up one", async () => {
    const none = await get(t.app, "/api/parametros/instituicao");
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe("token_invalido");
    expect((await get(t.app, "/api/parametros/instituicao", "made-up")).status).toBe(401);
  });

  it("expires a patron access token after 15 minutes and a public one after an hour", async () => {
    const patron = await login(t.app, "demo");
    const pub = await publicToken(t.app);
    t.clock.advance(15 * 60 - 5);
    expect((await get(t.app, "/api/autenticar/dados-usuario", patron.access_token)).status).toBe(200);
    t.clock.advance(10);
    const expired = await get(t.app, "/api/autenticar/dados-usuario", patron.access_token);
    expect(expired.status).toBe(401);
    expect((await expired.json()).code).toBe("token_invalido");
    expect((await get(t.app, "/api/parametros/instituicao", pub)).status).toBe(200);
    t.clock.advance(3600);
    expect((await get(t.app, "/api/parametros/instituicao", pub)).status).toBe(401);
  });

  it("answers 403 login_necessario when a public token asks for patron data", async () => {
    const res = await get(t.app, "/api/autenticar/dados-usuario", await publicToken(t.app));
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("login_necessario");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await get(t.app, "/api/nao-existe");
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe("rota_inexistente");
  });
});
