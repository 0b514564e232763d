import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertHoldReady, alertRequestStatus, alertSuggestionStatus, alertWaitingListAvailable, runDueReminders } from "../domain/alerts.ts";
import { publicUrl } from "../domain/notifications.ts";
import { alertEmail, alertText } from "../mail/alert-messages.ts";
import { seedCirculation } from "../seed/circulation.ts";
import { createTestApi, get, login } from "../lib/testing.ts";
import type { OutgoingMail } from "../mail/index.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let leitor: string;
type Alertas = { nao_lidos: number; alertas: Array<{ id: number; tipo: string; mensagem: string; lido: boolean }> };

function send(method: string, url: string, token: string, body?: unknown) {
  return t.app.request(url, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const mailer = () => ({
  sent: [] as OutgoingMail[],
  async send(m: OutgoingMail) {
    this.sent.push(m);
  },
});

beforeAll(async () => {
  t = await createTestApi({ titles: 40 });
  await seedCirculation(t.db);
  leitor = (await login(t.app, "leitor")).access_token;
});
afterAll(async () => t.cleanup());

describe("alerts", () => {
  it("lists the patron's alerts, newest first, with the unread count, in the lang header's language", async () => {
    const body = (await (await get(t.app, "/api/solicitacoes/alertas", leitor, "5")).json()) as Alertas;
    expect(body.nao_lidos).toBe(2);
    expect(body.alertas.map((a) => a.lido)).toEqual([false, false, true]);
    expect(body.alertas[0].mensagem).toMatch(/^Your loan request for “.+” is now available\.$/);
    const resumo = (await (await get(t.app, "/api/solicitacoes/alertas?resumo=S", leitor)).json()) as Alertas;
    expect(resumo).toEqual({ nao_lidos: 2, alertas: [] });
  });

  it("marks an alert read, and removes one; another patron's alert cannot be touched", async () => {
    const { alertas } = (await (await get(t.app, "/api/solicitacoes/alertas", leitor)).json()) as Alertas;
    const put = await send("PUT", `/api/solicitacoes/alertas/${alertas[0].id}`, leitor, { lido: true });
    expect(((await put.json()) as { lido: boolean }).lido).toBe(true);
    expect((await send("DELETE", `/api/solicitacoes/alertas/${alertas[1].id}`, leitor)).status).toBe(204);
    const after = (await (await get(t.app, "/api/solicitacoes/alertas", leitor)).json()) as Alertas;
    expect(after.nao_lidos).toBe(0);
    expect(after.alertas).toHaveLength(2);
    const other = (await login(t.app, "leitor2")).access_token;
    expect((await send("PUT", `/api/solicitacoes/alertas/${alertas[0].id}`, other, { lido: false })).status).toBe(404);
    expect(((await (await get(t.app, "/api/solicitacoes/alertas", leitor)).json()) as Alertas).alertas).toHaveLength(2);
  });

  it("answers 404 to removing another patron's alert, and keeps it", async () => {
    const { alertas } = (await (await get(t.app, "/api/solicitacoes/alertas", leitor)).json()) as Alertas;
    const other = (await login(t.app, "leitor2")).access_token;
    const res = await send("DELETE", `/api/solicitacoes/alertas/${alertas[0].id}`, other);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "nao_encontrado" });
    expect(((await (await get(t.app, "/api/solicitacoes/alertas", leitor)).json()) as Alertas).alertas.map((a) => a.id)).toEqual(
      alertas.map((a) => a.id),
    );
  });

  it("answers 404 to removing an alert twice", async () => {
    const { alertas } = (await (await get(t.app, "/api/solicitacoes/alertas", leitor)).json()) as Alertas;
    const id = alertas.at(-1)!.id;
    expect((await send("DELETE", `/api/solicitacoes/alertas/${id}`, leitor)).status).toBe(204);
    expect((await send("DELETE", `/api/solicitacoes/alertas/${id}`, leitor)).status).toBe(404);
  });
});

