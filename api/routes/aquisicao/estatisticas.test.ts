import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, insertTitles, login, publicToken } from "../../lib/testing.ts";
import { seedTeachingPlans } from "../../seed/teaching-plans.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let pub: string;
let demo: string;
let professor: string;

beforeAll(async () => {
  t = await createTestApi({ titles: 0 });
  // Two titles in library 1 (2 and 1 copies), one in library 2 (acquired later).
  const [a, , c] = await insertTitles(t.db, [
    { titulo: "Constituição e direito brasileiro", copies: 2 },
    { titulo: "Teoria da constituição", copies: 1 },
    { titulo: "Manual de catalogação", copies: 0 },
  ]);
  await t.db.insertInto("exemplar").values({ cod_acervo: c!, cod_biblioteca: 2, codigo_barras: "L2-1" }).execute();
  const copies = await t.db.selectFrom("exemplar").select(["cod_exemplar", "cod_acervo"]).orderBy("cod_exemplar").execute();
  const day = ["2026-01-10", "2026-01-20", "2026-03-05", "2026-04-02"];
  const mode = ["compra", "doacao", "compra", null];
  for (const [i, e] of copies.entries()) {
    await t.db
      .updateTable("exemplar")
      .set({ data_aquisicao: day[i], modalidade_aquisicao: mode[i] })
      .where("cod_exemplar", "=", e.cod_exemplar)
      .execute();
  }
  await t.db
    .insertInto("sugestao_aquisicao")
    .values([
      { cod_pessoa: 1, cod_biblioteca: 1, titulo: "A", editor: "E", situacao: "atendida", created_at: "2026-01-15 10:00:00" },
      { cod_pessoa: 1, cod_biblioteca: 1, titulo: "B", editor: "E", situacao: "em_cotacao", created_at: "2026-02-15 10:00:00" },
      { cod_pessoa: 2, cod_biblioteca: 2, titulo: "C", editor: "E", situacao: "atendida", created_at: "2026-03-15 10:00:00" },
      { cod_pessoa: 2, cod_biblioteca: 1, titulo: "D", editor: "E", situacao: "atendida", created_at: "2025-03-15 10:00:00" },
    ])
    .execute();
  await seedTeachingPlans(t.db, { now: Date.UTC(2026, 5, 1) });
  // One finished and one current loan of the first title's copies.
  const [first, second] = copies.filter((e) => e.cod_acervo === a);
  await t.db
    .insertInto("emprestimo")
    .values([
      {
        cod_exemplar: first!.cod_exemplar,
        cod_pessoa: 1,
        cod_biblioteca: 1,
        data_emprestimo: "2026-02-01",
        data_devolucao_prevista: "2026-02-15",
        data_devolucao: "2026-02-10",
      },
      {
        cod_exemplar: second!.cod_exemplar,
        cod_pessoa: 2,
        cod_biblioteca: 1,
        data_emprestimo: "2026-05-01",
        data_devolucao_prevista: "2026-05-15",
        data_devolucao: null,
      },
    ])
    .execute();
  pub = await publicToken(t.app);
  demo = (await login(t.app, "demo")).access_token;
  professor = (await login(t.app, "professor")).access_token;
});
afterAll(async () => t.cleanup());

const json = async (path: string, token = demo, status = 200, lang?: string) => {
  const res = await get(t.app, path, token, lang);
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(status);
  return res.json();
};

