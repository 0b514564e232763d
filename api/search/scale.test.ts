import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, publicToken } from "../lib/testing.ts";
import path from "node:path";
import Database from "better-sqlite3";
import { dialectOf, openDatabase } from "../db/index.ts";
import {
  clearSearchCache,
  facetColumns,
  facetColumnsSettings,
  fold,
  fts5Query,
  reindexAcervos,
  searchLimits,
  searchStats,
  tsQuery,
} from "./index.ts";

/**
 * Issue 7: a catalogue larger than every size threshold of the search, searched for its broadest word. Each
 * search runs twice: with the default thresholds (every match sorted and counted directly) and with tiny ones
 * (index walks and a sampled facet count), and both must give the same exact answers.
 */
const BROAD = 8_000;
const WORDS = ["jazz", "guerra", "arte", "brasil", "mar", "cidade", "teatro", "musica", "poesia", "direito"];
const LANGS = ["por", "eng", "spa"];

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
/** Every "historia" title as written: title, year, language, in insertion order. */
const all: Array<{ titulo: string; ano: number | null; idioma: string; assunto?: string }> = [];
/** Titles that match "historia" by their subject only: the last relevance tier. */
const SUBJECT_ONLY = 30;
const defaults = { ...searchLimits };

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  // One word title that matches through its stem only ("Histórias"), early: only the exact-title rule puts
  // "Historia" before it.
  all.push({ titulo: "Histórias", ano: 1980, idioma: "por" });
  for (let i = 0; i < BROAD; i++) {
    // 2 to 5 words, "historia" among them; years 1950-2024, one title of 2031 in the middle.
    const n = 1 + (i % 4);
    const words = Array.from({ length: n }, (_, j) => WORDS[(i * 7 + j * 3) % WORDS.length]);
    words.splice(i % (n + 1), 0, i % 2 ? "história" : "historia");
    all.push({ titulo: words.join(" ") + ` ${i}`, ano: i === 4_321 ? 2031 : i % 97 === 0 ? null : 1950 + ((i * 13) % 75), idioma: LANGS[i % 3] });
  }
  all.push({ titulo: "Historia", ano: 1990, idioma: "por" });
  for (let i = 0; i < SUBJECT_ONLY; i++) all.push({ titulo: `Mar aberto ${i}`, ano: 1960, idioma: "spa", assunto: "Historia do mar" });
  const other = [{ titulo: "Poesia reunida", ano: 2000, idioma: "por" }];
  const ids: number[] = [];
  const rows = [...all, ...other];
  for (let i = 0; i < rows.length; i += 500) {
    const got = await t.db
      .insertInto("acervo")
      .values(
        rows.slice(i, i + 500).map((r, j) => ({
          cod_empresa: 1,
          chave_origem: `scale-${i + j}`,
          cod_tipo_obra: 1,
          titulo: r.titulo,
          idioma: r.idioma,
          ano_publicacao: r.ano,
          assuntos: JSON.stringify("assunto" in r && r.assunto ? [r.assunto] : []),
          marc: JSON.stringify({ leader: "00000nam a2200000 a 4500", fields: [] }),
        })),
      )
      .returning("cod_acervo")
      .execute();
    ids.push(...got.map((g) => g.cod_acervo));
  }
  await reindexAcervos(t.db, ids);
  token = await publicToken(t.app);
}, 120_000);
afterAll(async () => t.cleanup());
afterEach(() => Object.assign(searchLimits, defaults));

// Tiny thresholds also walk every title tier from its best level (ADR 259), where the defaults group small ones in full.
const tiny = () => Object.assign(searchLimits, { directMax: 50, facetExactMax: 500, facetSample: 2_000, walkMin: 0 });
/** Tiny thresholds, and neither probes of the text index nor a filter driving the search: match sets only. */
const sets = () => Object.assign(searchLimits, { directMax: 50, probeMax: 0, driveMax: 0 });

interface Page {
  total: number;
  totalLimitado: boolean;
  resultados: Array<{ titulo: string; ano_publicacao: number | null; idioma: string }>;
}
const search = async (qs: string) => {
  const res = await get(t.app, `/api/consulta?${qs}`, token);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
};
/**
 * The same search with the default thresholds (sorted directly, a small filter driving), with tiny ones (walks
 * probing the text index) and with tiny ones without probes or driving filters (walks over match sets);
 * asserts all three agree and returns the answer.
 */
