import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDueReminders } from "../../domain/alerts.ts";
import { alertEmail } from "../../mail/alert-messages.ts";
import { unsubscribeToken } from "../../domain/notifications.ts";
import { runSavedSearchAlerts } from "../../domain/saved-search-alerts.ts";
import { createTestApi, get, insertTitles, login, publicToken, tokenRequest } from "../../lib/testing.ts";
import type { OutgoingMail } from "../../mail/index.ts";
import { seedCirculation } from "../../seed/circulation.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let leitor: string;
let other: string;
let codLeitor: number;
let codOther: number;
type Prefs = { eventos: Array<{ evento: string; email: boolean; app: boolean; dias?: number }> };

function send(method: string, url: string, token: string, body?: unknown, lang?: string) {
  return t.app.request(url, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(lang ? { lang } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const mailer = () => ({
  sent: [] as OutgoingMail[],
  async send(m: OutgoingMail) {
    this.sent.push(m);
  },
});
const codOf = async (usuario: string) =>
  (await t.db.selectFrom("login").select("cod_pessoa").where("usuario", "=", usuario).executeTakeFirstOrThrow()).cod_pessoa;

beforeAll(async () => {
  process.env.PUBLIC_URL = "https://biblioteca.example.org";
  t = await createTestApi({ titles: 40 });
  await seedCirculation(t.db);
  leitor = (await login(t.app, "leitor")).access_token;
  other = (await login(t.app, "leitor2")).access_token;
  codLeitor = await codOf("leitor");
  codOther = await codOf("leitor2");
});
afterAll(async () => {
  delete process.env.PUBLIC_URL;
  await t.cleanup();
});

describe("notification preferences (ADR 248)", () => {
  it("start from the receive-e-mails flag for e-mail and on for the portal, due soon two days before", async () => {
    await t.db.updateTable("pessoa").set({ recebe_email: 1 }).where("cod_pessoa", "=", codLeitor).execute();
    const prefs = (await (await get(t.app, "/api/estante/notificacoes", leitor)).json()) as Prefs;
    expect(prefs.eventos.map((e) => e.evento)).toEqual(["vencimento", "atraso", "reserva_disponivel", "solicitacao_respondida", "perfil_interesse"]);
    expect(prefs.eventos.every((e) => e.email && e.app)).toBe(true);
    expect(prefs.eventos[0].dias).toBe(2);
  });

  it("stores the patron's choices, and another patron's stay as they were", async () => {
    const res = await send("PUT", "/api/estante/notificacoes", leitor, {
      eventos: [
        { evento: "vencimento", email: false, app: true, dias: 5 },
        { evento: "atraso", email: true, app: false },
      ],
    });
    expect(res.status).toBe(200);
    const mine = (await (await get(t.app, "/api/estante/notificacoes", leitor)).json()) as Prefs;
    expect(mine.eventos[0]).toEqual({ evento: "vencimento", email: false, app: true, dias: 5 });
    expect(mine.eventos[1]).toEqual({ evento: "atraso", email: true, app: false });
    const theirs = (await (await get(t.app, "/api/estante/notificacoes", other)).json()) as Prefs;
    expect(theirs.eventos[0].dias).toBe(2);
    expect(theirs.eventos[1].app).toBe(true);
  });

  it("refuses an unknown event, days out of range and a body without events with 422 and field errors", async () => {
    for (const body of [
      { eventos: [{ evento: "tudo", email: true, app: true }] },
      { eventos: [{ evento: "vencimento", email: true, app: true, dias: 0 }] },
      { eventos: [] },
      { eventos: "x" },
    ]) {
      const res = await send("PUT", "/api/estante/notificacoes", leitor, body, "5");
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ code: "validacao", errors: expect.any(Object) });
    }
  });

  it("needs a patron: a public token gets 403", async () => {
    const pub = await publicToken(t.app);
    expect((await get(t.app, "/api/estante/notificacoes", pub)).status).toBe(403);
    expect((await send("PUT", "/api/estante/notificacoes", pub, { eventos: [{ evento: "atraso", email: false, app: false }] })).status).toBe(403);
  });
});

describe("the reminder job honours the choices", () => {
  it("a patron who turned due soon and overdue off on both channels gets nothing; one wanting e-mail only gets no portal alert", async () => {
    await send("PUT", "/api/estante/notificacoes", leitor, {
      eventos: [
        { evento: "vencimento", email: false, app: false, dias: 14 },
        { evento: "atraso", email: false, app: false },
      ],
    });
    await t.db.updateTable("pessoa").set({ recebe_email: 1, email: "leitor2@example.org" }).where("cod_pessoa", "=", codOther).execute();
    await send("PUT", "/api/estante/notificacoes", other, {
      eventos: [
        { evento: "vencimento", email: true, app: false, dias: 14 },
        { evento: "atraso", email: true, app: false },
      ],
    });
    const m = mailer();
    await runDueReminders(t.db, m, Date.now());
    const mine = await t.db
      .selectFrom("alerta")
      .select("tipo")
      .where("cod_pessoa", "=", codLeitor)
      .where("tipo", "in", ["vencimento", "atraso"])
      .execute();
    expect(mine).toHaveLength(0);
    const theirs = await t.db
      .selectFrom("alerta")
      .select(["tipo", "visivel"])
      .where("cod_pessoa", "=", codOther)
      .where("tipo", "in", ["vencimento", "atraso"])
      .execute();
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((a) => a.visivel === 0)).toBe(true);
    expect(m.sent.filter((x) => x.to.includes("leitor2@example.org")).length).toBe(theirs.length);
    const listed = (await (await get(t.app, "/api/solicitacoes/alertas", other)).json()) as { alertas: Array<{ tipo: string }> };
    expect(listed.alertas.filter((a) => a.tipo === "vencimento" || a.tipo === "atraso")).toHaveLength(0);
  });

  it("every e-mail carries a one-click unsubscribe for its event: headers (RFC 8058) and a link", async () => {
    const m = mailer();
    await t.db.deleteFrom("alerta").where("cod_pessoa", "=", codOther).execute();
    await runDueReminders(t.db, m, Date.now());
    const mail = m.sent.find((x) => x.to.includes("leitor2@example.org"))!;
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = /^<(https:\/\/biblioteca\.example\.org\/descadastro\?token=[A-Za-z0-9_.-]+)>$/.exec(mail.headers?.["List-Unsubscribe"] ?? "")?.[1];
    expect(url).toBeTruthy();
    expect(mail.text).toContain(`Para não receber mais estes e-mails: ${url}`);
  });

  it("writes the e-mail in the language the patron last used: choices saved in English, then a login in Spanish (ADR 254)", async () => {
    const idioma = async () => (await t.db.selectFrom("pessoa").select("idioma").where("cod_pessoa", "=", codOther).executeTakeFirstOrThrow()).idioma;
    const reminder = async () => {
      await t.db.deleteFrom("alerta").where("cod_pessoa", "=", codOther).execute();
      const m = mailer();
      await runDueReminders(t.db, m, Date.now());
      const mail = m.sent.find((x) => x.to.includes("leitor2@example.org"))!;
      const alert = await t.db
        .selectFrom("alerta")
        .select(["tipo", "dados"])
        .where("cod_pessoa", "=", codOther)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      return {
        mail,
        alert: { tipo: alert.tipo as Parameters<typeof alertEmail>[1], dados: JSON.parse(alert.dados) as Parameters<typeof alertEmail>[2] },
      };
    };
    expect((await send("PUT", "/api/estante/notificacoes", other, { eventos: [{ evento: "atraso", email: true, app: false }] }, "5")).status).toBe(
      200,
    );
    expect(await idioma()).toBe("en");
    const english = await reminder();
    expect(english.mail.subject).toBe(alertEmail("en", english.alert.tipo, english.alert.dados, null).subject);
    expect(english.mail.subject).not.toBe(alertEmail("pt", english.alert.tipo, english.alert.dados, null).subject);
    expect(english.mail.text).toContain("To stop receiving these e-mails: https://biblioteca.example.org/descadastro?token=");

    expect((await tokenRequest(t.app, { grant_type: "password", username: "leitor2", password: "demo1234" }, { lang: "3" })).status).toBe(200);
    expect(await idioma()).toBe("es");
    const spanish = await reminder();
    expect(spanish.mail.subject).toBe(alertEmail("es", spanish.alert.tipo, spanish.alert.dados, null).subject);
    expect(spanish.mail.text).toContain("Para no recibir más estos correos: ");

    // Back to Portuguese (no lang header is Portuguese), so the cases below read Portuguese e-mails.
    await tokenRequest(t.app, { grant_type: "password", username: "leitor2", password: "demo1234" });
    expect(await idioma()).toBe("pt");
  });
});

