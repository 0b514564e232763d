import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reindexAcervos } from "../../search/index.ts";
import { createTestApi, get, insertTitles, publicToken } from "../../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;

// Eight "ecologia" titles with known facet values, plus one title that does not match the term.
// type: 1 Livro, 2 Periódico · year · language · class · library of the copy · cover/online/accessible
const DATA = [
  { titulo: "Ecologia geral", tipo: 1, ano: 2020, idioma: "por", classe: "577 E19", bib: 1, capa: true },
  { titulo: "Ecologia de campo", tipo: 1, ano: 2020, idioma: "eng", classe: "577 C1", bib: 2 },
  { titulo: "Ecologia urbana", tipo: 2, ano: 2019, idioma: "por", classe: "307 U7", bib: 1, online: true },
  { titulo: "Ecologia marinha", tipo: 2, ano: null, idioma: "spa", classe: "577 M3", bib: 3, acessivel: true },
  { titulo: "Ecologia e sociedade", tipo: 1, ano: 2018, idioma: "por", classe: "304 S6", bib: 2 },
  { titulo: "Ecologia das plantas", tipo: 1, ano: 2020, idioma: "por", classe: "581 P7", bib: 3, online: true },
  {
    titulo: "Legislação ambiental e ecologia",
    tipo: 1,
    ano: 2021,
    idioma: "por",
    classe: "344 L5",
    bib: 1,
    assuntos: ["Meio ambiente -- Legislação"],
  },
  { titulo: "Arquivo pessoal de ecologia", tipo: 1, ano: null, idioma: "por", classe: null, bib: 1, leader: "00000npc a2200000 a 4500" },
  { titulo: "Poesia reunida", tipo: 1, ano: 2020, idioma: "por", classe: "869 P1", bib: 1 },
];

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  await t.db.insertInto("tipo_obra").values({ cod_tipo_obra: 2, descricao: "Periódico" }).execute();
  const ids = await insertTitles(
    t.db,
    DATA.map((d) => ({
      titulo: d.titulo,
      idioma: d.idioma,
      ano_publicacao: d.ano ?? undefined,
      assuntos: d.assuntos,
      marc: { leader: d.leader ?? "00000nam a2200000 a 4500", fields: [] },
    })),
  );
  for (const [i, d] of DATA.entries()) {
    await t.db
      .updateTable("acervo")
      .set({
        cod_tipo_obra: d.tipo,
        classificacao: d.classe,
        link_capa: d.capa ? "https://covers.example.org/1.jpg" : null,
        acesso_remoto: d.online ? "cr" : null,
        possui_acessibilidade: d.acessivel ? "S" : "N",
      })
      .where("cod_acervo", "=", ids[i])
      .execute();
    await t.db
      .insertInto("exemplar")
      .values({ cod_acervo: ids[i], cod_biblioteca: d.bib, codigo_barras: `F${ids[i]}` })
      .execute();
  }
  await reindexAcervos(t.db, ids);
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

interface Facet {
  tipo: string;
  codigo: string;
  descricao: string;
  total: number;
  totalSemFiltro: number;
  selecionado: boolean;
}
const facets = async (qs: string) => {
  const res = await get(t.app, `/api/consulta/filtros?${qs}`, token);
  expect(res.status).toBe(200);
  return (await res.json()) as { totalLimitado: boolean; filtros: Facet[] };
};
const value = (body: { filtros: Facet[] }, tipo: string, codigo: string) => body.filtros.find((f) => f.tipo === tipo && f.codigo === codigo);
const search = async (qs: string) => {
  const res = await get(t.app, `/api/consulta?${qs}`, token);
  return {
    status: res.status,
    body: (await res.json()) as { total: number; resultados: Array<{ titulo: string }>; errors?: Record<string, string[]> },
  };
};
const titles = (b: { resultados: Array<{ titulo: string }> }) => b.resultados.map((r) => r.titulo).sort();

describe("GET /api/consulta with filters", () => {
  it("combines values of one type with OR", async () => {
    const { body } = await search("termo=ecologia&filtro=I:eng&filtro=I:spa");
    expect(titles(body)).toEqual(["Ecologia de campo", "Ecologia marinha"]);
  });

  it("combines different types with AND", async () => {
    const { body } = await search("termo=ecologia&filtro=T:1&filtro=Y:2020");
    expect(titles(body)).toEqual(["Ecologia das plantas", "Ecologia de campo", "Ecologia geral"]);
    const narrower = await search("termo=ecologia&filtro=T:1&filtro=Y:2020&filtro=I:por");
    expect(titles(narrower.body)).toEqual(["Ecologia das plantas", "Ecologia geral"]);
  });

  it("filters titles without a year with Y:SD", async () => {
    const { body } = await search("termo=ecologia&filtro=Y:SD");
    expect(titles(body)).toEqual(["Arquivo pessoal de ecologia", "Ecologia marinha"]);
  });

  it("filters by cover, online access or accessibility (X), OR within the type", async () => {
    expect(titles((await search("termo=ecologia&filtro=X:C")).body)).toEqual(["Ecologia geral"]);
    expect(titles((await search("termo=ecologia&filtro=X:O&filtro=X:A")).body)).toEqual([
      "Ecologia das plantas",
      "Ecologia marinha",
      "Ecologia urbana",
    ]);
  });

  it("filters by the library holding a copy (B) and by class (K)", async () => {
    expect(titles((await search("termo=ecologia&filtro=B:3")).body)).toEqual(["Ecologia das plantas", "Ecologia marinha"]);
    expect(titles((await search("termo=ecologia&filtro=K:3")).body)).toEqual([
      "Ecologia e sociedade",
      "Ecologia urbana",
      "Legislação ambiental e ecologia",
    ]);
  });

  it("refuses a malformed filter with 422 on the filtro field", async () => {
    const r = await search("termo=ecologia&filtro=Q:1");
    expect(r.status).toBe(422);
    expect(r.body.errors?.filtro).toHaveLength(1);
    expect((await search("termo=ecologia&filtro=Y:2020;drop")).status).toBe(422);
  });
});

