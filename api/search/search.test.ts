import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialectOf } from "../db/index.ts";
import { createTestApi, get, insertTitles, publicToken } from "../lib/testing.ts";
import { clearSearchCache, fts5Query, searchAcervos } from "./index.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
let ids: number[];

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  ids = await insertTitles(t.db, [
    { titulo: "Introdução à programação", autor: "Souza, Marcos", assuntos: ["Computação"], ano_publicacao: 2010, copies: 2 },
    { titulo: "Manual de bibliotecas escolares", autor: "Lima, Teresa", assuntos: ["Biblioteconomia"], ano_publicacao: 2015, copies: 1 },
    { titulo: "A história dos livros", autor: "Pereira, João", assuntos: ["Livro -- História"], ano_publicacao: 1999 },
    { titulo: "Poesia reunida", autor: "Bandeira, Manuel", assuntos: ["Poesia brasileira"], ano_publicacao: 1970 },
    { titulo: "Cálculo diferencial", autor: "Livro, Ana", assuntos: ["Matemática"], ano_publicacao: 2020 },
    { titulo: "Guia de estudos", subtitulo: "como ler um livro", autor: "Costa, Pedro", ano_publicacao: 2005 },
    { titulo: "Libraries and information", autor: "Smith, John", idioma: "eng", assuntos: ["Libraries"], ano_publicacao: 2001 },
  ]);
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

const search = async (qs: string, lang?: string) => {
  const res = await get(t.app, `/api/consulta?${qs}`, token, lang);
  return { status: res.status, body: await res.json() };
};
const titles = (body: { resultados: Array<{ titulo: string }> }) => body.resultados.map((r) => r.titulo);

describe("GET /api/consulta", () => {
  it("finds an accented title from a query typed without accents", async () => {
    const { status, body } = await search("termo=introducao+programacao");
    expect(status).toBe(200);
    expect(titles(body)).toEqual(["Introdução à programação"]);
    expect(body.total).toBe(1);
    expect(body.totalLimitado).toBe(false);
  });

  it("is case-insensitive", async () => {
    expect(titles((await search("termo=POESIA")).body)).toEqual(["Poesia reunida"]);
  });

  it("matches singular and plural Portuguese forms through stemming", async () => {
    const plural = titles((await search("termo=biblioteca")).body);
    expect(plural).toContain("Manual de bibliotecas escolares");
    const singular = titles((await search("termo=historias")).body);
    expect(singular).toContain("A história dos livros");
  });

  it("ranks a title match above author and subject matches", async () => {
    const { body } = await search("termo=livro");
    expect(body.total).toBe(3);
    // Both title matches ("livros" in a title, "livro" in a subtitle) come before the author match.
    expect(titles(body).slice(0, 2).sort()).toEqual(["A história dos livros", "Guia de estudos"]);
    expect(titles(body)[2]).toBe("Cálculo diferencial");
  });

  it("requires every word (AND across terms)", async () => {
    expect(titles((await search("termo=historia+poesia")).body)).toEqual([]);
    expect(titles((await search("termo=historia+livros")).body)).toEqual(["A história dos livros"]);
  });

  it("matches the last word as a prefix while typing", async () => {
    expect(titles((await search("termo=poes")).body)).toEqual(["Poesia reunida"]);
  });

  it("restricts to one field with tipo", async () => {
    expect(titles((await search("termo=livro&tipo=autor")).body)).toEqual(["Cálculo diferencial"]);
    expect(titles((await search("termo=livro&tipo=titulo")).body).sort()).toEqual(["A história dos livros", "Guia de estudos"]);
    expect(titles((await search("termo=matematica&tipo=assunto")).body)).toEqual(["Cálculo diferencial"]);
  });

  it("sorts by year (descending) and by title", async () => {
    expect(titles((await search("termo=livro&ordenacao=Y")).body)).toEqual(["Cálculo diferencial", "Guia de estudos", "A história dos livros"]);
    expect(titles((await search("termo=livro&ordenacao=T")).body)).toEqual(["A história dos livros", "Cálculo diferencial", "Guia de estudos"]);
  });

  it("pages results and keeps the total", async () => {
    const p2 = (await search("termo=livro&ordenacao=T&qtd=2&pagina=2")).body;
    expect(p2.total).toBe(3);
    expect(titles(p2)).toEqual(["Guia de estudos"]);
    const beyond = (await search("termo=livro&qtd=2&pagina=9")).body;
    expect(beyond.total).toBe(3);
    expect(beyond.resultados).toEqual([]);
  });

  it("counts copies and available copies per title", async () => {
    const hit = (await search("termo=programacao")).body.resultados[0];
    expect(hit).toMatchObject({ cod_acervo: ids[0], exemplares: 2, disponiveis: 2, desc_tipo_obra: "Livro" });
  });

  it("stems English records with the English stemmer", async () => {
    expect(titles((await search("termo=library")).body)).toEqual(["Libraries and information"]);
  });

  it("answers 422 with errors.termo for an empty or too short term, in the lang language", async () => {
    const empty = await search("termo=");
    expect(empty.status).toBe(422);
    expect(empty.body.errors.termo).toEqual(["O campo acima é obrigatório."]);
    const short = await search("termo=a", "5");
    expect(short.status).toBe(422);
    expect(short.body.errors.termo[0]).toMatch(/at least 2/);
  });

  it("answers 422 for an unknown sort order", async () => {
    expect((await search("termo=livro&ordenacao=Z")).status).toBe(422);
  });

  it("treats FTS syntax in the query as plain words", async () => {
    const { status } = await search(`termo=${encodeURIComponent('livro" OR NEAR(x')}`);
    expect(status).toBe(200);
  });

  it("reflects re-indexed changes", async () => {
    await t.db.updateTable("acervo").set({ titulo: "Poemas escolhidos" }).where("cod_acervo", "=", ids[3]).execute();
    const { reindexAcervos } = await import("./index.ts");
    await reindexAcervos(t.db, [ids[3]]);
    expect(titles((await search("termo=poemas")).body)).toEqual(["Poemas escolhidos"]);
    await reindexAcervos(t.db);
    expect(titles((await search("termo=poemas")).body)).toEqual(["Poemas escolhidos"]);
  });

  it("lists the sort options in the request language", async () => {
    const res = await get(t.app, "/api/consulta/ordenacao", token, "5");
    expect(await res.json()).toEqual([
      { codigo: "C", descricao: "Relevance" },
      { codigo: "T", descricao: "Title" },
      { codigo: "A", descricao: "Author" },
      { codigo: "Y", descricao: "Publication year" },
      { codigo: "O", descricao: "Oldest first" },
      { codigo: "E", descricao: "Date added" },
      { codigo: "N", descricao: "Call number" },
    ]);
  });
});

