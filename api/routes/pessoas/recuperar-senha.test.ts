import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recoverySettingsFrom } from "../../domain/password-recovery.ts";
import { checkNewPassword, passwordRulesFrom } from "../../domain/password-rules.ts";
import { defaultAuthSettings } from "../../lib/clock.ts";
import { createTestApi, get, login, publicToken, tokenRequest } from "../../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let pub: string;

type Mail = { to: string[]; subject: string; text: string };
const mails = () => t.outbox as Mail[];
const codeIn = (m: Mail) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? "";

const url = (user: string) => `/api/pessoas/${encodeURIComponent(user)}/recuperar-senha`;
const start = (user: string, lang = "1") => get(t.app, url(user), pub, lang);
const send = (method: "POST" | "PUT", user: string, body: unknown, lang = "1") =>
  t.app.request(url(user), {
    method,
    headers: { authorization: `Bearer ${pub}`, "content-type": "application/json", lang },
    body: JSON.stringify(body),
  });
/** Step 1 for `user`, returning the code the e-mail carried (21 minutes apart: under the three-an-hour limit). */
async function codeFor(user: string): Promise<string> {
  t.clock.advance(21 * 60);
  pub = await publicToken(t.app);
  const before = mails().length;
  expect((await start(user)).status).toBe(200);
  await new Promise((r) => setTimeout(r, 0));
  expect(mails().length).toBe(before + 1);
  return codeIn(mails().at(-1)!);
}

const GOOD = "Nova#Senha42";

beforeAll(async () => {
  t = await createTestApi({ titles: 0 });
  pub = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

describe("password recovery, step 1", () => {
  it("answers a known and an unknown user code with the same status and body", async () => {
    const known = await start("posgrad");
    const unknown = await start("ninguem-com-este-codigo");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    const body = await known.json();
    expect(await unknown.json()).toEqual(body);
    expect(body).toEqual({
      emails: [],
      name: null,
      length: 6,
      tte: 10,
      rules: {
        length: { min: 8, max: 32 },
        has_numbers: true,
        only_numbers: false,
        special_char: true,
        diff_case: true,
        diff_name: true,
        last_pw: 3,
      },
    });
  });

  it("e-mails a six-digit code to a known user only, found by login or document number", async () => {
    const before = mails().length;
    await start("ninguem-com-este-codigo");
    await start("2021000101"); // demo's document number
    await new Promise((r) => setTimeout(r, 0));
    expect(mails().length).toBe(before + 1);
    const mail = mails().at(-1)!;
    expect(mail.to).toEqual(["ana.souza@example.org"]);
    expect(mail.text).toMatch(/Olá, Ana Beatriz Souza/);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(mail.text).toContain("10 minutos");
  });

  it("writes the e-mail in the request's language", async () => {
    await start("funcionario", "5");
    await new Promise((r) => setTimeout(r, 0));
    expect(mails().at(-1)!.subject).toBe("Code to set a new password");
  });

  it("stores only a hash of the code", async () => {
    const code = await codeFor("professor");
    const rows = await t.db.selectFrom("recuperacao_senha").selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(code);
  });

  it("sends at most three codes an hour to one login, and still answers the same", async () => {
    for (let i = 0; i < 3; i++) await start("bloqueado");
    const before = mails().length;
    const fourth = await start("bloqueado");
    expect(fourth.status).toBe(200);
    await new Promise((r) => setTimeout(r, 0));
    expect(mails().length).toBe(before);
  });

  it("sends no more than three codes to one login for six parallel requests", async () => {
    t.clock.advance(61 * 60);
    pub = await publicToken(t.app);
    const before = mails().length;
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => start("comunidade")))).map((r) => r.status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    await new Promise((r) => setTimeout(r, 0));
    expect(mails().length - before).toBe(3);
  });

  it("makes codes that live ten minutes at most, whatever the parameters say", () => {
    expect(recoverySettingsFrom({ recuperacao_senha: { validade_minutos: 60 } }).tteMinutes).toBe(10);
    expect(recoverySettingsFrom({}).tteMinutes).toBe(10);
  });

  it("answers 429 with the spec's message to the 31st request of an hour from one address, whatever the user code", async () => {
    const ip = "198.51.100.20";
    const users = Array.from({ length: 35 }, (_, i) => (i % 2 ? `ninguem-${i}` : "professor"));
    const res = await Promise.all(
      users.map((u) => t.app.request(url(u), { headers: { authorization: `Bearer ${pub}`, "x-estante-client-ip": ip, lang: "5" } })),
    );
    expect(res.filter((r) => r.status === 200)).toHaveLength(30);
    const refused = res.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(await refused[0].json()).toEqual({ code: "muitas_tentativas", message: "Too many consecutive attempts. Try again in 15 minutes." });
    // Another address is not affected.
    expect(
      (await t.app.request(url("professor"), { headers: { authorization: `Bearer ${pub}`, "x-estante-client-ip": "198.51.100.21" } })).status,
    ).toBe(200);
  });
});

