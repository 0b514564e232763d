import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../db/migrate.ts";
import { mapAuthority } from "../../marc/map.ts";
import { seedTeachingPlans } from "../../seed/teaching-plans.ts";
import { createTestApi, get, insertTitles, publicToken } from "../../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;

const lawMarc = (leader = "00000nam a2200000 a 4500") => ({ leader, fields: [] });

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  await t.db.insertInto("tipo_obra").values({ cod_tipo_obra: 7, descricao: "Manuscrito" }).execute();
  await insertTitles(t.db, [
    {
      titulo: "Constituição da República Federativa do Brasil",
      assuntos: ["Direito constitucional", "Leis - Brasil"],
      ano_publicacao: 2008,
      copies: 2,
      marc: lawMarc(),
    },
    { titulo: "Decreto n. 5.296 comentado", assuntos: ["Acessibilidade - Legislação"], ano_publicacao: 2004, copies: 1, marc: lawMarc() },
    { titulo: "Coletânea de legislação ambiental", assuntos: ["Meio ambiente - Legislação"], ano_publicacao: 2004, copies: 1, marc: lawMarc() },
    {
      titulo: "Correspondência de Érico Veríssimo",
      assuntos: ["Arquivo pessoal", "Cartas"],
      ano_publicacao: 1975,
      copies: 0,
      marc: lawMarc("00000npa a2200000 a 4500"),
    },
    {
      titulo: "Fotografias de Porto Alegre",
      assuntos: ["Arquivo fotográfico", "Porto Alegre"],
      ano_publicacao: 1992,
      copies: 0,
      marc: lawMarc("00000npa a2200000 a 4500"),
    },
    { titulo: "Introdução ao jazz", assuntos: ["Jazz - História"], ano_publicacao: 2010, copies: 2 },
    { titulo: "Jazz: a history", assuntos: ["Jazz - History"], ano_publicacao: 1999, copies: 1 },
  ]);
  // One archive title is a manuscript, the other stays a book.
  await t.db.updateTable("acervo").set({ cod_tipo_obra: 7 }).where("titulo", "like", "Correspond%").execute();
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

type Group = { campo: string; opcoes: Array<{ codigo: string; descricao: string; total: number }> };
const options = async (path: string, lang?: string) => (await (await get(t.app, path, token, lang)).json()) as Group[];
const field = (groups: Group[], campo: string) => groups.find((g) => g.campo === campo)?.opcoes ?? [];
const titles = async (query: string) => {
  const res = await get(t.app, `/api/consulta?${query}`, token);
  return { status: res.status, body: (await res.json()) as { resultados?: Array<{ titulo: string }>; errors?: Record<string, string[]> } };
};
const names = (r: { body: { resultados?: Array<{ titulo: string }> } }) => (r.body.resultados ?? []).map((h) => h.titulo).sort();

describe("normative-acts options", () => {
  it("lists the kinds of act found in the tab's titles and subjects, with counts", async () => {
    const groups = await options("/api/opcoes-atos-normativos");
    expect(field(groups, "especie")).toEqual([
      { codigo: "constituicao", descricao: "Constituição e emendas", total: 1 },
      { codigo: "lei", descricao: "Lei", total: 1 },
      { codigo: "decreto", descricao: "Decreto", total: 1 },
    ]);
    expect(field(groups, "ano")).toEqual([
      { codigo: "2008", descricao: "2008", total: 1 },
      { codigo: "2004", descricao: "2004", total: 2 },
    ]);
  });

  it("labels the fields and kinds in the lang language", async () => {
    const groups = await options("/api/opcoes-atos-normativos", "5");
    expect(groups.map((g) => g.campo)).toEqual(["especie", "ano"]);
    expect(field(groups, "especie")[2].descricao).toBe("Decree");
  });

  it("narrows the tab's search by kind and by year", async () => {
    expect(names(await titles("termo=legislacao&guia=atos"))).toHaveLength(2);
    expect(names(await titles("termo=legislacao&guia=atos&especie=decreto"))).toEqual(["Decreto n. 5.296 comentado"]);
    expect(names(await titles("termo=brasil&guia=atos&ano=2004"))).toEqual([]);
    expect(names(await titles("termo=brasil&guia=atos&ano=2008"))).toEqual(["Constituição da República Federativa do Brasil"]);
  });

  it("answers 422 for an unknown kind, and ignores another tab's options", async () => {
    const bad = await titles("termo=legislacao&guia=atos&especie=bula");
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.especie).toEqual(["Valor inválido."]);
    expect(names(await titles("termo=legislacao&guia=atos&material=7"))).toHaveLength(2);
  });
});