describe("fts5Query", () => {
  it("builds OR groups of each word and its stems, ANDed, with a prefix on the last word", () => {
    const q = fts5Query(["livros", "história"], "titulo");
    expect(q).toContain('titulo : ("livros" OR "livr"');
    expect(q).toContain(' AND titulo : ("historia"');
    expect(q).toMatch(/"historia"\*\)$/);
  });
});

describe("the database sessions", () => {
  it("run without PostgreSQL's JIT compilation, which costs more than a search's statements (ADR 105)", async () => {
    if (dialectOf(t.db) !== "postgres") return;
    const { rows } = await sql<{ jit: string }>`SHOW jit`.execute(t.db);
    expect(rows[0].jit).toBe("off");
  });

  it("read a search's text matches on PostgreSQL through busca_texto_ids and busca_texto_titulo, whose own statements keep sequential scans off (ADRs 278, 281)", async () => {
    if (dialectOf(t.db) !== "postgres") return;
    const { rows } = await sql<{ name: string; cfg: string[] }>`
      SELECT proname AS name, proconfig AS cfg FROM pg_proc WHERE proname IN ('busca_texto_ids', 'busca_texto_titulo') ORDER BY proname`.execute(
      t.db,
    );
    expect(rows).toEqual([
      { name: "busca_texto_ids", cfg: ["enable_seqscan=off"] },
      { name: "busca_texto_titulo", cfg: ["enable_seqscan=off"] },
    ]);
    const find = (ordenacao: "C" | "T") => {
      clearSearchCache(t.db);
      return searchAcervos(t.db, { termos: [{ termo: "livro", tipo: "livre" }], pagina: 1, qtd: 20, ordenacao, lingua: "pt" });
    };
    // Relevance finds its title tier in the same pass (busca_texto_titulo); the title order needs no tier.
    for (const [fn, args, order] of [
      ["busca_texto_ids", "tsquery", "T"],
      ["busca_texto_titulo", "tsquery, tsquery", "C"],
    ] as const) {
      const before = await find(order);
      expect(before.total).toBe(3);
      // Without the function the search cannot run: it reads its matches through it, not through its own `@@`.
      await sql.raw(`ALTER FUNCTION ${fn}(${args}) RENAME TO ${fn}_fora`).execute(t.db);
      try {
        await expect(find(order)).rejects.toThrow(new RegExp(fn));
      } finally {
        await sql.raw(`ALTER FUNCTION ${fn}_fora(${args}) RENAME TO ${fn}`).execute(t.db);
      }
      expect(await find(order)).toEqual(before);
    }
  });
});
