import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, publicToken } from "../../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

const json = async (path: string) => {
  const res = await get(t.app, path, token);
  expect(res.status, path).toBe(200);
  return res.json();
};

describe("GET /api/parametros/*", () => {
  it("describes the institution, with the support message as raw HTML", async () => {
    const i = await json("/api/parametros/instituicao");
    expect(i).toMatchObject({
      codEmpresa: 1,
      sigla: "UFD",
      nome: "Universidade Federal de Demonstração",
      tema: "neo",
      endereco_web: "https://biblioteca.example.org",
      usaOIDC: false,
    });
    expect(i.msg_suporte_consulta).toContain("<script>");
    expect(i.msg_suporte_consulta).toContain('<a href="https://biblioteca.example.org/atendimento"');
    expect(i.link_lgpd).toMatch(/^https:\/\//);
  });

  it("reports the library's time zone: Brasília by default, the institution's own when set, never an unknown one (ADR 226)", async () => {
    expect((await json("/api/parametros/instituicao")).fuso_horario).toBe("America/Sao_Paulo");
    const row = await t.db.selectFrom("instituicao").select("parametros").executeTakeFirstOrThrow();
    const params = JSON.parse(row.parametros ?? "{}") as Record<string, unknown>;
    try {
      await t.db
        .updateTable("instituicao")
        .set({ parametros: JSON.stringify({ ...params, fuso_horario: "America/Bogota" }) })
        .execute();
      expect((await json("/api/parametros/instituicao")).fuso_horario).toBe("America/Bogota");
      await t.db
        .updateTable("instituicao")
        .set({ parametros: JSON.stringify({ ...params, fuso_horario: "Brasil/Brasilia" }) })
        .execute();
      expect((await json("/api/parametros/instituicao")).fuso_horario).toBe("America/Sao_Paulo");
    } finally {
      await t.db.updateTable("instituicao").set({ parametros: row.parametros }).execute();
    }
  });

  it("lists the public activities", async () => {
    const { atividades } = await json("/api/parametros/funcionalidades");
    expect(atividades.map((a: { cod_atividade: number }) => a.cod_atividade)).toEqual([8, 12, 13, 57, 87, 88, 107]);
  });

  it("lists the search tabs in order", async () => {
    const guias = await json("/api/parametros/guias");
    expect(guias[0]).toEqual({ codigo: "geral", descricao: "Geral", ordem: 1 });
  });

  it("enables self-service in the demo", async () => {
    expect(await json("/api/parametros/autoatendimento")).toEqual({ showAuto: true, codBibAuto: 1, authAuto: "senha", idiomaAuto: "pt" });
  });

  it("serves the home text blocks and FAQ", async () => {
    expect((await json("/api/parametros/secao_1")).titulo).toMatch(/UFD/);
    expect((await json("/api/parametros/secao_2")).conteudo).toMatch(/^<p>/);
    expect((await json("/api/parametros/informacoes_gerais")).conteudo).toMatch(/Multa/);
    expect((await json("/api/parametros/faq")).length).toBeGreaterThan(1);
  });

  it("serves the text blocks and the FAQ in English and Spanish when translated", async () => {
    const inLang = async (path: string, lang: string) => (await get(t.app, path, token, lang)).json();
    expect((await inLang("/api/parametros/informacoes_gerais", "5")).titulo).toBe("General information");
    expect((await inLang("/api/parametros/secao_1", "3")).titulo).toBe("Bienvenido a las Bibliotecas de la UFD");
    const faqEn = await inLang("/api/parametros/faq", "5");
    expect(faqEn[0]).toEqual({ pergunta: "How do I renew a loan?", resposta: "Sign in to Meu Pergamum, open Loans and choose Renew." });
    expect(faqEn[0]).not.toHaveProperty("traducoes");
    expect((await inLang("/api/parametros/faq", "3")).map((q: { pergunta: string }) => q.pergunta)).toContain("Olvidé mi contraseña. ¿Qué hago?");
  });

  it("lists libraries with seven days of opening hours, by campus", async () => {
    const all = await json("/api/parametros/atendimento");
    expect(all).toHaveLength(3);
    expect(all[0].horarios.map((h: { dia: number }) => h.dia)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(all[0].horarios[6]).toEqual({ dia: 7, abertura: null, fechamento: null });
    expect((await json("/api/parametros/atendimento/2")).map((b: { sigla: string }) => b.sigla)).toEqual(["BCN"]);
  });

  it("lists institutional events soonest first, in the request's language when translated", async () => {
    const { seedAccountProfile } = await import("../../seed/account-profile.ts");
    await seedAccountProfile(t.db);
    const pt = await json("/api/parametros/eventos_institucionais");
    expect(pt.map((e: { titulo: string }) => e.titulo)).toEqual(["Semana do Livro e da Biblioteca", "Oficina: como usar o Meu Pergamum"]);
    const en = await (await get(t.app, "/api/parametros/eventos_institucionais", token, "5")).json();
    expect(en[0]).toMatchObject({ titulo: "Book and Library Week", data_inicio: "2026-10-23", local: "Central Library – Entrance hall" });
  });

  it("tells whether an activity is on", async () => {
    expect(await json("/api/parametros/atividade/1120")).toMatchObject({ cod_atividade: 1120, ativa: false });
  });
});

describe("GET /api/openapi.json", () => {
  it("documents every route", async () => {
    const doc = await (await t.app.request("/api/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    for (const p of [
      "/api/oauth/token",
      "/api/consulta",
      "/api/acervo/{id}/referencia",
      "/api/emprestimo/debitos-pendentes",
      "/api/reserva",
      "/api/parametros/autoatendimento",
    ]) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
  });
});