describe("alerts written on events", () => {
  it("writes one alert per event (hold ready, waiting list, request and suggestion status), and e-mails it when the patron wants e-mail", async () => {
    const m = mailer();
    const cod = 60;
    expect(
      await alertHoldReady(t.db, m, { cod_reserva: 900, cod_pessoa: cod, titulo: "Dom Casmurro", cod_acervo: 1, biblioteca: "Biblioteca Central" }),
    ).toBe(true);
    expect(
      await alertHoldReady(t.db, m, { cod_reserva: 900, cod_pessoa: cod, titulo: "Dom Casmurro", cod_acervo: 1, biblioteca: "Biblioteca Central" }),
    ).toBe(false);
    expect(await alertWaitingListAvailable(t.db, m, { id: 901, cod_pessoa: cod, titulo: "Atlas", cod_acervo: 2 })).toBe(true);
    expect(
      await alertRequestStatus(t.db, m, { cod_solicitacao: 902, cod_pessoa: cod, titulo: "Iracema", cod_acervo: 3, situacao: "em_transito" }),
    ).toBe(true);
    expect(
      await alertRequestStatus(t.db, m, { cod_solicitacao: 902, cod_pessoa: cod, titulo: "Iracema", cod_acervo: 3, situacao: "disponivel" }),
    ).toBe(true);
    expect(await alertSuggestionStatus(t.db, m, { cod_sugestao: 903, cod_pessoa: cod, titulo: "Vidas secas", situacao: "atendida" })).toBe(true);
    expect(m.sent).toHaveLength(5);
    expect(m.sent[0]).toMatchObject({
      to: ["marina.lopes@example.org"],
      subject: "Reserva disponível para retirada: Dom Casmurro",
      text: "Sua reserva de “Dom Casmurro” está disponível para retirada na Biblioteca Central.",
    });
    expect(m.sent[3]).toMatchObject({
      subject: "Solicitação de empréstimo disponível: Iracema",
      text: "Sua solicitação de empréstimo de “Iracema” está agora disponível.",
    });
    expect(m.sent[4]).toMatchObject({ subject: "Sugestão de aquisição atendida: Vidas secas" });
    const list = (await (await get(t.app, "/api/solicitacoes/alertas", leitor)).json()) as Alertas;
    expect(list.alertas.map((a) => a.tipo)).toEqual(
      expect.arrayContaining(["reserva_disponivel", "lista_espera_disponivel", "solicitacao_situacao", "sugestao_situacao"]),
    );
  });

  it("sends no e-mail to a patron whose receive-e-mails flag is off", async () => {
    const m = mailer();
    await t.db.updateTable("pessoa").set({ recebe_email: 0 }).where("cod_pessoa", "=", 61).execute();
    expect(await alertHoldReady(t.db, m, { cod_reserva: 950, cod_pessoa: 61, titulo: "X", cod_acervo: 1, biblioteca: "B" })).toBe(true);
    expect(m.sent).toHaveLength(0);
  });

  it("the due-date reminder, run twice, alerts each loan due soon once", async () => {
    const m = mailer();
    const first = await runDueReminders(t.db, m, Date.now());
    // Sentences, not codes: "vence em 2 dias, 29 de novembro de 2026"; the hourly loan with its hour; a real subject.
    expect(m.sent.map((x) => x.text)).toContainEqual(expect.stringMatching(/^O empréstimo de “.+” vence em 2 dias, \d{1,2} de [a-zç]+ de \d{4}\.$/));
    // The hourly loan is due a few hours from now: today, or tomorrow when that crosses the library's midnight.
    expect(m.sent.map((x) => x.text)).toContainEqual(
      expect.stringMatching(/^O empréstimo de “.+” vence (hoje|amanhã), \d{1,2} de [a-zç]+ de \d{4}, às \d{2}:\d{2}\.$/),
    );
    expect(m.sent.map((x) => x.subject)).toContainEqual(expect.stringMatching(/^Empréstimo vence (hoje|amanhã): .+/));
    expect(m.sent.map((x) => x.text).join("\n")).not.toMatch(/dia\(s\)|\d{4}-\d{2}-\d{2}/);
    // Each reader's loan due in two days (and the hourly one due today).
    expect(first.written).toBeGreaterThanOrEqual(2);
    const second = await runDueReminders(t.db, m, Date.now());
    expect(second.written).toBe(0);
    const rows = await t.db.selectFrom("alerta").select("chave").where("tipo", "in", ["vencimento", "atraso"]).execute();
    expect(rows).toHaveLength(first.written);
    expect(new Set(rows.map((r) => r.chave)).size).toBe(rows.length);
  });
});