describe("GET /api/consulta/filtros", () => {
  it("counts each value over the hit set without any filter selected", async () => {
    const body = await facets("termo=ecologia");
    expect(body.totalLimitado).toBe(false);
    expect(value(body, "T", "1")).toMatchObject({ descricao: "Livro", total: 6, totalSemFiltro: 6, selecionado: false });
    expect(value(body, "T", "2")).toMatchObject({ descricao: "Periódico", total: 2, totalSemFiltro: 2 });
    expect(value(body, "I", "por")).toMatchObject({ descricao: "Português", total: 6 });
    expect(value(body, "B", "1")).toMatchObject({ descricao: "Biblioteca Central", total: 4 });
    expect(value(body, "X", "O")).toMatchObject({ total: 2 });
    expect(value(body, "K", "5")).toMatchObject({ total: 4, descricao: "500 – Ciências naturais e matemática" });
  });

  it("lists years most recent first, with 'no date' last", async () => {
    const years = (await facets("termo=ecologia")).filtros.filter((f) => f.tipo === "Y");
    expect(years.map((y) => y.codigo)).toEqual(["2021", "2020", "2019", "2018", "SD"]);
    expect(years.at(-1)).toMatchObject({ descricao: "Sem data", total: 2 });
  });

  it("gives every value its count with the filters and without its own type's filter", async () => {
    const body = await facets("termo=ecologia&filtro=T:2");
    // Type T is selected: its values keep the counts of the other types' selection (none) as totalSemFiltro.
    expect(value(body, "T", "1")).toMatchObject({ total: 0, totalSemFiltro: 6, selecionado: false });
    expect(value(body, "T", "2")).toMatchObject({ total: 2, totalSemFiltro: 2, selecionado: true });
    // Other types are counted inside the T:2 selection for both numbers.
    expect(value(body, "I", "spa")).toMatchObject({ total: 1, totalSemFiltro: 1 });
    expect(value(body, "I", "eng")).toBeUndefined();
  });

  it("applies the other types' selection (AND) to the counts of a type with its own selection", async () => {
    const body = await facets("termo=ecologia&filtro=Y:2020&filtro=I:por");
    // Years counted among Portuguese titles; the selected 2020 also counts titles of every year.
    expect(value(body, "Y", "2020")).toMatchObject({ total: 2, totalSemFiltro: 2, selecionado: true });
    expect(value(body, "Y", "2019")).toMatchObject({ total: 0, totalSemFiltro: 1 });
    // Languages counted among 2020 titles: eng is 1 without the language filter, 0 with it.
    expect(value(body, "I", "eng")).toMatchObject({ total: 0, totalSemFiltro: 1 });
    expect(value(body, "I", "por")).toMatchObject({ total: 2, totalSemFiltro: 2, selecionado: true });
  });

  it("answers in the lang language", async () => {
    const res = await get(t.app, "/api/consulta/filtros?termo=ecologia", token, "5");
    const body = (await res.json()) as { filtros: Facet[] };
    expect(value(body, "Y", "SD")?.descricao).toBe("No date");
    expect(value(body, "I", "por")?.descricao).toBe("Portuguese");
  });

  it("adds the campus and area filters on the new acquisitions tab only", async () => {
    const general = await facets("termo=ecologia");
    expect(general.filtros.some((f) => f.tipo === "NA_C")).toBe(false);
    const recent = await facets("termo=ecologia&search_tab=aquisicoes");
    expect(value(recent, "NA_C", "1")).toMatchObject({ descricao: "Campus Central", total: 6 });
    expect(value(recent, "NA_C", "2")).toMatchObject({ descricao: "Campus Norte", total: 2 });
  });

  it("requires a term", async () => {
    const res = await get(t.app, "/api/consulta/filtros?search_tab=geral", token);
    expect(res.status).toBe(422);
  });
});

describe("search tabs with MARC rules", () => {
  it("the archive tab keeps mixed materials (leader/06 p)", async () => {
    expect(titles((await search("termo=ecologia&guia=arquivo")).body)).toEqual(["Arquivo pessoal de ecologia"]);
  });

  it("the normative acts tab keeps titles with a legislation subject subdivision", async () => {
    expect(titles((await search("termo=ecologia&guia=atos")).body)).toEqual(["Legislação ambiental e ecologia"]);
  });

  it("the e-books tab keeps online titles", async () => {
    expect(titles((await search("termo=ecologia&guia=ebooks")).body)).toEqual(["Ecologia das plantas", "Ecologia urbana"]);
  });
});

describe("advanced search", () => {
  it("combines several fields with AND", async () => {
    expect(titles((await search("titulo=ecologia&assunto=legislacao")).body)).toEqual(["Legislação ambiental e ecologia"]);
    expect(titles((await search("titulo=poesia&assunto=legislacao")).body)).toEqual([]);
  });

  it("needs at least one field", async () => {
    const r = await search("guia=avancada");
    expect(r.status).toBe(422);
    expect(r.body.errors?.termo).toBeDefined();
  });
});
