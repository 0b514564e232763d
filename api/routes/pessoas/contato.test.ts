import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, login, publicToken } from "../../lib/testing.ts";

/** The patron's contact details (ADR 236): the phone with the personal data, the e-mail through a confirmation link. */
let t: Awaited<ReturnType<typeof createTestApi>>;

beforeAll(async () => {
  t = await createTestApi({ titles: 0 });
});
afterAll(async () => t.cleanup());

const send = (method: string, url: string, token: string, body?: unknown, lang?: string) =>
  t.app.request(url, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(lang ? { lang } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const PD = "/api/pessoas/meu-pergamum/dados-pessoais";
const CHANGE = "/api/pessoas/meu-pergamum/alteracao-email";
const CONFIRM = "/api/pessoas/alteracao-email/confirmacao";
const tokenOf = (name: string) => async () => (await login(t.app, name)).access_token;

type Mail = { to: string[]; subject: string; text: string };
/** The token in the last confirmation link mailed to `address`. */
function linkTokenTo(address: string): string {
  const mail = [...(t.outbox as Mail[])].reverse().find((m) => m.to.includes(address) && /confirmar-email\?token=/.test(m.text));
  const token = mail && /confirmar-email\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no confirmation link to ${address}`);
  return token;
}
const emailOf = async (cod: number) =>
  (await t.db.selectFrom("pessoa").select("email").where("cod_pessoa", "=", cod).executeTakeFirstOrThrow()).email;

describe("the phone", () => {
  it("is shown with the personal data and saved under spec §5's rule, blank clearing it", async () => {
    const token = await tokenOf("posgrad")();
    const res = await send("PUT", PD, token, { telefone: " (61) 3333-4444 " });
    expect(res.status).toBe(200);
    expect((await res.json()).telefone).toBe("(61) 3333-4444");
    expect((await (await get(t.app, PD, token)).json()).telefone).toBe("(61) 3333-4444");
    expect((await (await send("PUT", PD, token, { telefone: "" })).json()).telefone).toBeNull();
  });

  it("refuses letters, a plus sign and more than 16 characters beside the field, in the request's language, writing nothing", async () => {
    const token = await tokenOf("professor")();
    for (const telefone of ["61 9999-abcd", "+55 61 99999-0000", "(061) 99999-00000", "---"]) {
      const res = await send("PUT", PD, token, { telefone, cidade: "Goiânia" }, "5");
      expect(res.status, telefone).toBe(422);
      expect((await res.json()).errors.telefone).toEqual(["Invalid phone: use only digits, dash, parentheses and space, up to 16 characters."]);
    }
    expect((await (await get(t.app, PD, token)).json()).dados.cidade).not.toBe("Goiânia");
  });

  it("refuses a phone that is not text (a bad body) with a 422", async () => {
    const res = await send("PUT", PD, await tokenOf("professor")(), { telefone: 61999990000 });
    expect(res.status).toBe(422);
  });
});

describe("changing the e-mail address", () => {
  it("applies nothing until the link mailed to the new address is followed, then changes it once", async () => {
    const demo = await tokenOf("demo")();
    const before = t.outbox.length;
    const res = await send("POST", CHANGE, demo, { email: " Ana.Nova@Example.org " });
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(body.email).toBe("Ana.Nova@Example.org");
    expect(Date.parse(body.expira_em) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    // Two mails: the link to the new address, a notice (naming it masked) to the old one.
    const sent = (t.outbox as Mail[]).slice(before);
    expect(sent.map((m) => m.to[0]).sort()).toEqual(["Ana.Nova@Example.org", "ana.souza@example.org"]);
    expect(sent.find((m) => m.to[0] === "ana.souza@example.org")!.text).toContain("A***a@Example.org");
    // Still the old address; the personal data says which one waits.
    const pd = await (await get(t.app, PD, demo)).json();
    expect(pd.email).toBe("ana.souza@example.org");
    expect(pd.email_pendente).toMatchObject({ email: "Ana.Nova@Example.org" });
    const token = linkTokenTo("Ana.Nova@Example.org");
    // The token is stored as its hash only.
    const stored = await t.db.selectFrom("alteracao_email").select("token_hash").where("cod_pessoa", "=", 1).execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    // Checking the link (the page's GET) spends nothing.
    expect(await (await get(t.app, `/api/pessoas/alteracao-email?token=${token}`, await publicToken(t.app))).json()).toMatchObject({
      email: "Ana.Nova@Example.org",
    });
    expect(await emailOf(1)).toBe("ana.souza@example.org");
    const confirmed = await send("POST", CONFIRM, await publicToken(t.app), { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: "Ana.Nova@Example.org" });
    expect(await emailOf(1)).toBe("Ana.Nova@Example.org");
    expect((await (await get(t.app, PD, demo)).json()).email_pendente).toBeNull();
    // Reused: refused, and the check says the same.
    const again = await send("POST", CONFIRM, await publicToken(t.app), { token }, "5");
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: "link_invalido", message: expect.stringContaining("no longer works") });
    expect((await get(t.app, `/api/pessoas/alteracao-email?token=${token}`, await publicToken(t.app))).status).toBe(404);
  });

  it("refuses an expired link with 410, and a link replaced by a newer request", async () => {
    const token = await tokenOf("funcionario")();
    expect((await send("POST", CHANGE, token, { email: "juliana.um@example.org" })).status).toBe(202);
    const first = linkTokenTo("juliana.um@example.org");
    expect((await send("POST", CHANGE, token, { email: "juliana.dois@example.org" })).status).toBe(202);
    const second = linkTokenTo("juliana.dois@example.org");
    expect((await send("POST", CONFIRM, await publicToken(t.app), { token: first })).status).toBe(404);
    t.clock.advance(24 * 3600 + 1);
    const expired = await send("POST", CONFIRM, await publicToken(t.app), { token: second });
    expect(expired.status).toBe(410);
    expect((await expired.json()).code).toBe("link_expirado");
    expect(await emailOf(5)).toBe("juliana.alves@example.org");
  });

  it("refuses an address on another person's record without saying whose, and one taken before the link is followed", async () => {
    const token = await tokenOf("comunidade")();
    const res = await send("POST", CHANGE, token, { email: "TIAGO.LOPES@example.org" }, "5");
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body).toMatchObject({
      code: "email_em_uso",
      errors: { email: ["This e-mail address cannot be used for your account. Enter another one or ask the library."] },
    });
    expect(JSON.stringify(body)).not.toMatch(/Tiago|comunidade2/);
    // Asked while free, taken by another person before the confirmation.
    expect((await send("POST", CHANGE, token, { email: "disputado@example.org" })).status).toBe(202);
    await t.db.updateTable("pessoa").set({ email: "disputado@example.org" }).where("cod_pessoa", "=", 7).execute();
    const taken = await send("POST", CONFIRM, await publicToken(t.app), { token: linkTokenTo("disputado@example.org") });
    expect(taken.status).toBe(409);
    expect(await emailOf(6)).toBe("beatriz.campos@example.org");
  });

  it("refuses bad bodies: not an address, a list, the current address, no JSON, no token", async () => {
    const token = await tokenOf("comunidade2")();
    for (const email of ["sem-arroba", "a@b", "um@example.org; dois@example.org", "", "x".repeat(300) + "@example.org"]) {
      const res = await send("POST", CHANGE, token, { email });
      expect(res.status, email).toBe(422);
    }
    expect((await (await send("POST", CHANGE, token, { email: "disputado@example.org" })).json()).code).toBe("email_igual");
    expect((await send("POST", CHANGE, token, {})).status).toBe(422);
    expect((await t.app.request(CHANGE, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: "email=x" })).status).toBe(400);
    expect((await send("POST", CONFIRM, await publicToken(t.app), {})).status).toBe(422);
    expect((await send("POST", CONFIRM, await publicToken(t.app), { token: "nao-existe" })).status).toBe(404);
  });

  it("is the patron's own: a public token cannot ask, and a patron's request or cancel never touches another person", async () => {
    expect((await send("POST", CHANGE, await publicToken(t.app), { email: "alguem@example.org" })).status).toBe(403);
    const other = await tokenOf("professor")();
    expect((await send("POST", CHANGE, other, { email: "helena.nova@example.org" })).status).toBe(202);
    // Another patron's cancel finds nothing of theirs and leaves helena's request waiting.
    const posgrad = await tokenOf("posgrad")();
    expect((await send("DELETE", CHANGE, posgrad)).status).toBe(404);
    expect((await (await get(t.app, PD, other)).json()).email_pendente).toMatchObject({ email: "helena.nova@example.org" });
    // The personal data a patron reads is their own, whatever the body says.
    const pd = await (await send("PUT", PD, posgrad, { cod_pessoa: 3, telefone: "(61) 1111-2222" })).json();
    expect(pd.nome_pessoa).toBe("Rafael Oliveira Santos");
    expect((await (await get(t.app, PD, other)).json()).telefone).not.toBe("(61) 1111-2222");
    // Cancelled: the link stops working.
    const link = linkTokenTo("helena.nova@example.org");
    expect((await send("DELETE", CHANGE, other)).status).toBe(204);
    expect((await send("POST", CONFIRM, await publicToken(t.app), { token: link })).status).toBe(404);
  });

  it("sends at most 3 links an hour per patron, even to parallel requests, then answers 429", async () => {
    const patron = await tokenOf("posgrad")();
    const before = t.outbox.length;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => send("POST", CHANGE, patron, { email: `rafael.${i}@example.org` })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 202)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    // Three links and three notices, nothing for the refused ones.
    expect(t.outbox.length - before).toBe(6);
    t.clock.advance(3601);
    expect((await send("POST", CHANGE, await tokenOf("posgrad")(), { email: "rafael.depois@example.org" })).status).toBe(202);
  });
});