describe("one-click unsubscribe", () => {
  it("works with no patron session: the signed token names the patron and turns that event's e-mail off", async () => {
    const pub = await publicToken(t.app);
    const token = await unsubscribeToken(t.db, codOther, { kind: "evento", evento: "reserva_disponivel" });
    expect(await (await get(t.app, `/api/estante/descadastro?token=${token}`, pub)).json()).toEqual({ evento: "reserva_disponivel" });
    expect((await send("POST", "/api/estante/descadastro", pub, { token })).status).toBe(200);
    const prefs = (await (await get(t.app, "/api/estante/notificacoes", other)).json()) as Prefs;
    expect(prefs.eventos.find((e) => e.evento === "reserva_disponivel")).toMatchObject({ email: false, app: true });
  });

  it("refuses a forged token (another patron in a signed token's place, a made-up signature, garbage) with 404 and changes nothing", async () => {
    const pub = await publicToken(t.app);
    const real = await unsubscribeToken(t.db, codOther, { kind: "evento", evento: "atraso" });
    const sig = real.split(".")[1];
    const forged = [
      `${Buffer.from(`${codLeitor}:evento:atraso`).toString("base64url")}.${sig}`,
      `${real.split(".")[0]}.${"A".repeat(43)}`,
      "nada",
      `${real}x`,
    ];
    for (const token of forged) {
      const res = await send("POST", "/api/estante/descadastro", pub, { token }, "5");
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "descadastro_invalido", message: expect.stringMatching(/not valid/) });
      expect((await get(t.app, `/api/estante/descadastro?token=${encodeURIComponent(token)}`, pub)).status).toBe(404);
    }
    expect((await send("POST", "/api/estante/descadastro", pub, {})).status).toBe(422);
    const mine = (await (await get(t.app, "/api/estante/notificacoes", leitor)).json()) as Prefs;
    expect(mine.eventos.find((e) => e.evento === "atraso")).toMatchObject({ email: false, app: false });
  });
});

