import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, insertTitles, publicToken } from "../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  await insertTitles(t.db, [
    { titulo: "Democracia e participação", autor: "Bobbio, Norberto" },
    { titulo: "Teoria da democracia", assuntos: ["Educação -- Brasil"] },
    { titulo: "Poesia reunida", autor: "Bandeira, Manuel" },
    { titulo: "Poemas escolhidos" },
    // Words one edit from "asis" that sort before "assis", each in a title without "machado".
    { titulo: "Memórias póstumas", autor: "Machado de Assis, Joaquim Maria" },
    { titulo: "Atlas da Asia" },
    { titulo: "Asas do desejo" },
    { titulo: "Ais e lamentos" },
    { titulo: "Asil e refúgio" },
  ]);
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

interface Body {
  total: number;
  resultados: Array<{ titulo: string }>;
  sugestoes: Array<{ termo: string; total: number }>;
  errors?: Record<string, string[]>;
}
const search = async (qs: string, lang?: string) => {
  const res = await get(t.app, `/api/consulta?${qs}`, token, lang);
  return { status: res.status, body: (await res.json()) as Body };
};

describe("did you mean", () => {
  it("offers the catalogue's own word for a misspelt one, with its number of titles", async () => {
    const { status, body } = await search("termo=democrasia");
    expect(status).toBe(200);
    expect(body.total).toBe(0);
    expect(body.sugestoes[0]).toEqual({ termo: "democracia", total: 2 });
  });

  it("corrects only the unknown word of several, keeps accents of the catalogue's form, and counts with the same field", async () => {
    expect((await search("termo=teoria+democrasia")).body.sugestoes[0]).toEqual({ termo: "teoria democracia", total: 1 });
    expect((await search("termo=educasao")).body.sugestoes[0]).toEqual({ termo: "educação", total: 1 });
    // As an author the misspelt word finds nothing either way: no suggestion that finds nothing.
    expect((await search("termo=democrasia&tipo=autor")).body.sugestoes).toEqual([]);
  });

  it("corrects every misspelt word of several together, with the correction the catalogue holds in one title", async () => {
    expect((await search("termo=machdo+de+asis")).body.sugestoes[0]).toEqual({ termo: "machado de assis", total: 1 });
  });

  it("keeps the operators typed between the words as they are, correcting only the words", async () => {
    expect((await search(`termo=${encodeURIComponent("democrasia NOT bobio")}`)).body.sugestoes[0]).toEqual({
      termo: "democracia NOT bobbio",
      total: 1,
    });
    expect((await search(`termo=${encodeURIComponent("poesya OR poemaz")}`)).body.sugestoes[0]).toEqual({ termo: "poesia OR poemas", total: 2 });
  });

  it("says nothing when the search finds enough titles or its words are all known", async () => {
    expect((await search("termo=democracia")).body.sugestoes).toEqual([]);
    expect((await search("termo=poesia")).body.sugestoes).toEqual([]);
    expect((await search("termo=xyzzyq")).body.sugestoes).toEqual([]);
  });
});

describe("contains-any (spec §5, §9)", () => {
  it("finds titles with any of the words, case-insensitive", async () => {
    const { body } = await search("termo=POESIA+democracia&modo=qualquer");
    expect(body.total).toBe(3);
    expect((await search("termo=poesia+democracia")).body.total).toBe(0);
  });

  it("leaves out words shorter than three letters, and refuses a term with none in the request's language", async () => {
    expect((await search("termo=poesia+da&modo=qualquer")).body.total).toBe(1);
    const short = await search("termo=da+e&modo=qualquer", "3");
    expect(short.status).toBe(422);
    expect(short.body.errors?.termo).toEqual(["Escriba al menos 3 caracteres."]);
  });
});
