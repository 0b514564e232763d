import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkNewPassword, passwordRulesFrom } from "../domain/password-rules.ts";
import { createTestApi, get, login, publicToken, tokenRequest } from "../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let pub: string;

type Mail = { to: string[]; subject: string; text: string };
const mails = () => t.outbox as Mail[];
const codeIn = (m: Mail) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? "";

const url = (user: string) => `/api/pessoas/${encodeURIComponent(user)}/recuperar-senha`;
const start = (user: string, lang = "1") => get(t.app, url(user), pub, lang);
const send = (method: "POST" | "PUT", user: string, body: unknown, lang = "1") =>
  t.app.request(url(user), { method, headers: { authorization: `Bearer ${pub}`, "content-type": "application/json", lang }, body: JSON.stringify(body) });
/** Step 1 for `user`, returning the code the e-mail carried (13 minutes apart: under the five-an-hour limit). */
async function codeFor(user: string): Promise<string> {
  t.clock.advance(13 * 60);
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
      tte: 15,
      rules: { length: { min: 8, max: 32 }, has_numbers: true, only_numbers: false, special_char: true, diff_case: true, diff_name: true, last_pw: 3 },
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
    expect(mail.text).toContain("15 minutos");
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

  it("sends at most five codes an hour to one login, and still answers the same", async () => {
    for (let i = 0; i < 5; i++) await start("bloqueado");
    const before = mails().length;
    const sixth = await start("bloqueado");
    expect(sixth.status).toBe(200);
    await new Promise((r) => setTimeout(r, 0));
    expect(mails().length).toBe(before);
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
    expect(await wrong.json()).toMatchObject({ code: "codigo_invalido", message: "Invalid or expired code. Ask for a new code." });
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

  it("ends the old code when a new one is sent", async () => {
    const first = await codeFor("demo");
    const second = await codeFor("demo");
    if (first !== second) expect((await send("POST", "demo", { code: first })).status).toBe(422);
    expect((await send("POST", "demo", { code: second })).status).toBe(200);
  });

  it("lets a code expire", async () => {
    const code = await codeFor("demo");
    t.clock.advance(15 * 60 + 1);
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
  const rules = passwordRulesFrom({ length: { min: 8, max: 12 }, has_numbers: true, special_char: true, diff_case: true, diff_name: true, last_pw: 0 });
  const check = (pw: string) => checkNewPassword(pw, rules, { name: "José da Silva" });
  it("passes a password that meets every rule", async () => expect(await check("Bom#Dia42")).toEqual([]));
  it("checks length on the trimmed password", async () => expect(await check("  Ab#1x  ")).toEqual(["length"]));
  it("needs a digit, a special character and both cases", async () => expect(await check("abcdefgh")).toEqual(["has_numbers", "special_char", "diff_case"]));
  it("refuses any part of the name, ignoring accents and case", async () => expect(await check("Jose#2024a")).toEqual(["diff_name"]));
  it("supports digits-only institutions", async () =>
    expect(await checkNewPassword("12a45678", passwordRulesFrom({ only_numbers: true, has_numbers: true, diff_name: false }), { name: "X" })).toEqual(["only_numbers"]));
});
