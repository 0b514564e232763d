import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, login } from "../lib/testing.ts";

/** POST /api/aquisicao/sugestoes: the professors' purchase-suggestion route (spec §6, ADR 195). */
let t: Awaited<ReturnType<typeof createTestApi>>;
let professor: string;
let demo: string;
let mine: number;
let other: number;
let professorId: number;

beforeAll(async () => {
  t = await createTestApi();
  const who = await t.db.selectFrom("login").select("cod_pessoa").where("usuario", "=", "professor").executeTakeFirstOrThrow();
  professorId = who.cod_pessoa;
  const dep = await t.db.insertInto("departamento").values({ nome: "Direito" }).returning("cod_departamento").executeTakeFirstOrThrow();
  const curso = await t.db
    .insertInto("curso")
    .values({ nome: "Direito", cod_departamento: dep.cod_departamento })
    .returning("cod_curso")
    .executeTakeFirstOrThrow();
  const disc = await t.db
    .insertInto("disciplina")
    .values({ codigo: "DIR0101", nome: "Direito Constitucional I", cod_departamento: dep.cod_departamento })
    .returning("cod_disciplina")
    .executeTakeFirstOrThrow();
  const plan = (cod_professor: number | null) =>
    t.db
      .insertInto("plano_ensino")
      .values({
        cod_disciplina: disc.cod_disciplina,
        cod_curso: curso.cod_curso,
        cod_biblioteca: 1,
        ano: 2026,
        semestre: 1,
        periodo: 2,
        vagas: 60,
        cod_professor,
      })
      .returning("cod_plano")
      .executeTakeFirstOrThrow();
  mine = (await plan(professorId)).cod_plano;
  other = (await plan(null)).cod_plano;
  professor = (await login(t.app, "professor")).access_token;
  demo = (await login(t.app, "demo")).access_token;
});
afterAll(async () => t.cleanup());

const post = (token: string, body: unknown, lang?: string) =>
  t.app.request("/api/aquisicao/sugestoes", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(lang ? { lang } : {}) },
    body: JSON.stringify(body),
  });
const valid = (over: Record<string, unknown> = {}) => ({
  biblioteca: 1,
  titulo: "Curso de direito constitucional",
  editor: "Saraiva",
  autor: "Mendes, Gilmar",
  plano: mine,
  tipo_bibliografia: "B",
  exemplares: 5,
  justificativa: "Bibliografia básica da disciplina",
  ...over,
});

describe("POST /api/aquisicao/sugestoes", () => {
  it("stores a professor's suggestion for their plan, which their suggestions then list with its discipline and status", async () => {
    const res = await post(professor, valid());
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).situacao).toBe("pre_sugestao");
    const list = await (await get(t.app, "/api/aquisicao/sugestoes", professor)).json();
    expect(list[0]).toMatchObject({
      titulo: "Curso de direito constitucional",
      disciplina: "Direito Constitucional I",
      tipo_bibliografia: "B",
      exemplares: 5,
      justificativa: "Bibliografia básica da disciplina",
      situacao: "pre_sugestao",
    });
  });

  it("refuses a patron who is not a professor with 403, storing nothing", async () => {
    const res = await post(demo, valid({ titulo: "Outro título" }), "5");
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "somente_professor", message: "Only professors suggest the bibliography of their disciplines." });
    expect(await (await get(t.app, "/api/aquisicao/sugestoes", demo)).json()).toEqual([]);
  });

  it("names each missing field, the patron's ones and the professor's, in the request's language", async () => {
    const res = await post(professor, { titulo: " ", editor: "" }, "5");
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(errors).toEqual({
      biblioteca: ["Required field not filled: Library"],
      titulo: ["Required field not filled: Title"],
      editor: ["Required field not filled: Publisher"],
      plano: ["Required field not filled: Discipline"],
      tipo_bibliografia: ["Required field not filled: Bibliography"],
      exemplares: ["Required field not filled: Number of copies"],
    });
  });

  it("refuses another professor's plan, a bibliography type other than B or C and copies out of 1 to 100", async () => {
    const res = await post(professor, valid({ titulo: "Manual", plano: other, tipo_bibliografia: "X", exemplares: 101 }));
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors).sort()).toEqual(["exemplares", "plano", "tipo_bibliografia"]);
    expect((await post(professor, valid({ titulo: "Manual", exemplares: 0 }))).status).toBe(422);
  });

  it("refuses the same title for the same plan while the first is open, whatever its case and spacing", async () => {
    const res = await post(professor, valid({ titulo: "  CURSO DE  Direito constitucional " }));
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe("solicitacao_duplicada");
    // Once the library closes the first one, the title may be suggested again.
    await t.db.updateTable("sugestao_aquisicao").set({ situacao: "nao_atendida" }).where("cod_pessoa", "=", professorId).execute();
    expect((await post(professor, valid())).status).toBe(201);
  });

  it("refuses a suggestion past the category's limit of open suggestions", async () => {
    const limit = (await t.db.selectFrom("categoria").select("limite_solicitacoes").where("cod_categoria", "=", "12").executeTakeFirstOrThrow())
      .limite_solicitacoes;
    // One is open from the previous test.
    for (let i = 1; i < limit; i++) expect((await post(professor, valid({ titulo: `Título ${i}` }))).status).toBe(201);
    const res = await post(professor, valid({ titulo: "Um a mais" }));
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe("limite_solicitacoes");
  });
});