describe("alerts on saved searches", () => {
  it("a saved search alerts once about a title added since it last looked, and a second run sends nothing", async () => {
    await t.db.updateTable("pessoa").set({ recebe_email: 1, email: "leitor@example.org" }).where("cod_pessoa", "=", codLeitor).execute();
    const saved = (await (await send("POST", "/api/pesquisas-salvas", leitor, { nome: "Cometas", consulta: "termo=cometas" })).json()) as {
      id: number;
      alerta: null;
    };
    expect(saved.alerta).toBeNull();
    expect((await send("PUT", `/api/estante/pesquisas-salvas/${saved.id}/alerta`, other, { alerta: "diario" })).status).toBe(404);
    expect((await send("PUT", `/api/estante/pesquisas-salvas/${saved.id}/alerta`, leitor, { alerta: "mensal" })).status).toBe(422);
    expect(await (await send("PUT", `/api/estante/pesquisas-salvas/${saved.id}/alerta`, leitor, { alerta: "diario" })).json()).toEqual({
      id: saved.id,
      alerta: "diario",
    });
    // Looked a day ago; since then one title about comets and one about something else arrived.
    const dayAgo = new Date(Date.now() - 86_400_000 - 60_000).toISOString();
    await t.db.updateTable("pesquisa_salva").set({ alerta_desde: dayAgo }).where("id", "=", saved.id).execute();
    await insertTitles(t.db, [{ titulo: "Cometas e asteroides" }, { titulo: "Jardins de inverno" }]);
    const m = mailer();
    expect(await runSavedSearchAlerts(t.db, m, Date.now())).toEqual({ checked: 1, written: 1 });
    const mail = m.sent.find((x) => x.to.includes("leitor@example.org"))!;
    expect(mail.subject).toBe("Novidades na pesquisa salva: Cometas");
    expect(mail.text).toMatch(/^1 título novo na pesquisa salva “Cometas”: Cometas e asteroides\./);
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(/descadastro\?token=/);
    expect(await runSavedSearchAlerts(t.db, m, Date.now())).toEqual({ checked: 0, written: 0 });
    expect(m.sent).toHaveLength(1);
    // The e-mail's link turns that search's alert off.
    const token = /token=([^>]+)>/.exec(mail.headers!["List-Unsubscribe"])![1];
    expect(await (await send("POST", "/api/estante/descadastro", await publicToken(t.app), { token })).json()).toEqual({ pesquisa: "Cometas" });
    const list = (await (await get(t.app, "/api/pesquisas-salvas", leitor)).json()) as Array<{ id: number; alerta: string | null }>;
    expect(list.find((s) => s.id === saved.id)?.alerta).toBeNull();
  });
});

describe("the loan-history choice (ADR 249)", () => {
  const returned = (cod: number) =>
    t.db.selectFrom("emprestimo").select("cod_emprestimo").where("cod_pessoa", "=", cod).where("data_devolucao", "is not", null).execute();

  it("deletes only the selected returned loans of the patron, never another patron's", async () => {
    const mine = await returned(codLeitor);
    const theirs = await returned(codOther);
    expect(mine.length).toBeGreaterThan(1);
    const ids = [mine[0].cod_emprestimo, ...theirs.map((r) => r.cod_emprestimo)];
    expect(await (await send("POST", "/api/estante/historico/excluir", leitor, { ids })).json()).toEqual({ apagados: 1 });
    expect(await returned(codLeitor)).toHaveLength(mine.length - 1);
    expect(await returned(codOther)).toHaveLength(theirs.length);
    expect((await send("POST", "/api/estante/historico/excluir", leitor, { ids: [] })).status).toBe(422);
  });

  it("keeps the library's period, or never: never with apagar deletes what exists", async () => {
    expect(((await (await get(t.app, "/api/estante/historico", leitor)).json()) as { modo: string }).modo).toBe("sempre");
    expect(await (await send("PUT", "/api/estante/historico", leitor, { modo: "padrao" })).json()).toEqual({ modo: "padrao", apagados: 0 });
    expect(await (await get(t.app, "/api/estante/historico", leitor)).json()).toMatchObject({ modo: "padrao", dias_padrao: 365 });
    expect((await send("PUT", "/api/estante/historico", leitor, { modo: "talvez" })).status).toBe(422);
    const before = (await returned(codLeitor)).length;
    const res = (await (await send("PUT", "/api/estante/historico", leitor, { modo: "nunca", apagar: true })).json()) as { apagados: number };
    expect(res.apagados).toBeGreaterThan(0);
    expect((await returned(codLeitor)).length).toBe(before - res.apagados);
  });
});
