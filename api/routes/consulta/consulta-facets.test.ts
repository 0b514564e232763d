import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FACET_TOP_N, reindexAcervos } from "../../search/index.ts";
import { createTestApi, get, insertTitles, publicToken } from "../../lib/testing.ts";

// The facet types derived from the catalogue data (ADR 068): R repository, P place, C collection, A author,
// E publisher, S subject. Four "geologia" titles with known values, plus 25 with one author each (top N).
// Values keep MARC's own punctuation ("Atlas :", "[S.l.]", "[s.n.]"), as real records have it.
const link = (u: string, ind2: string) => ({ "856": { ind1: "4", ind2, subfields: [{ u }] } });
const DATA = [
  {
    titulo: "Geologia geral",
    autor: "Silva, Maria",
    secundarios: ["Souza, Ana"],
    assuntos: ["Geologia -- Brasil", "Mineralogia"],
    editora: "Atlas",
    local: "São Paulo, SP",
    serie: "(Coleção Terra ; 3)",
    links: [link("https://www.scielo.br/j/geo", "0")],
  },
  {
    titulo: "Geologia urbana",
    autor: "Souza, Ana",
    assuntos: ["Geologia"],
    editora: "[s.n.]",
    local: "Rio de Janeiro",
    // A table of contents (856 second indicator 2) is a related resource, not an online copy.
    links: [link("https://www.loc.gov/catdir/toc/1.html", "2")],
  },
  { titulo: "Geologia marinha", autor: "Silva, Maria.", assuntos: ["Oceanografia"], editora: "Atlas :", local: "[S.l.]", serie: "Coleção Terra ; 7" },
  {
    titulo: "Geologia de campo",
    autor: "Lima, Teresa",
    assuntos: ["Geologia -- Métodos"],
    editora: "Vozes",
    local: "Petrópolis",
    links: [link("https://hdl.loc.gov/loc.gmd/g1", "0")],
  },
  ...Array.from({ length: 25 }, (_, i) => ({ titulo: `Geologia regional ${i + 1}`, autor: `Autor, Número ${i + 1}` })),
] as Array<{
  titulo: string;
  autor: string;
  secundarios?: string[];
  assuntos?: string[];
  editora?: string;
  local?: string;
  serie?: string;
  links?: ReturnType<typeof link>[];
}>;

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  const ids = await insertTitles(
    t.db,
    DATA.map((d) => ({
      titulo: d.titulo,
      autor: d.autor,
      assuntos: d.assuntos,
      editora: d.editora,
      local_publicacao: d.local,
      marc: { leader: "00000nam a2200000 a 4500", fields: d.links ?? [] },
    })),
  );
  for (const [i, d] of DATA.entries()) {
    await t.db
      .updateTable("acervo")
      .set({ autores_secundarios: JSON.stringify(d.secundarios ?? []), serie: d.serie ?? null })
      .where("cod_acervo", "=", ids[i])
      .execute();
    for (const l of d.links ?? []) await t.db.insertInto("acervo_link").values({ cod_acervo: ids[i], url: l["856"].subfields[0].u }).execute();
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
  return ((await res.json()) as { filtros: Facet[] }).filtros;
};
const value = (list: Facet[], tipo: string, codigo: string) => list.find((f) => f.tipo === tipo && f.codigo === codigo);
const titles = async (qs: string) => {
  const res = await get(t.app, `/api/consulta?qtd=100&${qs}`, token);
  expect(res.status).toBe(200);
  return ((await res.json()) as { resultados: Array<{ titulo: string }> }).resultados.map((r) => r.titulo).sort();
};

