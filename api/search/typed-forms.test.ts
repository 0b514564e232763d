import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, insertTitles, publicToken } from "../lib/testing.ts";
import { reindexAcervos } from "./index.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  const [porto, gatos, caes, , memorias, xis, revista, revistaX, estrela, brasil, sertoes] = await insertTitles(t.db, [
    { titulo: "Porto Alegre: uma biografia", autor: "Franco, Sérgio da Costa" },
    { titulo: "Gatos do mundo", autor: "Lima, Teresa" },
    { titulo: "Cães de guarda", autor: "Souza, Marcos" },
    { titulo: "Gatos e cães em casa", autor: "Costa, Pedro" },
    { titulo: "Memórias póstumas de Brás Cubas", autor: "Assis, Machado de" },
    { titulo: "Um livro com X no ISBN" },
    { titulo: "Revista de audiologia" },
    { titulo: "Revista com X no ISSN" },
    { titulo: "A estrela da manhã", autor: "Bandeira, Manuel" },
    { titulo: "Brasil em números" },
    { titulo: "Os sertões", autor: "Cunha, Euclides da" },
  ]);
  // As the importer stores them (api/marc/map.ts): the ISBN-13 of the record's ISBN-10 8525600199.
  await t.db.updateTable("acervo").set({ isbn: "9788525600196" }).where("cod_acervo", "=", porto).execute();
  // As older imports, other systems or a cataloguer wrote them: an ISBN-10 with hyphens, one ending in X, two
  // ISSNs with and without the hyphen.
  await t.db.updateTable("acervo").set({ isbn: "85-359-0277-5" }).where("cod_acervo", "=", memorias).execute();
  await t.db.updateTable("acervo").set({ isbn: "080442957x (broch.)" }).where("cod_acervo", "=", xis).execute();
  await t.db.updateTable("acervo").set({ issn: "03785955" }).where("cod_acervo", "=", revista).execute();
  await t.db.updateTable("acervo").set({ issn: "2434-561X" }).where("cod_acervo", "=", revistaX).execute();
  // Titles filed without their initial article (245 second indicator; migration 086).
  await t.db.updateTable("acervo").set({ titulo_caracteres_ignorados: 2 }).where("cod_acervo", "=", estrela).execute();
  await t.db.updateTable("acervo").set({ titulo_caracteres_ignorados: 3 }).where("cod_acervo", "=", sertoes).execute();
  await reindexAcervos(t.db, [porto, gatos, caes, memorias, xis, revista, revistaX, estrela, brasil, sertoes]);
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

const titles = async (termo: string) => {
  const res = await get(t.app, `/api/consulta?termo=${encodeURIComponent(termo)}`, token);
  expect(res.status).toBe(200);
  return ((await res.json()) as { resultados: Array<{ titulo: string }> }).resultados.map((r) => r.titulo).sort();
};

describe("ISBNs as patrons type them", () => {
  it.each([
    ["the ISBN-13 without hyphens", "9788525600196"],
    ["the ISBN-13 with hyphens", "978-85-256-0019-6"],
    ["the record's own ISBN-10", "8525600199"],
    ["the ISBN-10 with hyphens", "85-256-0019-9"],
    ["the ISBN-10 with spaces", "85 256 0019 9"],
  ])("finds the title by %s", async (_, isbn) => {
    expect(await titles(isbn)).toEqual(["Porto Alegre: uma biografia"]);
  });

  it.each([
    ["its ISBN-13", "9788535902778"],
    ["its ISBN-13 with hyphens", "978-85-359-0277-8"],
    ["its ISBN-10 without hyphens", "8535902775"],
    ["its ISBN-10 with spaces", "85 359 0277 5"],
  ])("finds a title whose record holds a hyphenated ISBN-10 by %s", async (_, isbn) => {
    expect(await titles(isbn)).toEqual(["Memórias póstumas de Brás Cubas"]);
  });

  it.each([["080442957X"], ["080442957x"], ["0-8044-2957-X"], ["9780804429573"]])("finds an ISBN-10 ending in X typed as %s", async (isbn) => {
    expect(await titles(isbn)).toEqual(["Um livro com X no ISBN"]);
  });

  it("does not take ten digits with a wrong check digit for an ISBN", async () => {
    expect(await titles("8525600190")).toEqual([]);
  });
});

