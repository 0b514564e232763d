import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertFollowedPeriodical, setProfileValidity } from "../db/interest-profiles.ts";
import { createTestApi, get, insertTitles, login } from "../lib/testing.ts";
import type { Mailer } from "../mail/index.ts";
import { PERIODICAL_WORK_TYPE } from "./interest-profiles.ts";
import { issueDesignation, receiveIssue } from "./periodical-issues.ts";

/** New issues of followed periodicals (ADR 196): who is alerted, how often, and who gets an e-mail. */
let t: Awaited<ReturnType<typeof createTestApi>>;
let journal: number;
let book: number;
const sent: Array<{ to: string[]; subject: string; text: string }> = [];
const mailer: Mailer = { send: async (m) => void sent.push(m as (typeof sent)[number]) };
const TODAY = "2026-11-25";

// demo (1) and posgrad (4) follow for new issues; demo wants e-mail, posgrad does not. professor (3) follows for
// tables of contents only; funcionario (5) follows for new issues but their profile expired; comunidade (6) follows nothing.
beforeAll(async () => {
  t = await createTestApi();
  await t.db
    .insertInto("tipo_obra")
    .values([{ cod_tipo_obra: PERIODICAL_WORK_TYPE, descricao: "Periódico" }])
    .execute();
  [journal, book] = await insertTitles(t.db, [{ titulo: "Revista de Direito Ambiental" }, { titulo: "Manual de direito" }]);
  await t.db.updateTable("acervo").set({ cod_tipo_obra: PERIODICAL_WORK_TYPE }).where("cod_acervo", "=", journal).execute();
  await t.db.updateTable("pessoa").set({ recebe_email: 1 }).where("cod_pessoa", "=", 1).execute();
  await t.db.updateTable("pessoa").set({ recebe_email: 0 }).where("cod_pessoa", "=", 4).execute();
  await insertFollowedPeriodical(t.db, 1, journal, ["fasciculos", "sumarios"]);
  await insertFollowedPeriodical(t.db, 4, journal, ["fasciculos"]);
  await insertFollowedPeriodical(t.db, 3, journal, ["sumarios"]);
  await insertFollowedPeriodical(t.db, 5, journal, ["fasciculos"]);
  await setProfileValidity(t.db, 5, "2026-01-31");
  await setProfileValidity(t.db, 1, "2027-06-30");
});
afterAll(async () => t.cleanup());

const alertsOf = (cod_pessoa: number) =>
  t.db.selectFrom("alerta").select(["tipo", "dados", "chave"]).where("cod_pessoa", "=", cod_pessoa).where("tipo", "=", "fasciculo_novo").execute();

