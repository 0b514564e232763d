import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { dialectOf } from "../db/index.ts";
import { createTestApi, get, insertTitles, publicToken } from "../lib/testing.ts";
import { beginBulkLoad } from "../marc/import.ts";
import { clearFacetColumns, clearSearchCache, facetColumns, facetColumnsSettings, searchStats } from "./index.ts";

/**
 * "Available now" tested in the facet columns (ADR 277): each title's libraries with a copy on the shelf, kept
 * exact by the catalogue's change log, which follows a copy's status (migration 116). A loan and a return are
 * seen by the next search, its total, its page and its facets, in this same process (whose own writes do not
 * empty the text-pass cache), without the columns being read again; and every answer is the SQL path's.
 */
let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
let ids: number[];
let libs: number[];
const settings = { ...facetColumnsSettings };

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  ids = await insertTitles(t.db, [
    { titulo: "Lírios do campo", copies: 2 },
    { titulo: "Lírios da serra", copies: 1 },
    { titulo: "Lírios do mar", copies: 1 },
  ]);
  libs = (await t.db.selectFrom("biblioteca").select("cod_biblioteca").orderBy("cod_biblioteca").execute()).map((r) => r.cod_biblioteca);
  // The first title has a copy in each of two libraries.
  const [second] = await copiesOf(ids[0]!).then((c) => c.slice(1));
  await t.db.updateTable("exemplar").set({ cod_biblioteca: libs[1]! }).where("cod_exemplar", "=", second!).execute();
  token = await publicToken(t.app);
}, 60_000);
afterAll(async () => t.cleanup());
afterEach(() => Object.assign(facetColumnsSettings, settings));

async function copiesOf(id: number): Promise<number[]> {
  return (await t.db.selectFrom("exemplar").select("cod_exemplar").where("cod_acervo", "=", id).orderBy("cod_exemplar").execute()).map(
    (r) => r.cod_exemplar,
  );
}
const lend = (cod: number) => t.db.updateTable("exemplar").set({ situacao: "emprestado" }).where("cod_exemplar", "=", cod).execute();
const giveBack = (cod: number) => t.db.updateTable("exemplar").set({ situacao: "disponivel" }).where("cod_exemplar", "=", cod).execute();

/** A results page as the portal asks for it: the search, then its facets (the second call shares the first's pass). */
async function page(qs: string) {
  const found = (await (await get(t.app, `/api/consulta?termo=lirios&ordenacao=C&${qs}`, token)).json()) as {
    total: number;
    resultados: Array<{ cod_acervo: number }>;
  };
  const facets = (await (await get(t.app, `/api/consulta/filtros?termo=lirios&${qs}`, token)).json()) as { filtros: unknown[] };
  return { total: found.total, ids: found.resultados.map((r) => r.cod_acervo), facets: facets.filtros };
}

/** The same page in SQL (the columns off), and the page in the columns (without emptying the cache first). */
async function both(qs: string) {
  facetColumnsSettings.enabled = false;
  clearSearchCache(t.db);
  const inSql = await page(qs);
  facetColumnsSettings.enabled = true;
  const counted = searchStats.columnCounts;
  const inColumns = await page(qs);
  expect(searchStats.columnCounts).toBe(counted + 1);
  expect({ qs, ...inColumns }).toEqual({ qs, ...inSql });
  return inColumns;
}

const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);