describe("an alert's words (ADR 227)", () => {
  const due = (dias: number) => ({ titulo: "Iracema", cod_acervo: 3, data: "2026-11-29", dias });

  it("says today, tomorrow or in so many days, with the day in words, in each of the API's languages", () => {
    expect(alertText("pt", "vencimento", due(0))).toBe("O empréstimo de “Iracema” vence hoje, 29 de novembro de 2026.");
    expect(alertText("pt", "vencimento", due(1))).toBe("O empréstimo de “Iracema” vence amanhã, 29 de novembro de 2026.");
    expect(alertText("pt", "vencimento", due(3))).toBe("O empréstimo de “Iracema” vence em 3 dias, 29 de novembro de 2026.");
    expect(alertText("es", "vencimento", due(1))).toBe("El préstamo de “Iracema” vence mañana, 29 de noviembre de 2026.");
    expect(alertText("en", "vencimento", due(2))).toBe("The loan of “Iracema” is due in 2 days, November 29, 2026.");
    expect(alertText("pt", "vencimento", { ...due(0), hora: "17:30" })).toBe(
      "O empréstimo de “Iracema” vence hoje, 29 de novembro de 2026, às 17:30.",
    );
  });

  it("names a status in words and counts titles in the singular and the plural", () => {
    expect(alertText("pt", "solicitacao_situacao", { titulo: "Atlas", situacao: "em_transito" })).toBe(
      "Sua solicitação de empréstimo de “Atlas” está agora em trânsito.",
    );
    expect(alertText("en", "sugestao_situacao", { titulo: "Atlas", situacao: "nova_situacao" })).toBe(
      "Your acquisition suggestion “Atlas” is now nova situacao.",
    );
    expect(alertText("pt", "perfil_interesse", { total: 1, titulos: "Atlas" })).toBe(
      "1 título novo no acervo conforme o seu perfil de interesse: Atlas.",
    );
    expect(alertText("pt", "perfil_interesse", { total: 2, titulos: "Atlas; Iracema" })).toBe(
      "2 títulos novos no acervo conforme o seu perfil de interesse: Atlas; Iracema.",
    );
  });

  it("links the title to its page in the e-mail when PUBLIC_URL is set, and not otherwise", () => {
    const before = process.env.PUBLIC_URL;
    try {
      delete process.env.PUBLIC_URL;
      expect(alertEmail("pt", "vencimento", due(1), publicUrl())).toEqual({
        subject: "Empréstimo vence amanhã: Iracema",
        text: "O empréstimo de “Iracema” vence amanhã, 29 de novembro de 2026.",
      });
      process.env.PUBLIC_URL = "https://biblioteca.example.org/";
      const mail = alertEmail("pt", "vencimento", { ...due(1), titulo: "A & <B>" }, publicUrl());
      expect(mail.text).toBe(
        "O empréstimo de “A & <B>” vence amanhã, 29 de novembro de 2026.\n\nVeja o título: https://biblioteca.example.org/acervo/3\n",
      );
      expect(mail.html).toBe(
        '<p>O empréstimo de “<a href="https://biblioteca.example.org/acervo/3">A &#38; &#60;B&#62;</a>” vence amanhã, 29 de novembro de 2026.</p>',
      );
    } finally {
      if (before === undefined) delete process.env.PUBLIC_URL;
      else process.env.PUBLIC_URL = before;
    }
  });
});