describe("password recovery, steps 2 and 3", () => {
  it("accepts the right code and returns the rules with the masked address", async () => {
    const code = await codeFor("demo");
    const res = await send("POST", "demo", { code });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: "Ana Beatriz Souza", emails: ["a***a@example.org"], rules: { last_pw: 3 } });
  });

  it("refuses a wrong code with 422 and a translated message, and the same for an unknown user", async () => {
    await codeFor("demo");
    const wrong = await send("POST", "demo", { code: "000000" }, "5");
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({
      code: "codigo_invalido",
      message: "Wrong or expired code. Check the digits and type it again; after 5 wrong tries or once it expires, ask for a new code.",
    });
    const unknown = await send("POST", "ninguem-com-este-codigo", { code: "000000" }, "5");
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual(await (await send("POST", "demo", { code: "000001" }, "5")).json());
  });

  it("ends a code after five wrong tries, even when the right code comes next", async () => {
    const code = await codeFor("demo");
    const wrongCode = code === "111111" ? "222222" : "111111";
    for (let i = 0; i < 5; i++) expect((await send("POST", "demo", { code: wrongCode })).status).toBe(422);
    expect((await send("POST", "demo", { code })).status).toBe(422);
  });

  it("counts seven parallel wrong guesses as tries: the code ends after five and the right one no longer works", async () => {
    const code = await codeFor("demo");
    const wrongCode = code === "111111" ? "222222" : "111111";
    const statuses = (await Promise.all(Array.from({ length: 7 }, () => send("POST", "demo", { code: wrongCode })))).map((r) => r.status);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 422, 422]);
    const row = await t.db.selectFrom("recuperacao_senha").select(["tentativas", "encerrado_em"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row.tentativas).toBe(5);
    expect((await send("POST", "demo", { code })).status).toBe(422);
  });

  it("lets a patron who mistyped four times still use the right code at steps 2 and 3", async () => {
    const code = await codeFor("demo");
    const wrongCode = code === "111111" ? "222222" : "111111";
    for (let i = 0; i < 4; i++) expect((await send("POST", "demo", { code: wrongCode })).status).toBe(422);
    expect((await send("POST", "demo", { code })).status).toBe(200);
    expect((await send("PUT", "demo", { code, password: "fraca" })).status).toBe(422);
    expect((await send("PUT", "demo", { code, password: "Mais#Uma77" })).status).toBe(200);
  });

  it("counts wrong codes against the address's login budget: the 30th locks the address for codes and logins alike", async () => {
    const ip = "198.51.100.30";
    const guess = (i: number) =>
      t.app.request(url(`ninguem-${i}`), {
        method: "POST",
        headers: { authorization: `Bearer ${pub}`, "content-type": "application/json", "x-estante-client-ip": ip },
        body: JSON.stringify({ code: "123456" }),
      });
    const statuses = (await Promise.all(Array.from({ length: 32 }, (_, i) => guess(i)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(29);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(
      (await tokenRequest(t.app, { grant_type: "password", username: "demo", password: "demo1234" }, { "x-estante-client-ip": ip })).status,
    ).toBe(429);
    t.clock.advance(15 * 60 + 1);
  });

  it("answers a POST or PUT without a body with 400 in the API's error shape", async () => {
    for (const method of ["POST", "PUT"]) {
      const res = await t.app.request(url("demo"), { method, headers: { authorization: `Bearer ${pub}`, lang: "5" } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: "corpo_invalido", message: "The request body is not valid JSON or form data." });
    }
  });

  it("ends the old code when a new one is sent", async () => {
    const first = await codeFor("demo");
    const second = await codeFor("demo");
    if (first !== second) expect((await send("POST", "demo", { code: first })).status).toBe(422);
    expect((await send("POST", "demo", { code: second })).status).toBe(200);
  });

  it("lets a code expire after ten minutes", async () => {
    const code = await codeFor("demo");
    t.clock.advance(10 * 60 + 1);
    expect((await send("POST", "demo", { code })).status).toBe(422);
  });

  it("refuses a new password that breaks the rules, naming the broken rules", async () => {
    const code = await codeFor("demo");
    const res = await send("PUT", "demo", { code, password: "  ana12345  " });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toBe("A senha não atende a todos os critérios!");
    expect(body.errors.rules).toEqual(["special_char", "diff_case", "diff_name"]);
    expect(body.errors.password).toContain("Não conter nenhuma parte do seu nome.");
    // The code survives a refused password: the patron can try another.
    expect((await send("POST", "demo", { code })).status).toBe(200);
  });

  it("refuses the current password (history rule)", async () => {
    const code = await codeFor("demo");
    // Make the current password satisfy the other rules first.
    expect((await send("PUT", "demo", { code, password: "Primeira#1" })).status).toBe(200);
    const again = await codeFor("demo");
    const res = await send("PUT", "demo", { code: again, password: "Primeira#1" });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.rules).toEqual(["last_pw"]);
  });

  it("changes the password (trimmed), uses the code once and ends every session of the patron", async () => {
    const session = await login(t.app, "posgrad");
    const code = await codeFor("posgrad");
    const res = await send("PUT", "posgrad", { code, password: `  ${GOOD}  ` });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe("Senha alterada. Entre com a nova senha.");
    // Single use.
    expect((await send("PUT", "posgrad", { code, password: "Outra#Senha99" })).status).toBe(422);
    // Old access and refresh tokens are dead.
    expect((await get(t.app, "/api/autenticar/dados-usuario", session.access_token)).status).toBe(401);
    expect((await tokenRequest(t.app, { grant_type: "refresh_token", client_id: "4", refresh_token: session.refresh_token })).status).toBe(401);
    // The old password no longer works; the new one (without the spaces) does.
    expect((await tokenRequest(t.app, { grant_type: "password", client_id: "4", username: "posgrad", password: "demo1234" })).status).toBe(401);
    expect((await tokenRequest(t.app, { grant_type: "password", client_id: "4", username: "posgrad", password: GOOD })).status).toBe(200);
  });

  it("lifts a too-many-attempts lock", async () => {
    for (let i = 0; i < 5; i++) await tokenRequest(t.app, { grant_type: "password", client_id: "4", username: "funcionario", password: "errada" });
    expect((await tokenRequest(t.app, { grant_type: "password", client_id: "4", username: "funcionario", password: "demo1234" })).status).toBe(429);
    const code = await codeFor("funcionario");
    expect((await send("PUT", "funcionario", { code, password: GOOD })).status).toBe(200);
    expect((await tokenRequest(t.app, { grant_type: "password", client_id: "4", username: "funcionario", password: GOOD })).status).toBe(200);
  });

  it("validates the body with a 422", async () => {
    expect((await send("POST", "demo", {})).status).toBe(422);
    expect((await send("PUT", "demo", { code: "123456" })).status).toBe(422);
  });
});