describe('"available now" in the facet columns', () => {
  it("follows a loan and a return at once, anywhere and per library, with the SQL path's answer", async () => {
    const [a, b, c] = ids as [number, number, number];
    const cols = (await facetColumns(t.db))!;
    expect(cols).not.toBeNull();
    const anywhere = "disponivel=S";
    const atFirst = `disponivel=${libs[0]}`;
    const atSecond = `disponivel=${libs[1]}`;
    // Before: every title on the shelf; the first at both libraries.
    expect(sorted((await both(anywhere)).ids)).toEqual([a, b, c]);
    expect(sorted((await both(atFirst)).ids)).toEqual([a, b, c]);
    expect((await both(atSecond)).ids).toEqual([a]);
    expect((await both(`${atSecond}&filtro=B:${libs[0]}`)).ids).toEqual([a]);

    // The second title's only copy lent: gone from "available now" at the next search, its facets too.
    const [onlyB] = await copiesOf(b);
    expect(sorted((await page(anywhere)).ids)).toEqual([a, b, c]);
    await lend(onlyB!);
    // Without emptying the cache: the pass of the same search, read just before the loan, is not used.
    expect(sorted((await page(anywhere)).ids)).toEqual([a, c]);
    const lent = await both(anywhere);
    expect(sorted(lent.ids)).toEqual([a, c]);
    expect(lent.total).toBe(2);
    expect(sorted((await both(atFirst)).ids)).toEqual([a, c]);
    expect((await page("")).total).toBe(3);
    // Returned: back at once.
    expect(sorted((await page(anywhere)).ids)).toEqual([a, c]);
    await giveBack(onlyB!);
    expect(sorted((await page(anywhere)).ids)).toEqual([a, b, c]);
    expect(sorted((await both(anywhere)).ids)).toEqual([a, b, c]);

    // The first title's copy at the second library lent: still on the shelf at the first library, not at the second.
    const [, atB] = await copiesOf(a);
    await lend(atB!);
    expect(sorted((await both(atFirst)).ids)).toEqual([a, b, c]);
    expect((await both(atSecond)).ids).toEqual([]);
    expect((await both(`${anywhere}&filtro=B:${libs[1]}`)).ids).toEqual([a]);
    await giveBack(atB!);
    expect((await both(atSecond)).ids).toEqual([a]);

    // Every copy of the third title lent, one returned to another status than the shelf's.
    const [onlyC] = await copiesOf(c);
    await t.db.updateTable("exemplar").set({ situacao: "reservado" }).where("cod_exemplar", "=", onlyC!).execute();
    expect(sorted((await both(anywhere)).ids)).toEqual([a, b]);
    await giveBack(onlyC!);
    expect(sorted((await both(anywhere)).ids)).toEqual([a, b, c]);

    // The same columns all along, each loan and return written into their shelf bits (not the overlay).
    const now = await facetColumns(t.db);
    expect(now).toBe(cols);
    expect(now!.overlay.size).toBe(0);
    expect(now!.seq).toBeGreaterThan(0);
  }, 60_000);

  it("follows a title changed in other ways too (kept in the overlay), and one moved to a new library", async () => {
    const [a, b] = ids as [number, number];
    const cols = (await facetColumns(t.db))!;
    // A copy of the second title moved to the second library (its libraries change): the title goes to the overlay.
    const [onlyB] = await copiesOf(b);
    await t.db.updateTable("exemplar").set({ cod_biblioteca: libs[1]! }).where("cod_exemplar", "=", onlyB!).execute();
    expect(sorted((await both(`disponivel=${libs[1]}`)).ids)).toEqual([a, b]);
    expect(cols.overlay.has(b)).toBe(true);
    // Lent there, then returned: the overlay's title follows too.
    await lend(onlyB!);
    expect((await both(`disponivel=${libs[1]}`)).ids).toEqual([a]);
    expect(sorted((await both("disponivel=S")).ids)).not.toContain(b);
    await giveBack(onlyB!);
    expect(sorted((await both(`disponivel=${libs[1]}`)).ids)).toEqual([a, b]);
    expect(await facetColumns(t.db)).toBe(cols);
  }, 60_000);

  it("keeps a title in more libraries than its shelf bits hold in the overlay, on the shelf where it is", async () => {
    const campus = await t.db.selectFrom("biblioteca").select("cod_campus").executeTakeFirstOrThrow();
    const more: number[] = [];
    for (let i = 0; i < 34; i++) {
      const row = await t.db
        .insertInto("biblioteca")
        .values({ cod_campus: campus.cod_campus, desc_biblioteca: `Ramal ${i}`, sigla: `R${i}`, email: null, telefone: null, endereco: null })
        .returning("cod_biblioteca")
        .executeTakeFirstOrThrow();
      more.push(row.cod_biblioteca);
    }
    const [wide] = await insertTitles(t.db, [{ titulo: "Lírios de toda parte", copies: 1 }]);
    const [own] = await copiesOf(wide!);
    await t.db.updateTable("exemplar").set({ cod_biblioteca: more[0]! }).where("cod_exemplar", "=", own!).execute();
    for (const [i, lib] of more.slice(1).entries())
      await t.db
        .insertInto("exemplar")
        .values({ cod_acervo: wide!, cod_biblioteca: lib, codigo_barras: `LIRIO-${i}` })
        .execute();
    // Read again from the start: the build finds the title on the shelf in 34 libraries, past what the bits hold.
    clearFacetColumns(t.db);
    const cols = (await facetColumns(t.db))!;
    expect(cols.overlay.has(wide!)).toBe(true);
    const last = more.at(-1)!;
    expect((await both("disponivel=S")).ids).toContain(wide);
    expect((await both(`disponivel=${last}`)).ids).toEqual([wide]);
    expect((await both(`disponivel=${more[0]}`)).ids).toEqual([wide]);
    // Lent everywhere but at the last library, then there too.
    await t.db.updateTable("exemplar").set({ situacao: "emprestado" }).where("cod_acervo", "=", wide!).where("cod_biblioteca", "<>", last).execute();
    expect((await both(`disponivel=${last}`)).ids).toEqual([wide]);
    expect((await both(`disponivel=${more[0]}`)).ids).toEqual([]);
    expect((await both("disponivel=S")).ids).toContain(wide);
    await t.db.updateTable("exemplar").set({ situacao: "emprestado" }).where("cod_acervo", "=", wide!).execute();
    expect((await both(`disponivel=${last}`)).ids).toEqual([]);
    expect((await both("disponivel=S")).ids).not.toContain(wide);
  }, 60_000);

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    "follows a loan and a return made while a bulk import runs (SQLite)",
    async () => {
      expect(dialectOf(t.db)).toBe("sqlite");
      const [a, b, c] = ids as [number, number, number];
      const [onlyB] = await copiesOf(b);
      expect(sorted((await both("disponivel=S")).ids)).toContain(b);
      const cols = (await facetColumns(t.db))!;
      const finish = await beginBulkLoad(t.db);
      try {
        await lend(onlyB!);
        // During the load: the next search already leaves it out.
        expect(sorted((await page("disponivel=S")).ids)).toEqual([a, c]);
      } finally {
        await finish();
      }
      expect(sorted((await both("disponivel=S")).ids)).not.toContain(b);
      await giveBack(onlyB!);
      expect(sorted((await both("disponivel=S")).ids)).toContain(b);
      // Patched by the change log, not read again.
      expect(await facetColumns(t.db)).toBe(cols);
    },
    60_000,
  );
});
