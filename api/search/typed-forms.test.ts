import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, insertTitles, publicToken } from "../lib/testing.ts";
import { reindexAcervos } from "./index.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  const [porto, gatos, caes] = await insertTitles(t.db, [
    { titulo: "Porto Alegre: uma biografia", autor: "Franco, Sérgio da Costa" },
    { titulo: "Gatos do mundo", autor: "Lima, Teresa" },
    { titulo: "Cães de guarda", autor: "Souza, Marcos" },
    { titulo: "Gatos e cães em casa", autor: "Costa, Pedro" },
  ]);
  // As the importer stores them (api/marc/map.ts): the ISBN-13 of the record's ISBN-10 8525600199.
  await t.db.updateTable("acervo").set({ isbn: "9788525600196" }).where("cod_acervo", "=", porto).execute();
  await reindexAcervos(t.db, [porto, gatos, caes]);
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

  it("does not take ten digits with a wrong check digit for an ISBN", async () => {
    expect(await titles("8525600190")).toEqual([]);
  });
});

describe("boolean words between search words", () => {
  it("leaves AND out, since every word must match already", async () => {
    expect(await titles("gatos AND cães")).toEqual(["Gatos e cães em casa"]);
    expect(await titles("gatos E cães")).toEqual(["Gatos e cães em casa"]);
  });

  it("finds titles with any of the words joined by OR", async () => {
    expect(await titles("gatos OR guarda")).toEqual(["Cães de guarda", "Gatos do mundo", "Gatos e cães em casa"]);
    expect(await titles("gatos OU guarda")).toEqual(["Cães de guarda", "Gatos do mundo", "Gatos e cães em casa"]);
  });

  it("searches a lower-case 'e' as the word it is", async () => {
    expect(await titles("gatos e cães")).toEqual(["Gatos e cães em casa"]);
  });
});