describe("receiving an issue of a periodical", () => {
  it("alerts only the followers who asked for new issues and whose profile has not expired", async () => {
    const r = await receiveIssue(
      t.db,
      mailer,
      { cod_acervo: journal, cod_biblioteca: 1, ano: 2026, volume: "36", numero: "4", periodo: "out./dez." },
      TODAY,
    );
    expect(r).toMatchObject({
      ok: true,
      novo: true,
      alertados: 2,
      designacao: "v. 36, n. 4, out./dez. 2026",
      titulo: "Revista de Direito Ambiental",
    });
    expect((await alertsOf(1)).length).toBe(1);
    expect((await alertsOf(4)).length).toBe(1);
    expect(await alertsOf(3)).toEqual([]);
    expect(await alertsOf(5)).toEqual([]);
    expect(await alertsOf(6)).toEqual([]);
    const stored = await t.db.selectFrom("fasciculo").selectAll().where("cod_acervo", "=", journal).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ ano: 2026, volume: "36", numero: "4", situacao: "recebido", data_chegada: TODAY });
  });

  it("e-mails only the followers whose receive-e-mails flag is on", () => {
    expect(sent.map((m) => m.to)).toEqual([["ana.souza@example.org"]]);
    expect(sent[0].subject).toBe("Novo fascículo: Revista de Direito Ambiental");
    expect(sent[0].text).toContain("v. 36, n. 4, out./dez. 2026");
  });

  it("alerts once per issue: receiving the same issue again writes and sends nothing", async () => {
    const again = await receiveIssue(t.db, mailer, { cod_acervo: journal, cod_biblioteca: 1, ano: 2026, volume: "36", numero: "4" }, TODAY);
    expect(again).toMatchObject({ ok: true, novo: false, alertados: 0 });
    expect((await alertsOf(1)).length).toBe(1);
    expect(sent.length).toBe(1);
    expect(await t.db.selectFrom("fasciculo").select("cod_fasciculo").where("cod_acervo", "=", journal).execute()).toHaveLength(1);
  });

  it("turns an expected (late) issue into a received one, and its arrival alerts the followers", async () => {
    const late = await t.db
      .insertInto("fasciculo")
      .values({
        cod_acervo: journal,
        cod_biblioteca: 1,
        ano: 2026,
        volume: "36",
        numero: "3",
        periodo: "jul./set.",
        situacao: "atrasado",
        observacao: "Fascículo cobrado do fornecedor",
      })
      .returning("cod_fasciculo")
      .executeTakeFirstOrThrow();
    const r = await receiveIssue(t.db, mailer, { cod_acervo: journal, cod_biblioteca: 1, ano: 2026, volume: "36", numero: "3" }, TODAY);
    expect(r).toMatchObject({ ok: true, novo: true, cod_fasciculo: late.cod_fasciculo, alertados: 2, designacao: "v. 36, n. 3, jul./set. 2026" });
    expect(
      await t.db
        .selectFrom("fasciculo")
        .select(["situacao", "data_chegada", "observacao"])
        .where("cod_fasciculo", "=", late.cod_fasciculo)
        .executeTakeFirstOrThrow(),
    ).toEqual({ situacao: "recebido", data_chegada: TODAY, observacao: null });
  });

  it("refuses a title that is not a periodical, an unknown library and an issue with neither volume nor number", async () => {
    expect(await receiveIssue(t.db, mailer, { cod_acervo: book, cod_biblioteca: 1, ano: 2026, numero: "1" }, TODAY)).toEqual({
      ok: false,
      reason: "nao_periodico",
    });
    expect(await receiveIssue(t.db, mailer, { cod_acervo: journal, cod_biblioteca: 999, ano: 2026, numero: "1" }, TODAY)).toEqual({
      ok: false,
      reason: "biblioteca_inexistente",
    });
    expect(await receiveIssue(t.db, mailer, { cod_acervo: journal, cod_biblioteca: 1, ano: 2026, volume: " " }, TODAY)).toEqual({
      ok: false,
      reason: "numeracao_obrigatoria",
    });
    expect(await receiveIssue(t.db, mailer, { cod_acervo: 999_999, cod_biblioteca: 1, ano: 2026, numero: "1" }, TODAY)).toEqual({
      ok: false,
      reason: "titulo_inexistente",
    });
  });

  it("shows the patron the alert, worded in the request's language, with the title to open", async () => {
    const demo = (await login(t.app, "demo")).access_token;
    const body = await (await get(t.app, "/api/solicitacoes/alertas", demo, "5")).json();
    const issue = body.alertas.find(
      (a: { tipo: string; dados: { fasciculo?: string } }) => a.tipo === "fasciculo_novo" && a.dados.fasciculo?.includes("n. 4"),
    );
    expect(issue).toMatchObject({
      mensagem: "A new issue of “Revista de Direito Ambiental” arrived at Biblioteca Central: v. 36, n. 4, out./dez. 2026.",
      dados: { cod_acervo: journal },
    });
  });

  it("writes an issue the way a library does", () => {
    expect(issueDesignation({ ano: 2025, volume: "12" })).toBe("v. 12, 2025");
    expect(issueDesignation({ ano: 2025, numero: "7", periodo: "jul." })).toBe("n. 7, jul. 2025");
  });
});

describe("the latest issues on the title page", () => {
  it("embeds a periodical's latest received issues, latest arrival first (the same day: latest recorded), in GET /acervo/{id}?incluir=fasciculos", async () => {
    const token = (await login(t.app, "demo")).access_token;
    await receiveIssue(t.db, mailer, { cod_acervo: journal, cod_biblioteca: 1, ano: 2026, volume: "37", numero: "1" }, "2026-11-26");
    const body = await (await get(t.app, `/api/acervo/${journal}?incluir=fasciculos`, token)).json();
    expect(body.fasciculos.map((f: { volume: string; numero: string }) => `${f.volume}/${f.numero}`)).toEqual(["37/1", "36/3", "36/4"]);
    expect(body.fasciculos[0]).toMatchObject({
      situacao: "recebido",
      data_chegada: "2026-11-26",
      biblioteca: { cod_biblioteca: 1, desc_biblioteca: "Biblioteca Central" },
    });
    expect((await (await get(t.app, `/api/acervo/${book}?incluir=fasciculos`, token)).json()).fasciculos).toEqual([]);
    const received = await (await get(t.app, `/api/kardex/${journal}/data?situacao=recebido`, token)).json();
    expect(received).toHaveLength(3);
  });
});