describe("limits for everyone together", () => {
  let small: Awaited<ReturnType<typeof createTestApi>>;
  let token: string;
  beforeAll(async () => {
    small = await createTestApi({
      titles: 0,
      auth: { recovery: { ...defaultAuthSettings.recovery, startsPerHour: 4, mailsPerIpPerHour: 2, failedChecksPer15Min: 3 } },
    });
    token = await publicToken(small.app);
  });
  afterAll(async () => small.cleanup());
  const from = (ip: string, user: string, init: RequestInit = {}) =>
    small.app.request(url(user), {
      ...init,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-estante-client-ip": ip },
    });

  it("mails at most the address's hourly number of codes, and still answers the same", async () => {
    const users = ["demo", "professor", "posgrad"];
    for (const u of users) expect((await from("203.0.113.1", u)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 0));
    expect((small.outbox as Mail[]).map((m) => m.to[0])).toHaveLength(2);
  });

  it("answers 429 to step 1 past everyone's hourly limit, from any address", async () => {
    // Three requests were made by the test above; the fourth is the last one allowed.
    expect((await from("203.0.113.2", "ninguem")).status).toBe(200);
    expect((await from("203.0.113.3", "ninguem")).status).toBe(429);
  });

  it("answers 429 to step 2 past everyone's limit of wrong codes, from any address", async () => {
    const check = (ip: string) => from(ip, "ninguem", { method: "POST", body: JSON.stringify({ code: "123456" }) });
    const statuses = (await Promise.all(["203.0.113.4", "203.0.113.5", "203.0.113.6", "203.0.113.7"].map(check))).map((r) => r.status);
    expect(statuses.sort()).toEqual([422, 422, 422, 429]);
    expect((await check("203.0.113.8")).status).toBe(429);
  });
});

