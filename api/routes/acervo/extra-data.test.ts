import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, insertTitles, publicToken } from "../../lib/testing.ts";
import { reindexAcervos } from "../../search/index.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
let cited: number;
let bare: number;

beforeAll(async () => {
  t = await createTestApi({ patrons: true, titles: 0 });
  [cited, bare] = await insertTitles(t.db, [
    { titulo: "Curso de direito constitucional", editora: "Saraiva", local_publicacao: "São Paulo", copies: 2 },
    { titulo: "Sem dados extras", copies: 0 },
  ]);
  await t.db.updateTable("acervo").set({ classificacao: "342.81 S586c", serie: "Série Direito" }).where("cod_acervo", "=", cited).execute();
  await t.db.updateTable("exemplar").set({ localizacao: "2º andar, estante 14", chamada: "342.81 S586c" }).where("cod_acervo", "=", cited).execute();
  await reindexAcervos(t.db, [cited]);
  const dep = await t.db
    .insertInto("departamento")
    .values({ nome: "Departamento de Direito" })
    .returning("cod_departamento")
    .executeTakeFirstOrThrow();
  const curso = await t.db
    .insertInto("curso")
    .values({ cod_departamento: dep.cod_departamento, nome: "Direito" })
    .returning("cod_curso")
    .executeTakeFirstOrThrow();
  const disc = await t.db
    .insertInto("disciplina")
    .values({ cod_departamento: dep.cod_departamento, codigo: "DIR0101", nome: "Direito Constitucional I" })
    .returning("cod_disciplina")
    .executeTakeFirstOrThrow();
  const plano = await t.db
    .insertInto("plano_ensino")
    .values({ cod_disciplina: disc.cod_disciplina, cod_curso: curso.cod_curso, cod_biblioteca: 1, ano: 2025, semestre: 1, periodo: 2, vagas: 60 })
    .returning("cod_plano")
    .executeTakeFirstOrThrow();
  await t.db.insertInto("plano_bibliografia").values({ cod_plano: plano.cod_plano, cod_acervo: cited, tipo: "B", ordem: 1 }).execute();
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

describe("GET /acervo/{id}: extra data (spec §3)", () => {
  it("names the area of knowledge, the way to the shelf, the courses and disciplines and the derived filter values", async () => {
    const res = await get(t.app, `/api/acervo/${cited}`, token, "5");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      cod_tipo_area_conhec: 1,
      desc_tipo_area_conhec: "Dewey Decimal Classification",
      cod_area_conhecimento: "3",
      areas_conhecimento: [{ codigo: "3", descricao: "300 – Social sciences" }],
      // Two copies at the same place: one step of the route.
      rota: [{ cod_biblioteca: 1, localizacao: "2º andar, estante 14", chamada: "342.81 S586c" }],
      cursos_disc: [{ curso: "Direito", codigo_disciplina: "DIR0101", disciplina: "Direito Constitucional I" }],
    });
    expect(body.rota).toHaveLength(1);
    expect(body.dados_adicionais.P).toEqual([{ codigo: "sao-paulo", descricao: "São Paulo" }]);
    expect(body.dados_adicionais.E).toEqual([{ codigo: "saraiva", descricao: "Saraiva" }]);
    expect(body.dados_adicionais.C?.[0]?.descricao).toBe("Série Direito");
  });

  it("answers empty extra data for a title without class, copies or plans", async () => {
    const body = await (await get(t.app, `/api/acervo/${bare}`, token)).json();
    expect(body).toMatchObject({
      cod_tipo_area_conhec: null,
      desc_tipo_area_conhec: null,
      cod_area_conhecimento: null,
      areas_conhecimento: [],
      rota: [],
      cursos_disc: [],
    });
    expect(body.dados_adicionais).toEqual({});
  });

  it("names a Library of Congress class with its scheme", async () => {
    await t.db.updateTable("acervo").set({ classificacao: "KHD2921 .S5" }).where("cod_acervo", "=", bare).execute();
    const body = await (await get(t.app, `/api/acervo/${bare}`, token, "1")).json();
    expect(body).toMatchObject({
      cod_tipo_area_conhec: 2,
      desc_tipo_area_conhec: "Classificação da Library of Congress",
      areas_conhecimento: [{ codigo: "K", descricao: "K – Direito" }],
    });
  });
});

describe("GET /acervo/{id}: closed stacks (migration 091)", () => {
  it("says a title is in closed stacks only when a copy is at a location its library marked closed", async () => {
    const open = await (await get(t.app, `/api/acervo/${cited}`, token)).json();
    expect(open.acervo_fechado).toBe(false);
    expect(open.rota.every((r: { fechado: boolean }) => r.fechado === false)).toBe(true);
    const { cod_biblioteca } = await t.db.selectFrom("exemplar").select("cod_biblioteca").where("cod_acervo", "=", cited).executeTakeFirstOrThrow();
    // The same location in another library is not closed.
    await t.db
      .insertInto("localizacao_fechada")
      .values({ cod_biblioteca: cod_biblioteca + 1000, localizacao: "2º andar, estante 14" })
      .execute()
      .catch(() => {});
    expect((await (await get(t.app, `/api/acervo/${cited}`, token)).json()).acervo_fechado).toBe(false);
    await t.db.insertInto("localizacao_fechada").values({ cod_biblioteca, localizacao: "2º andar, estante 14" }).execute();
    const closed = await (await get(t.app, `/api/acervo/${cited}`, token)).json();
    expect(closed.acervo_fechado).toBe(true);
    expect(closed.rota).toEqual([expect.objectContaining({ localizacao: "2º andar, estante 14", fechado: true })]);
    await t.db.deleteFrom("localizacao_fechada").execute();
  });
});