const both = async (qs: string) => {
  const direct = await search(qs);
  tiny();
  const walked = await search(qs);
  Object.assign(searchLimits, defaults);
  sets();
  const matched = await search(qs);
  Object.assign(searchLimits, defaults);
  expect(walked).toEqual(direct);
  expect(matched).toEqual(direct);
  return direct;
};
const titles = (p: Page) => p.resultados.map((r) => r.titulo);

describe("search over a catalogue larger than every threshold", () => {
  it("counts every match exactly, the same as a plain count of the text index", async () => {
    const page = await both("termo=historia");
    const { rows } =
      dialectOf(t.db) === "postgres"
        ? await sql<{
            n: number;
          }>`SELECT count(*) AS n FROM acervo_busca WHERE documento @@ to_tsquery('simple', ${tsQuery(["historia"], "livre")})`.execute(t.db)
        : await sql<{ n: number }>`SELECT count(*) AS n FROM acervo_busca WHERE acervo_busca MATCH ${fts5Query(["historia"], "livre")}`.execute(t.db);
    expect(page.total).toBe(all.length);
    expect(page.total).toBe(Number(rows[0].n));
    expect(page.totalLimitado).toBe(false);
  });

  it("puts the exact title first, though it was inserted last, then the shortest titles with the word as typed", async () => {
    const page = await both("termo=historia");
    expect(titles(page)[0]).toBe("Historia");
    // "Histórias" matches by its stem only: after every title with the word as typed (ADR 250).
    expect(titles(page)).not.toContain("Histórias");
    const words = page.resultados.slice(1).map((r) => r.titulo.split(" ").length);
    expect(words).toEqual([...words].sort((a, b) => a - b));
    expect(Math.max(...words)).toBe(3);
  });

  it("ranks the titles that match by their subject only after every title match, on the pages that cross the tiers", async () => {
    const inTitle = all.length - SUBJECT_ONLY;
    const crossing = await both(`termo=historia&pagina=${Math.floor(inTitle / 20) + 1}`);
    const lastOfTitles = inTitle % 20;
    expect(crossing.resultados.slice(0, lastOfTitles).every((r) => !r.titulo.startsWith("Mar aberto"))).toBe(true);
    expect(crossing.resultados.slice(lastOfTitles).map((r) => r.titulo)).toEqual(
      Array.from({ length: 20 - lastOfTitles }, (_, i) => `Mar aberto ${i}`),
    );
    const last = await both(`termo=historia&pagina=${Math.floor(inTitle / 20) + 2}`);
    expect(last.resultados.map((r) => r.titulo)).toEqual(
      Array.from({ length: SUBJECT_ONLY - (20 - lastOfTitles) }, (_, i) => `Mar aberto ${i + 20 - lastOfTitles}`),
    );
  });

  it("expands the last word's prefix into the index's terms, finding what FTS5's own prefix query finds", async () => {
    const page = await both("termo=histori");
    expect(page.total).toBe(all.length);
    const added = await t.db
      .insertInto("acervo")
      .values({
        cod_empresa: 1,
        chave_origem: "scale-new-word",
        cod_tipo_obra: 1,
        titulo: "Historiografia do mar",
        idioma: "por",
        assuntos: "[]",
        marc: JSON.stringify({ leader: "00000nam a2200000 a 4500", fields: [] }),
      })
      .returning("cod_acervo")
      .executeTakeFirstOrThrow();
    await reindexAcervos(t.db, [added.cod_acervo]);
    expect((await both("termo=historiog")).resultados.map((r) => r.titulo)).toEqual(["Historiografia do mar"]);
    expect((await both("termo=histori")).total).toBe(all.length + 1);
    await t.db.deleteFrom("acervo").where("cod_acervo", "=", added.cod_acervo).execute();
    await reindexAcervos(t.db, [added.cod_acervo]);
    expect((await both("termo=historiog")).total).toBe(0);
  });

  it("sees what another connection wrote to the text index (an import running beside the API) in the next search", async () => {
    const before = await search("termo=historia");
    // Written as another process would: its own connection, outside this process's index writers.
    if (dialectOf(t.db) === "postgres") {
      // The catalogue's version, which the pass cache is kept under, moves with a write of the text index
      // (migration 120): a title that did not match gets the word, then loses it.
      const other = openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
      try {
        const { rows } = await sql<{ id: number; doc: string }>`
          SELECT cod_acervo AS id, CAST(documento AS text) AS doc FROM acervo_busca
          WHERE NOT documento @@ to_tsquery('simple', 'historia:*') ORDER BY cod_acervo LIMIT 1`.execute(other);
        await sql`UPDATE acervo_busca SET documento = documento || to_tsvector('simple', 'historia') WHERE cod_acervo = ${rows[0].id}`.execute(other);
        expect((await search("termo=historia")).total).toBe(before.total + 1);
        await sql`UPDATE acervo_busca SET documento = CAST(${rows[0].doc} AS tsvector) WHERE cod_acervo = ${rows[0].id}`.execute(other);
        expect((await search("termo=historia")).total).toBe(before.total);
      } finally {
        await other.destroy();
      }
      return;
    }
    const other = new Database(path.join(t.dataDir, "estante.sqlite"));
    try {
      other.prepare("INSERT INTO acervo_busca (rowid, titulo, autor, assunto, outros) VALUES (9999999, 'historia', '', '', '')").run();
      expect((await search("termo=historia")).total).toBe(before.total + 1);
      other.prepare("DELETE FROM acervo_busca WHERE rowid = 9999999").run();
      expect((await search("termo=historia")).total).toBe(before.total);
    } finally {
      other.close();
    }
  });

  it("reads a query's matches once for a results page's search and facets, asked at the same time", async () => {
    while (!(await facetColumns(t.db))) await new Promise((r) => setTimeout(r, 20)); // read in the background
    // With filters, the search reads its hits and the facets the word's own matches (their "without this filter"
    // counts are exact: ADR 265); a filter that drives the plan (a year) reads its hits in SQL. Another selection
    // of the same word reads nothing more: its hits are the word's matches filtered in the facet columns (on
    // PostgreSQL too, ADR 282). In another order than relevance, the search and its facets share one pass.
    for (const [qs, passes, fresh] of [
      ["termo=historia", 1, true],
      ["termo=historia&filtro=I:eng&filtro=Y:2000", 2, true],
      ["termo=historia&filtro=I:spa", 0, false],
      ["termo=historia&ordenacao=Y", 1, true],
    ] as const) {
      if (fresh) clearSearchCache(t.db);
      const before = searchStats.passes;
      const [page, facets] = await Promise.all([get(t.app, `/api/consulta?${qs}`, token), get(t.app, `/api/consulta/filtros?${qs}`, token)]);
      expect([page.status, facets.status]).toEqual([200, 200]);
      expect({ qs, passes: searchStats.passes - before }).toEqual({ qs, passes });
    }
  });

  it("sorts by year, newest first, over every match", async () => {
    const page = await both("termo=historia&ordenacao=Y");
    expect(page.resultados[0].ano_publicacao).toBe(2031);
    const years = page.resultados.map((r) => r.ano_publicacao!);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(years[1]).toBe(2024);
  });

  it("sorts oldest first, by date added and by call number over every match, on any page (ADR 251)", async () => {
    const oldest = await both("termo=historia&ordenacao=O");
    const years = oldest.resultados.map((r) => r.ano_publicacao!);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    expect(years[0]).toBe(Math.min(...all.filter((a) => a.ano !== null).map((a) => a.ano!)));
    // Titles without a year come last.
    const lastPage = Math.ceil(all.length / 20);
    expect((await both(`termo=historia&ordenacao=O&pagina=${lastPage}`)).resultados.at(-1)!.ano_publicacao).toBeNull();
    // Date added: the newest entry first (the subject-only titles were inserted last).
    expect(titles(await both("termo=historia&ordenacao=E")).slice(0, 2)).toEqual([
      `Mar aberto ${SUBJECT_ONLY - 1}`,
      `Mar aberto ${SUBJECT_ONLY - 2}`,
    ]);
    // Call number: a title's smallest one; titles without copies after every title with one.
    const ids = await t.db
      .selectFrom("acervo")
      .select("cod_acervo")
      .where("titulo", "in", ["Historia", "Mar aberto 3", "Mar aberto 4"])
      .orderBy("titulo")
      .execute();
    const [exact, mar3, mar4] = ids.map((r) => r.cod_acervo);
    const copies = [
      { cod_acervo: exact, chamada: "900 B" },
      { cod_acervo: mar3, chamada: "500 C" },
      { cod_acervo: mar3, chamada: "050 Z" },
      { cod_acervo: mar4, chamada: "100 A" },
    ].map((c, i) => ({ ...c, cod_biblioteca: 1, codigo_barras: `SCALE-N-${i}` }));
    await t.db.insertInto("exemplar").values(copies).execute();
    try {
      expect(titles(await both("termo=historia&ordenacao=N")).slice(0, 4)).toEqual(["Mar aberto 3", "Mar aberto 4", "Historia", expect.any(String)]);
      expect(titles(await both("termo=historia&ordenacao=N")).slice(3)).not.toContain("Historia");
    } finally {
      await t.db.deleteFrom("exemplar").where("codigo_barras", "like", "SCALE-N-%").execute();
    }
  });

  it("sorts by title over every match, on any page", async () => {
    const sorted = all
      .map((a, i) => ({ key: fold(a.titulo), i, titulo: a.titulo }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i));
    expect(titles(await both("termo=historia&ordenacao=T"))).toEqual(sorted.slice(0, 20).map((s) => s.titulo));
    expect(titles(await both("termo=historia&ordenacao=T&pagina=200"))).toEqual(sorted.slice(3_980, 4_000).map((s) => s.titulo));
  });

  it("gives exactly the titles of a selected facet value, sorted and counted over all of them", async () => {
    const eng = all.filter((a) => a.idioma === "eng");
    const page = await both("termo=historia&filtro=I:eng&ordenacao=Y");
    expect(page.total).toBe(eng.length);
    expect(page.resultados.every((r) => r.idioma === "eng")).toBe(true);
    expect(page.resultados[0].ano_publicacao).toBe(Math.max(...eng.map((e) => e.ano ?? 0)));
    const year = await both("termo=historia&filtro=Y:2031");
    expect(titles(year)).toHaveLength(1);
    expect(year.total).toBe(1);
  });

  /** A plain GROUP BY of the titles matching "historia" in the text index: the reference of the exact facets. */
  const groupBy = async (column: "idioma" | "ano_publicacao", where = sql`1 = 1`) => {
    const match =
      dialectOf(t.db) === "postgres"
        ? sql`SELECT cod_acervo AS id FROM acervo_busca WHERE documento @@ to_tsquery('simple', ${tsQuery(["historia"], "livre")})`
        : sql`SELECT rowid AS id FROM acervo_busca WHERE acervo_busca MATCH ${fts5Query(["historia"], "livre")}`;
    const { rows } = await sql<{ v: string | number | null; n: number }>`
      SELECT a.${sql.ref(column)} AS v, count(*) AS n FROM acervo a WHERE a.cod_acervo IN (${match}) AND ${where}
      GROUP BY a.${sql.ref(column)}`.execute(t.db);
    return new Map(rows.map((r) => [r.v === null ? "SD" : String(r.v), Number(r.n)]));
  };

  it("counts facets exactly past every sampling size, as a plain GROUP BY of the matches (ADR 265)", async () => {
    const facets = async (tab = "") => {
      const res = await get(t.app, `/api/consulta/filtros?termo=historia${tab}`, token);
      expect(res.status).toBe(200);
      return (await res.json()) as { estimado: boolean; filtros: Array<{ tipo: string; codigo: string; total: number; totalSemFiltro: number }> };
    };
    const counts = (f: Awaited<ReturnType<typeof facets>>, tipo: string) =>
      new Map(f.filtros.filter((v) => v.tipo === tipo).map((v) => [v.codigo, v.total]));
    const languages = await groupBy("idioma");
    const years = await groupBy("ano_publicacao");
    // The 30 most recent years are listed (and "no date"): each equals the GROUP BY's count.
    const listedYears = (f: Awaited<ReturnType<typeof facets>>) => new Map([...counts(f, "Y")].map(([y]) => [y, years.get(y)]));
    expect([...languages.values()].reduce((a, b) => a + b)).toBeGreaterThan(searchLimits.facetSample);
    for (const limits of [defaults, { directMax: 50, facetExactMax: 500, facetSample: 200, walkMin: 0 }]) {
      Object.assign(searchLimits, limits);
      clearSearchCache(t.db);
      const exact = await facets();
      expect(exact.estimado).toBe(false);
      expect(counts(exact, "I")).toEqual(languages);
      expect(counts(exact, "Y")).toEqual(listedYears(exact));
      expect(counts(exact, "Y").size).toBeGreaterThan(20);
      // A tab with a rule of its own (new acquisitions: every title here was just added) is read without the
      // shared pass, and counted exactly the same way.
      const tab = await facets("&guia=aquisicoes");
      expect(tab.estimado).toBe(false);
      expect(counts(tab, "I")).toEqual(languages);
    }
  });

  it("counts the facets of a narrowed search exactly, with and without each selected filter", async () => {
    type Facets = {
      estimado: boolean;
      estimadoSemFiltro: boolean;
      filtros: Array<{ tipo: string; codigo: string; total: number; totalSemFiltro: number; selecionado: boolean }>;
    };
    const facets = async (qs: string) => {
      const res = await get(t.app, `/api/consulta/filtros?termo=historia&${qs}`, token);
      expect(res.status).toBe(200);
      return (await res.json()) as Facets;
    };
    // Two years and two languages selected: a year's "without this filter" counts the matches in either
    // language, a language's those of either year; every `total` the matches in both.
    const qs = "filtro=Y:2000&filtro=Y:1990&filtro=I:eng&filtro=I:spa";
    const inYears = sql`a.ano_publicacao IN (2000, 1990)`;
    const inLangs = sql`a.idioma IN ('eng', 'spa')`;
    const byYear = await groupBy("ano_publicacao", inLangs);
    const byLang = await groupBy("idioma", inYears);
    const both = await groupBy("idioma", sql`${inYears} AND ${inLangs}`);
    const hits = [...both.values()].reduce((a, b) => a + b);
    expect(hits).toBeGreaterThan(10);
    const value = (f: Facets, tipo: string, codigo: string) => f.filtros.find((v) => v.tipo === tipo && v.codigo === codigo);
    for (const limits of [defaults, { directMax: 50, facetExactMax: 500, facetSample: 200, facetRestSample: 50, walkMin: 0 }]) {
      Object.assign(searchLimits, limits);
      clearSearchCache(t.db);
      const f = await facets(qs);
      expect(f).toMatchObject({ estimado: false, estimadoSemFiltro: false });
      const years = f.filtros.filter((v) => v.tipo === "Y");
      const langs = f.filtros.filter((v) => v.tipo === "I");
      // Every listed year: its count among the selected languages, and with the years selected too.
      for (const y of years) expect({ y: y.codigo, sem: y.totalSemFiltro }).toEqual({ y: y.codigo, sem: byYear.get(y.codigo) ?? 0 });
      for (const l of langs) expect({ l: l.codigo, sem: l.totalSemFiltro }).toEqual({ l: l.codigo, sem: byLang.get(l.codigo) ?? 0 });
      expect(value(f, "I", "eng")!.total).toBe(both.get("eng") ?? 0);
      expect(value(f, "I", "por")!.total).toBe(0);
      expect(value(f, "I", "por")!.totalSemFiltro).toBe(byLang.get("por"));
      expect(value(f, "T", "1")).toMatchObject({ total: hits, totalSemFiltro: hits });
      // Selected values stay listed.
      expect(value(f, "Y", "1990")).toMatchObject({ selecionado: true });
    }
  });

  it("finds the same hits with filters whether they are tested in the facet columns or in SQL", async () => {
    while (!(await facetColumns(t.db))) await new Promise((r) => setTimeout(r, 20));
    const selections = ["filtro=I:eng", "filtro=I:spa&filtro=I:eng", "filtro=T:1&filtro=I:por", "filtro=Y:1990&filtro=Y:SD", "filtro=X:C"];
    let compared = 0;
    for (const limits of [defaults, { directMax: 50, facetExactMax: 500, walkMin: 0 }])
      for (const filters of selections)
        for (const order of ["", "&ordenacao=Y", "&ordenacao=O", "&pagina=3", "last"]) {
          Object.assign(searchLimits, limits);
          // The last page, past the title tier: the tiers' sizes must agree too.
          const last = order === "last" ? `&pagina=${Math.max(1, Math.ceil((await search(`termo=historia&${filters}`)).total / 20))}` : order;
          const qs = `termo=historia&${filters}${last}`;
          clearSearchCache(t.db);
          const inColumns = await search(qs);
          facetColumnsSettings.enabled = false;
          try {
            clearSearchCache(t.db);
            expect({ qs, limits, page: await search(qs) }).toEqual({ qs, limits, page: inColumns });
          } finally {
            facetColumnsSettings.enabled = true;
          }
          compared += inColumns.total > 0 ? 1 : 0;
        }
    expect(compared).toBeGreaterThan(25);
  });

  it("estimates from a sample, and says so, only while the facet columns are being read", async () => {
    facetColumnsSettings.enabled = false;
    try {
      Object.assign(searchLimits, { facetExactMax: 500, facetSample: 2_000 });
      clearSearchCache(t.db);
      const res = await get(t.app, `/api/consulta/filtros?termo=historia`, token);
      const sampled = (await res.json()) as { estimado: boolean; filtros: Array<{ tipo: string; codigo: string; total: number }> };
      expect(sampled.estimado).toBe(true);
      // A uniform sample of ~2,000 of 8,032: each language's estimate within 15 % of its true count.
      for (const [lang, truth] of await groupBy("idioma")) {
        const got = sampled.filtros.find((v) => v.tipo === "I" && v.codigo === lang)!.total;
        expect(Math.abs(got - truth) / truth).toBeLessThan(0.15);
      }
    } finally {
      facetColumnsSettings.enabled = true;
    }
  });
});