describe("archive options", () => {
  it("lists the work types and decades of the archive titles", async () => {
    const groups = await options("/api/opcoes-arquivo");
    expect(field(groups, "material")).toEqual([
      { codigo: "1", descricao: "Livro", total: 1 },
      { codigo: "7", descricao: "Manuscrito", total: 1 },
    ]);
    expect(field(groups, "decada").map((d) => d.descricao)).toEqual(["1990–1999", "1970–1979"]);
  });

  it("narrows the archive search by kind of material and by decade", async () => {
    expect(names(await titles("termo=arquivo&guia=arquivo"))).toHaveLength(2);
    expect(names(await titles("termo=arquivo&guia=arquivo&material=7"))).toEqual(["Correspondência de Érico Veríssimo"]);
    expect(names(await titles("termo=arquivo&guia=arquivo&decada=1990"))).toEqual(["Fotografias de Porto Alegre"]);
  });

  it("applies the options to the facets too", async () => {
    const res = await get(t.app, "/api/consulta/filtros?termo=arquivo&search_tab=arquivo&decada=1970", token);
    const body = (await res.json()) as { filtros: Array<{ tipo: string; codigo: string; total: number }> };
    expect(body.filtros.filter((f) => f.tipo === "Y").map((f) => f.codigo)).toEqual(["1975"]);
  });
});

describe("case-law options", () => {
  it("offers the court and decision fields, empty when the catalogue has no case law", async () => {
    const groups = await options("/api/jurisprudencia-options");
    expect(groups).toEqual([
      { campo: "tribunal", descricao: "Tribunal ou órgão", opcoes: [] },
      { campo: "decisao", descricao: "Tipo de decisão", opcoes: [] },
    ]);
  });
});

describe("authority search", () => {
  beforeAll(async () => {
    const record = (tag: string, heading: string, see: string[]) => ({
      leader: "00000nz  a2200000n  4500",
      fields: [
        { tag, ind1: "1", ind2: " ", subfields: [{ code: "a", value: heading }] },
        ...see.map((s) => ({ tag: `4${tag.slice(1)}`, ind1: "1", ind2: " ", subfields: [{ code: "a", value: s }] })),
      ],
    });
    const add = async (tag: string, heading: string, see: string[]) => {
      const data = mapAuthority(record(tag, heading, see))!;
      const row = await t.db
        .insertInto("autoridade")
        .values({ ...data, chave_origem: `t-${heading}`, marc: "{}" })
        .returning("cod_autoridade")
        .executeTakeFirstOrThrow();
      return row.cod_autoridade;
    };
    const person = await add("100", "Veríssimo, Érico, 1905-1975", ["Verissimo, Erico Lopes"]);
    await add("150", "Música popular brasileira", ["MPB"]);
    await add("150", "Jazz", ["Música afro-americana"]);
    const ids = await t.db.selectFrom("acervo").select("cod_acervo").where("titulo", "like", "Correspond%").execute();
    await t.db.insertInto("acervo_autoridade").values({ cod_acervo: ids[0].cod_acervo, cod_autoridade: person }).execute();
  });

  const find = async (query: string, lang?: string) => {
    const res = await get(t.app, `/api/autoridade?${query}`, token, lang);
    return {
      status: res.status,
      body: (await res.json()) as {
        total: number;
        resultados: Array<{ cabecalho: string; desc_tipo: string; remissiva: string | null; total_acervos: number }>;
        errors?: Record<string, string[]>;
      },
    };
  };

  it("finds headings without accents or case, with type and linked titles", async () => {
    const r = await find("termo=ERICO verissimo");
    expect(r.body.total).toBe(1);
    expect(r.body.resultados[0]).toMatchObject({ cabecalho: "Veríssimo, Érico, 1905-1975", desc_tipo: "Pessoas", remissiva: null, total_acervos: 1 });
  });

  it("finds an authority by a see-from reference and says which one matched", async () => {
    const r = await find("termo=afro");
    expect(r.body.resultados).toEqual([expect.objectContaining({ cabecalho: "Jazz", remissiva: "Música afro-americana", total_acervos: 0 })]);
  });

  it("lists heading matches before see-from matches, and narrows by type", async () => {
    expect((await find("termo=musica")).body.resultados.map((a) => a.cabecalho)).toEqual(["Música popular brasileira", "Jazz"]);
    expect((await find("termo=verissimo&tipo=5")).body.total).toBe(0);
  });

  it("pages the results", async () => {
    const r = await find("termo=musica&qtd=1&pagina=2");
    expect(r.body).toMatchObject({ total: 2, resultados: [expect.objectContaining({ cabecalho: "Jazz" })] });
  });

  it("requires a term, in the lang language", async () => {
    const r = await find("tipo=1", "5");
    expect(r.status).toBe(422);
    expect(r.body.errors?.termo).toEqual(["The above field is required."]);
  });

  it("keeps authorities imported before migration 008 searchable by their see-from references", async () => {
    await t.db
      .insertInto("autoridade")
      .values({ chave_origem: "old", tipo: 6, cabecalho: "São Paulo (SP)", cabecalho_normalizado: "sao paulo sp", ver: '["Sampa"]', marc: "{}" })
      .execute();
    // The migration's backfill is what fills the folded references of older rows.
    await t.db
      .deleteFrom("kysely_migration" as never)
      .where("name" as never, "=", "008-search-tabs" as never)
      .execute();
    await t.db.schema.alterTable("autoridade").dropColumn("remissivas_normalizadas").execute();
    // Migration 073 points professors' suggestions at plano_ensino: its columns go first, and it runs again too.
    await t.db
      .deleteFrom("kysely_migration" as never)
      .where("name" as never, "=", "073-professor-suggestions" as never)
      .execute();
    for (const column of ["justificativa", "exemplares", "tipo_bibliografia", "cod_plano"])
      await t.db.schema.alterTable("sugestao_aquisicao").dropColumn(column).execute();
    for (const table of ["plano_bibliografia", "plano_ensino", "disciplina", "curso", "departamento"]) await t.db.schema.dropTable(table).execute();
    // Migration 072 adds a column to plano_ensino: it runs again on the recreated table.
    await t.db
      .deleteFrom("kysely_migration" as never)
      .where("name" as never, "=", "072-acquisition-statistics" as never)
      .execute();
    for (const column of ["data_aquisicao", "modalidade_aquisicao"]) await t.db.schema.alterTable("exemplar").dropColumn(column).execute();
    await migrateToLatest(t.db);
    expect((await find("termo=sampa")).body.resultados.map((a) => a.cabecalho)).toEqual(["São Paulo (SP)"]);
  });
});