describe("institutions without recovery", () => {
  it("answer 403 when the parameters are not mode 2 and crypt 4", async () => {
    const other = await createTestApi({ titles: 0 });
    try {
      const row = await other.db.selectFrom("instituicao").select(["cod_empresa", "parametros"]).executeTakeFirstOrThrow();
      await other.db
        .updateTable("instituicao")
        .set({ parametros: JSON.stringify({ ...JSON.parse(row.parametros), __md_aut: 1 }) })
        .where("cod_empresa", "=", row.cod_empresa)
        .execute();
      const res = await get(other.app, url("demo"), await publicToken(other.app));
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("recuperacao_indisponivel");
    } finally {
      await other.cleanup();
    }
  });
});

describe("password rules (spec §5)", () => {
  const rules = passwordRulesFrom({
    length: { min: 8, max: 12 },
    has_numbers: true,
    special_char: true,
    diff_case: true,
    diff_name: true,
    last_pw: 0,
  });
  const check = (pw: string) => checkNewPassword(pw, rules, { name: "José da Silva" });
  it("passes a password that meets every rule", async () => expect(await check("Bom#Dia42")).toEqual([]));
  it("checks length on the trimmed password", async () => expect(await check("  Ab#1x  ")).toEqual(["length"]));
  it("needs a digit, a special character and both cases", async () =>
    expect(await check("abcdefgh")).toEqual(["has_numbers", "special_char", "diff_case"]));
  it("refuses any part of the name, ignoring accents and case", async () => expect(await check("Jose#2024a")).toEqual(["diff_name"]));
  it("supports digits-only institutions", async () =>
    expect(await checkNewPassword("12a45678", passwordRulesFrom({ only_numbers: true, has_numbers: true, diff_name: false }), { name: "X" })).toEqual(
      ["only_numbers"],
    ));
});
