import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertHoldReady, alertRequestStatus, alertSuggestionStatus, alertWaitingListAvailable, runDueReminders } from "../domain/alerts.ts";
import { seedCirculation } from "../seed/circulation.ts";
import { createTestApi, get, login } from "../lib/testing.ts";
import type { OutgoingMail } from "../mail/index.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let leitor: string;
type Alertas = { nao_lidos: number; alertas: Array<{ id: number; tipo: string; mensagem: string; lido: boolean }> };

function send(method: string, url: string, token: string, body?: unknown) {
  return t.app.request(url, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
}
const mailer = () => ({ sent: [] as OutgoingMail[], async send(m: OutgoingMail) { this.sent.push(m); } });

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
    expect(body.alertas[0].mensagem).toMatch(/^Your loan request for ".+" changed status: disponivel\.$/);
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
    expect(((await (await get(t.app, "/api/solicitacoes/alertas", leitor)).json()) as Alertas).alertas.map((a) => a.id)).toEqual(alertas.map((a) => a.id));
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
    expect(await alertHoldReady(t.db, m, { cod_reserva: 900, cod_pessoa: cod, titulo: "Dom Casmurro", cod_acervo: 1, biblioteca: "Biblioteca Central" })).toBe(true);
    expect(await alertHoldReady(t.db, m, { cod_reserva: 900, cod_pessoa: cod, titulo: "Dom Casmurro", cod_acervo: 1, biblioteca: "Biblioteca Central" })).toBe(false);
    expect(await alertWaitingListAvailable(t.db, m, { id: 901, cod_pessoa: cod, titulo: "Atlas", cod_acervo: 2 })).toBe(true);
    expect(await alertRequestStatus(t.db, m, { cod_solicitacao: 902, cod_pessoa: cod, titulo: "Iracema", cod_acervo: 3, situacao: "em_transito" })).toBe(true);
    expect(await alertRequestStatus(t.db, m, { cod_solicitacao: 902, cod_pessoa: cod, titulo: "Iracema", cod_acervo: 3, situacao: "disponivel" })).toBe(true);
    expect(await alertSuggestionStatus(t.db, m, { cod_sugestao: 903, cod_pessoa: cod, titulo: "Vidas secas", situacao: "atendida" })).toBe(true);
    expect(m.sent).toHaveLength(5);
    expect(m.sent[0]).toMatchObject({ to: ["marina.lopes@example.org"], text: 'Sua reserva de "Dom Casmurro" está disponível para retirada na Biblioteca Central.' });
    const list = (await (await get(t.app, "/api/solicitacoes/alertas", leitor)).json()) as Alertas;
    expect(list.alertas.map((a) => a.tipo)).toEqual(expect.arrayContaining(["reserva_disponivel", "lista_espera_disponivel", "solicitacao_situacao", "sugestao_situacao"]));
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
    // Each reader's loan due in two days (and the hourly one due today).
    expect(first.written).toBeGreaterThanOrEqual(2);
    const second = await runDueReminders(t.db, m, Date.now());
    expect(second.written).toBe(0);
    const rows = await t.db.selectFrom("alerta").select("chave").where("tipo", "=", "vencimento").execute();
    expect(rows).toHaveLength(first.written);
    expect(new Set(rows.map((r) => r.chave)).size).toBe(rows.length);
  });
});