describe("teaching plans", () => {
  const NOW = Date.UTC(2025, 2, 1);
  beforeAll(async () => seedTeachingPlans(t.db, { now: NOW }));

  type Plans = {
    total: number;
    planos: Array<{
      disciplina: { descricao: string };
      ano: number;
      semestre: number;
      basica: Array<{ titulo: string; exemplares: number; disponiveis: number }>;
      complementar: unknown[];
    }>;
    errors?: Record<string, string[]>;
  };
  const plans = async (query: string, lang?: string) => {
    const res = await get(t.app, `/api/plano-ensino/bibliografia?${query}`, token, lang);
    return { status: res.status, body: (await res.json()) as Plans };
  };

  it("offers only the departments, disciplines, libraries, years, semesters and periods that some plan has", async () => {
    const res = await get(t.app, "/api/plano-ensino/disciplinas-bibliotecas", token);
    const body = (await res.json()) as {
      departamentos: Array<{ descricao: string }>;
      disciplinas: Array<{ descricao: string }>;
      bibliotecas: Array<{ descricao: string }>;
      anos: number[];
      semestres: number[];
      periodos: number[];
    };
    // Only the law, music and education disciplines find titles in this small catalogue.
    expect(body.disciplinas.map((d) => d.descricao)).toEqual(["Direito Ambiental", "Direito Constitucional I", "História do Jazz"]);
    expect(body.departamentos.map((d) => d.descricao)).toEqual(["Departamento de Direito", "Departamento de Música"]);
    expect(body.bibliotecas.map((b) => b.descricao)).toEqual(["Biblioteca Central"]);
    expect(body.anos).toEqual([2025, 2024]);
    expect(body.semestres).toEqual([1, 2]);
    expect(body.periodos).toEqual([2, 3, 7]);
  });

  it("needs at least one field, with a translated message", async () => {
    const r = await plans("departamento=&ano=", "5");
    expect(r.status).toBe(422);
    expect(r.body.errors?.departamento).toEqual(["Fill in at least one field."]);
  });

  it("answers the plans of one field with their basic bibliography and availability", async () => {
    const r = await plans("ano=2025");
    expect(r.body.total).toBe(3);
    const jazz = r.body.planos.find((p) => p.disciplina.descricao === "História do Jazz")!;
    expect(jazz).toMatchObject({ ano: 2025, semestre: 1 });
    expect(jazz.basica.map((b) => b.titulo).sort()).toEqual(["Introdução ao jazz", "Jazz: a history"]);
    expect(jazz.basica.find((b) => b.titulo === "Introdução ao jazz")).toMatchObject({ exemplares: 2, disponiveis: 2 });
  });

  it("combines the fields with AND", async () => {
    const opts = (await (await get(t.app, "/api/plano-ensino/disciplinas-bibliotecas", token)).json()) as {
      disciplinas: Array<{ codigo: number; descricao: string }>;
    };
    const law = opts.disciplinas.find((d) => d.descricao === "Direito Constitucional I")!.codigo;
    const r = await plans(`disciplina=${law}&semestre=2`);
    expect(r.body.planos.map((p) => [p.disciplina.descricao, p.ano, p.semestre])).toEqual([["Direito Constitucional I", 2024, 2]]);
    expect(r.body.planos[0].basica.map((b) => b.titulo)).toEqual(["Constituição da República Federativa do Brasil"]);
  });
});