describe("derived facets (R, P, C, A, E, S)", () => {
  it("counts authors (main and added entries), subjects (main heading), publishers, places, collections and repositories", async () => {
    const list = await facets("termo=geologia");
    expect(value(list, "A", "silva-maria")).toMatchObject({ descricao: "Silva, Maria", total: 2, totalSemFiltro: 2, selecionado: false });
    expect(value(list, "A", "souza-ana")).toMatchObject({ total: 2 });
    expect(value(list, "S", "geologia")).toMatchObject({ descricao: "Geologia", total: 3 });
    expect(value(list, "E", "atlas")).toMatchObject({ descricao: "Atlas", total: 2 });
    expect(value(list, "P", "sao-paulo")).toMatchObject({ descricao: "São Paulo", total: 1 });
    expect(value(list, "C", "colecao-terra")).toMatchObject({ descricao: "Coleção Terra", total: 2 });
    expect(value(list, "R", "scielo.br")).toMatchObject({ descricao: "SciELO", total: 1 });
    // hdl.loc.gov hosts a copy; the www.loc.gov table of contents does not count.
    expect(value(list, "R", "loc.gov")).toMatchObject({ descricao: "Library of Congress", total: 1 });
    // "s.n." and "S.l." are not values.
    expect(
      list
        .filter((f) => f.tipo === "E")
        .map((f) => f.codigo)
        .sort(),
    ).toEqual(["atlas", "vozes"]);
    expect(
      list
        .filter((f) => f.tipo === "P")
        .map((f) => f.codigo)
        .sort(),
    ).toEqual(["petropolis", "rio-de-janeiro", "sao-paulo"]);
  });

  it("filters with OR within a type and AND across types", async () => {
    expect(await titles("termo=geologia&filtro=A:silva-maria")).toEqual(["Geologia geral", "Geologia marinha"]);
    expect(await titles("termo=geologia&filtro=A:silva-maria&filtro=A:lima-teresa")).toEqual([
      "Geologia de campo",
      "Geologia geral",
      "Geologia marinha",
    ]);
    expect(await titles("termo=geologia&filtro=A:silva-maria&filtro=S:geologia")).toEqual(["Geologia geral"]);
    expect(await titles("termo=geologia&filtro=R:loc.gov&filtro=R:scielo.br&filtro=E:vozes")).toEqual(["Geologia de campo"]);
    expect(await titles("termo=geologia&filtro=C:colecao-terra&filtro=P:sao-paulo")).toEqual(["Geologia geral"]);
  });

  it("gives each value its count with the filters and without its own type's", async () => {
    const list = await facets("termo=geologia&filtro=A:silva-maria");
    expect(value(list, "A", "silva-maria")).toMatchObject({ total: 2, totalSemFiltro: 2, selecionado: true });
    // Ana Souza is an added author of one of Maria Silva's titles: 1 with the filter, 2 without it.
    expect(value(list, "A", "souza-ana")).toMatchObject({ total: 1, totalSemFiltro: 2, selecionado: false });
    // Other types are counted inside the author selection for both numbers.
    expect(value(list, "S", "geologia")).toMatchObject({ total: 1, totalSemFiltro: 1 });
    expect(value(list, "E", "vozes")).toBeUndefined();
  });

  it(`lists the ${FACET_TOP_N} most frequent values of a type, plus the selected ones`, async () => {
    const authors = (await facets("termo=geologia")).filter((f) => f.tipo === "A");
    expect(authors).toHaveLength(FACET_TOP_N);
    expect(authors.slice(0, 2).map((a) => a.total)).toEqual([2, 2]);
    const missing = Array.from({ length: 25 }, (_, i) => `autor-numero-${i + 1}`).find((c) => !authors.some((a) => a.codigo === c))!;
    const selected = (await facets(`termo=geologia&filtro=A:${missing}`)).filter((f) => f.tipo === "A");
    expect(selected).toHaveLength(FACET_TOP_N + 1);
    expect(value(selected, "A", missing)).toMatchObject({ total: 1, totalSemFiltro: 1, selecionado: true });
  });

  it("answers 422 for a malformed value of a derived type", async () => {
    for (const bad of ["A:", "A:-silva", "S:com espaço", "R:a/b", `E:${"x".repeat(61)}`]) {
      const res = await get(t.app, `/api/consulta/filtros?termo=geologia&filtro=${encodeURIComponent(bad)}`, token);
      expect(res.status, bad).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.filtro).toBeDefined();
    }
    const res = await get(t.app, `/api/consulta?termo=geologia&filtro=${encodeURIComponent("Q:x")}`, token);
    expect(res.status).toBe(422);
  });

  it("offers 'no date' after the 30 most recent years", async () => {
    await insertTitles(t.db, [
      ...Array.from({ length: 31 }, (_, i) => ({ titulo: `Sedimentos ${i}`, ano_publicacao: 1990 + i })),
      { titulo: "Sedimentos sem data" },
    ]);
    const years = (await facets("termo=sedimentos")).filter((f) => f.tipo === "Y");
    expect(years).toHaveLength(31);
    expect(years[0].codigo).toBe("2020");
    expect(years.at(-1)).toMatchObject({ codigo: "SD", total: 1 });
    // A year and "no date" together (OR), and a year with another type (AND).
    expect(await titles("termo=sedimentos&filtro=Y:2020&filtro=Y:SD")).toEqual(["Sedimentos 30", "Sedimentos sem data"]);
    expect(await titles("termo=sedimentos&filtro=Y:2020&filtro=Y:1990&filtro=I:eng")).toEqual([]);
  });

  it("keeps the derived values up to date when a title is reindexed", async () => {
    const [id] = await insertTitles(t.db, [{ titulo: "Geologia histórica", autor: "Nova, Autora", editora: "Atlas" }]);
    expect(value(await facets("termo=geologia"), "E", "atlas")?.total).toBe(3);
    await t.db.updateTable("acervo").set({ editora: "Vozes" }).where("cod_acervo", "=", id).execute();
    await reindexAcervos(t.db, [id]);
    const list = await facets("termo=geologia");
    expect(value(list, "E", "atlas")?.total).toBe(2);
    expect(value(list, "E", "vozes")?.total).toBe(2);
  });
});
