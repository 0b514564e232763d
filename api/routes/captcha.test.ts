import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "../app.ts";
import { newCaptchaChallenge } from "../domain/captcha.ts";
import { createTestApi, get, publicToken, tokenRequest } from "../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let app: ReturnType<typeof createApiApp>;
// A cheap proof of work keeps the tests fast; the rules checked are the same at any cost.
const captcha = { cost: 10, ttlSeconds: 600 };

beforeAll(async () => {
  t = await createTestApi();
  app = createApiApp({ db: t.db, auth: { now: t.clock.now }, mailer: { send: async () => undefined }, captcha });
  // The institution asks for the captcha (activity 1120 on in the public configuration).
  await t.db.updateTable("atividade").set({ publica: 1 }).where("cod_atividade", "=", 1120).execute();
});
afterAll(async () => t.cleanup());

/** What the widget sends: base64 of the challenge and its solution. */
async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("no solution");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

async function fetchChallenge(): Promise<Challenge> {
  const res = await get(app, "/api/captcha/desafio", await publicToken(app));
  expect(res.status).toBe(200);
  return (await res.json()) as Challenge;
}

const passwordGrant = (token?: string, password = "demo1234") =>
  tokenRequest(app, { grant_type: "password", username: "demo", password, ...(token ? { recaptcha_token: token } : {}) });

describe("GET /api/captcha/desafio", () => {
  it("gives a signed PBKDF2/SHA-256 challenge that expires", async () => {
    const c = await fetchChallenge();
    expect(c.parameters.algorithm).toBe("PBKDF2/SHA-256");
    expect(c.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(c.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it("needs a token like every other call", async () => {
    expect((await get(app, "/api/captcha/desafio")).status).toBe(401);
  });
});

describe("the captcha at login (activity 1120)", () => {
  it("a solved challenge lets the login through once; sent again it is refused as invalid", async () => {
    const token = await solved(await fetchChallenge());
    expect((await passwordGrant(token)).status).toBe(200);
    const replay = await passwordGrant(token);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ code: "captcha_invalido", message: "A verificação do Captcha é inválida. Faça-a de novo." });
  });

  it("an expired challenge is refused as expired, in the request's language", async () => {
    const old = await newCaptchaChallenge(t.db, Date.now() - 3_600_000, captcha);
    const res = await tokenRequest(
      app,
      { grant_type: "password", username: "demo", password: "demo1234", recaptcha_token: await solved(old) },
      { lang: "5" },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "captcha_expirado", message: "The Captcha verification has expired. Please do it again." });
  });

  it("a forged, tampered or malformed answer is refused as invalid, before the password is looked at", async () => {
    const c = await fetchChallenge();
    const good = JSON.parse(Buffer.from(await solved(c), "base64").toString());
    const tampered = Buffer.from(
      JSON.stringify({ ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 1 } } }),
    ).toString("base64");
    const wrongKey = Buffer.from(JSON.stringify({ ...good, solution: { ...good.solution, derivedKey: "00".repeat(32) } })).toString("base64");
    for (const token of [tampered, wrongKey, "bm90IGpzb24=", "%%%"]) {
      const res = await passwordGrant(token, "wrong-password");
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe("captcha_invalido");
    }
  });

  it("without a captcha answer (a browser without JavaScript) the login still works, under the rate limits", async () => {
    expect((await passwordGrant()).status).toBe(200);
  });

  it("when the institution does not ask for it, a bad answer is ignored", async () => {
    await t.db.updateTable("atividade").set({ publica: 0 }).where("cod_atividade", "=", 1120).execute();
    try {
      expect((await passwordGrant("bm90IGpzb24=")).status).toBe(200);
    } finally {
      await t.db.updateTable("atividade").set({ publica: 1 }).where("cod_atividade", "=", 1120).execute();
    }
  });
});

describe("the captcha at password recovery, step 1", () => {
  const start = async (user: string, token: string) =>
    get(app, `/api/pessoas/${user}/recuperar-senha?recaptcha_token=${encodeURIComponent(token)}`, await publicToken(app));

  it("is checked the same way, and says nothing about whether the user exists", async () => {
    const known = await start("demo", "bm90IGpzb24=");
    const unknown = await start("nobody-here", "bm90IGpzb24=");
    expect(known.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(await known.json()).toEqual(await unknown.json());
    expect((await start("demo", await solved(await fetchChallenge()))).status).toBe(200);
  });
});