describe("ISSNs as patrons type them", () => {
  it.each([["0378-5955"], ["03785955"], ["0378 5955"]])("finds a title stored without the hyphen by %s", async (issn) => {
    expect(await titles(issn)).toEqual(["Revista de audiologia"]);
  });

  it.each([["2434-561X"], ["2434561x"], ["2434 561X"]])("finds a title stored with the hyphen and an X by %s", async (issn) => {
    expect(await titles(issn)).toEqual(["Revista com X no ISSN"]);
  });
});

describe("sorted by title (A–Z)", () => {
  it("files titles without their initial article", async () => {
    const res = await get(t.app, `/api/consulta?termo=${encodeURIComponent("estrela OR brasil OR sertões")}&ordenacao=T`, token);
    const found = ((await res.json()) as { resultados: Array<{ titulo: string }> }).resultados.map((r) => r.titulo);
    expect(found).toEqual(["Brasil em números", "A estrela da manhã", "Os sertões"]);
  });
});

describe("boolean words between search words", () => {
  it("leaves AND out, since every word must match already", async () => {
    expect(await titles("gatos AND cães")).toEqual(["Gatos e cães em casa"]);
    expect(await titles("gatos E cães")).toEqual(["Gatos e cães em casa"]);
  });

  it.each([["gatos NOT cães"], ["gatos NÃO cães"], ["gatos NO cães"], ["gatos AND NOT cães"], ["gatos E NÃO cães"]])(
    "leaves out the titles with the word after NOT, NÃO or NO (%s)",
    async (termo) => {
      expect(await titles(termo)).toEqual(["Gatos do mundo"]);
    },
  );

  it("leaves out a word after NOT wherever it is, not only in the title", async () => {
    // "Gatos e cães em casa" is by Costa, Pedro.
    expect(await titles("gatos NOT costa")).toEqual(["Gatos do mundo"]);
  });

  it("reads OR as between alternatives, each with all its words (AND before OR)", async () => {
    expect(await titles("cães guarda OR mundo")).toEqual(["Cães de guarda", "Gatos do mundo"]);
    expect(await titles("gatos casa OR guarda NOT gatos")).toEqual(["Cães de guarda", "Gatos e cães em casa"]);
  });

  it("searches a lower-case 'not' or 'or' and an operator word at the start or the end as words", async () => {
    expect(await titles("gatos not cães")).toEqual([]);
    expect(await titles("gatos or guarda")).toEqual([]);
    expect(await titles("NOT gatos")).toEqual([]);
  });

  it("counts the facets of an operator search over the same titles it lists", async () => {
    for (const termo of ["gatos NOT cães", "cães guarda OR mundo", "gatos OR guarda NOT casa"]) {
      const listed = await titles(termo);
      const res = await get(t.app, `/api/consulta/filtros?termo=${encodeURIComponent(termo)}`, token);
      const filtros = ((await res.json()) as { filtros: Array<{ tipo: string; total: number }> }).filtros;
      const byType = filtros.filter((f) => f.tipo === "T").reduce((n, f) => n + f.total, 0);
      expect(byType, termo).toBe(listed.length);
    }
  });

  it("finds titles with any of the words joined by OR", async () => {
    expect(await titles("gatos OR guarda")).toEqual(["Cães de guarda", "Gatos do mundo", "Gatos e cães em casa"]);
    expect(await titles("gatos OU guarda")).toEqual(["Cães de guarda", "Gatos do mundo", "Gatos e cães em casa"]);
  });

  it("searches a lower-case 'e' as the word it is", async () => {
    expect(await titles("gatos e cães")).toEqual(["Gatos e cães em casa"]);
  });
});