describe("GET /api/aquisicao/estatisticas", () => {
  it("counts the copies and titles acquired in the range, month by month with empty months as zero, and by mode", async () => {
    const s = await json("/api/aquisicao/estatisticas?dataIni=2026-01-01&dataFim=2026-04-30");
    expect(s).toMatchObject({ titulos: 3, exemplares: 4, agrupamento: "mes" });
    expect(s.periodos).toEqual([
      { periodo: "2026-01", titulos: 1, exemplares: 2 },
      { periodo: "2026-02", titulos: 0, exemplares: 0 },
      { periodo: "2026-03", titulos: 1, exemplares: 1 },
      { periodo: "2026-04", titulos: 1, exemplares: 1 },
    ]);
    expect(s.por_modalidade).toEqual([
      { modalidade: "compra", descricao: "Compra", titulos: 2, exemplares: 2 },
      { modalidade: "doacao", descricao: "Doação", titulos: 1, exemplares: 1 },
      { modalidade: "nao_informada", descricao: "Não informada", titulos: 1, exemplares: 1 },
    ]);
  });

  it("counts the purchase suggestions received in the range by status, in the spec's order", async () => {
    const s = await json("/api/aquisicao/estatisticas?dataIni=2026-01-01&dataFim=2026-12-31", demo, 200, "5");
    expect(s.sugestoes).toEqual([
      { situacao: "atendida", descricao: "Attended", total: 2 },
      { situacao: "em_cotacao", descricao: "In quotation", total: 1 },
    ]);
  });

  it("narrows copies and suggestions to one library", async () => {
    const s = await json("/api/aquisicao/estatisticas?biblioteca=2");
    expect(s).toMatchObject({ titulos: 1, exemplares: 1, periodos: [{ periodo: "2026-04", titulos: 1, exemplares: 1 }] });
    expect(s.sugestoes).toEqual([{ situacao: "atendida", descricao: "Atendida", total: 1 }]);
  });

  it("groups a range longer than two years by year", async () => {
    const s = await json("/api/aquisicao/estatisticas?dataIni=2024-01-01&dataFim=2026-12-31");
    expect(s.agrupamento).toBe("ano");
    expect(s.periodos.map((p: { periodo: string; exemplares: number }) => [p.periodo, p.exemplares])).toEqual([
      ["2024", 0],
      ["2025", 0],
      ["2026", 4],
    ]);
  });

  it("refuses one date alone, a date that is not a real day and a start after the end, on that field and in the patron's language", async () => {
    expect((await json("/api/aquisicao/estatisticas?dataIni=2026-01-01", demo, 422)).errors.dataFim).toEqual(["Informe a data final."]);
    expect((await json("/api/aquisicao/estatisticas?dataIni=2026-02-30&dataFim=2026-03-01", demo, 422, "5")).errors.dataIni).toEqual([
      "Enter a valid date.",
    ]);
    const late = await json("/api/aquisicao/estatisticas?dataIni=2026-03-01&dataFim=2026-02-01", demo, 422, "3");
    expect(late.errors).toEqual({ dataIni: ["La fecha inicial no puede ser posterior a la fecha final."] });
    expect((await get(t.app, "/api/aquisicao/estatisticas?biblioteca=abc", demo)).status).toBe(422);
  });

  it("needs a token", async () => {
    expect((await get(t.app, "/api/aquisicao/estatisticas")).status).toBe(401);
    expect((await get(t.app, "/api/aquisicao/estatisticas", pub)).status).toBe(200);
  });
});

describe("GET /api/plano-ensino/bibliografia?professor=eu", () => {
  it("answers the signed-in professor's plans only, with each title's copies on loan now and loans ever", async () => {
    const mine = await json("/api/plano-ensino/bibliografia?professor=eu", professor);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.planos.every((p: { departamento: { descricao: string } }) => p.departamento.descricao === "Departamento de Direito")).toBe(true);
    const title = mine.planos
      .flatMap((p: { basica: unknown[] }) => p.basica)
      .find((x: { titulo: string }) => x.titulo === "Constituição e direito brasileiro");
    expect(title).toMatchObject({ exemplares: 2, emprestados: 1, emprestimos: 2 });
  });

  it("answers no plans for a patron who teaches none, and asks a visitor to log in", async () => {
    expect((await json("/api/plano-ensino/bibliografia?professor=eu", demo)).total).toBe(0);
    expect((await json("/api/plano-ensino/bibliografia?professor=eu", pub, 403)).code).toBe("login_necessario");
    expect((await get(t.app, "/api/plano-ensino/bibliografia?professor=outro", demo)).status).toBe(422);
  });
});
