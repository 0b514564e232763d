import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDemoTestApi, insertTitles } from "../lib/testing.ts";
import {
  clearFacetColumns,
  clearSearchCache,
  columnQuery,
  facetColumns,
  facetColumnsSettings,
  passesAll,
  passingIds,
  reindexAcervos,
  searchAcervos,
  searchFacets,
  searchLimits,
  searchStats,
  type FacetResult,
  type FilterType,
  type SearchParams,
  type SelectedFilters,
} from "./index.ts";

/**
 * The facet columns in memory (ADR 105, "Facet columns in memory") must give exactly the SQL statement's
 * answer over every match (ADR 265: the columns never sample): on the demo catalogue (every facet type has
 * values), for searches with and without filters of every type, with the default thresholds and with tiny ones;
 * and after the catalogue changes under them, through every table the facets read.
 */
let t: Awaited<ReturnType<typeof createDemoTestApi>>;
const defaults = { ...searchLimits };
const settings = { ...facetColumnsSettings };

beforeAll(async () => {
  t = await createDemoTestApi();
}, 180_000);
afterAll(async () => t.cleanup());
afterEach(() => {
  Object.assign(searchLimits, defaults);
  Object.assign(facetColumnsSettings, settings);
});

const params = (termo: string, filtros: SelectedFilters = {}, guia?: string): SearchParams => ({
  termos: [{ termo, tipo: "livre" }],
  pagina: 1,
  qtd: 20,
  ordenacao: "C",
  filtros,
  guia,
});

/**
 * The facets counted in SQL over every match (no sample, whatever the thresholds) and in the columns (with the
 * thresholds set); asserts the columns were used and returns both.
 */
async function both(p: SearchParams): Promise<[FacetResult, FacetResult]> {
  const limits = { ...searchLimits };
  facetColumnsSettings.enabled = false;
  Object.assign(searchLimits, { facetExactMax: Number.MAX_SAFE_INTEGER });
  clearSearchCache(t.db);
  const inSql = await searchFacets(t.db, p, "pt");
  Object.assign(searchLimits, limits);
  expect(inSql.estimado).toBe(false);
  facetColumnsSettings.enabled = true;
  clearSearchCache(t.db);
  expect(await facetColumns(t.db)).not.toBeNull();
  const counted = searchStats.columnCounts;
  const inColumns = await searchFacets(t.db, p, "pt");
  // Every search of a plain tab is counted in the columns (a tab with a rule of its own may be counted in SQL).
  if (!p.guia && inSql.filtros.length) expect(searchStats.columnCounts).toBe(counted + 1);
  return [inSql, inColumns];
}

/** The least frequent value listed of a type (a selective filter). */
const last = (r: FacetResult, tipo: string) =>
  r.filtros
    .filter((f) => f.tipo === tipo)
    .slice(-1)
    .map((f) => f.codigo);
const first = (r: FacetResult, tipo: string, n = 1) =>
  r.filtros
    .filter((f) => f.tipo === tipo)
    .slice(0, n)
    .map((f) => f.codigo);

describe("facet columns", () => {
  it("count exactly what the SQL statement counts over every match, with and without filters of every type, past any threshold", async () => {
    const words = ["brasil", "historia", "educacao", "de"];
    let compared = 0;
    for (const tiny of [false, true]) {
      Object.assign(searchLimits, tiny ? { facetExactMax: 40, facetSample: 60, facetRestSample: 30 } : defaults);
      for (const termo of words) {
        const [plain, plainColumns] = await both(params(termo));
        expect(plainColumns).toEqual(plain);
        if (!plain.filtros.length) continue;
        // One filter of each type the search offers, then several types at once (values from the plain facets).
        const selections: SelectedFilters[] = [];
        for (const tipo of ["T", "Y", "I", "X", "K", "B", "R", "P", "C", "A", "E", "S"] as const) {
          const values = first(plain, tipo, 2);
          if (values.length) selections.push({ [tipo]: values });
        }
        selections.push({ T: first(plain, "T"), I: first(plain, "I"), Y: first(plain, "Y", 3) });
        selections.push({ A: first(plain, "A", 2), S: first(plain, "S", 2), X: first(plain, "X") });
        selections.push({ B: first(plain, "B"), S: first(plain, "S"), Y: ["SD", ...first(plain, "Y")] });
        for (const filtros of selections) {
          const [a, b] = await both(params(termo, filtros));
          expect({ termo, tiny, filtros, facets: b }).toEqual({ termo, tiny, filtros, facets: a });
          compared++;
        }
      }
      // The new acquisitions tab adds campus and area.
      const [a, b] = await both(params("de", {}, "aquisicoes"));
      expect(b).toEqual(a);
      const [c, d] = await both(params("de", { NA_C: first(a, "NA_C"), NA_A: first(a, "NA_A") }, "aquisicoes"));
      expect(d).toEqual(c);
    }
    expect(compared).toBeGreaterThan(40);
  }, 120_000);

  it("test a driving filter's titles against the other filters as SQL does", async () => {
    // A selective derived value, then values of other types its titles have (so each search finds titles).
    const narrow = async (base: SelectedFilters, ...types: Array<"T" | "Y" | "I" | "X" | "K" | "B" | "S">) => {
      const facets = await searchFacets(t.db, params("de", base), "pt");
      const out = { ...base };
      for (const tipo of types)
        out[tipo] = facets.filtros
          .filter((f) => f.tipo === tipo && f.total > 0)
          .slice(0, 1)
          .map((f) => f.codigo);
      return out;
    };
    const [plain] = await both(params("de"));
    const selections: SelectedFilters[] = [
      await narrow({ A: first(plain, "A", 2) }, "I"),
      await narrow({ S: last(plain, "S") }, "T", "X"),
      await narrow({ P: last(plain, "P") }, "Y", "B"),
      await narrow({ A: first(plain, "A", 3) }, "Y", "I", "K", "S"),
    ];
    const search = async (p: SearchParams) => {
      clearSearchCache(t.db);
      const r = await searchAcervos(t.db, p);
      return { total: r.total, ids: r.resultados.map((h) => h.cod_acervo) };
    };
    let drives = 0;
    for (const filtros of selections) {
      const p = { ...params("de", filtros), qtd: 50 };
      const before = searchStats.columnDrives;
      const withColumns = await search(p);
      drives += searchStats.columnDrives - before;
      facetColumnsSettings.enabled = false;
      const inSql = await search(p);
      Object.assign(searchLimits, { driveMax: 0 });
      const undriven = await search(p);
      Object.assign(searchLimits, defaults);
      facetColumnsSettings.enabled = true;
      expect({ filtros, ...withColumns }).toEqual({ filtros, ...inSql });
      expect({ filtros, ...withColumns }).toEqual({ filtros, ...undriven });
      expect(withColumns.total).toBeGreaterThan(0);
    }
    // Each search was driven by a filter (in the columns on SQLite; PostgreSQL drives too, and tests there).
    expect(drives).toBe(selections.length);
  }, 60_000);

  it("follow every change of the catalogue the facets read, without reading it all again", async () => {
    const p = params("brasil");
    const [before] = await both(p);
    const cols = await facetColumns(t.db);
    const seq = cols!.seq;
    const { rows } = await sql<{ id: number }>`SELECT cod_acervo AS id FROM acervo WHERE titulo LIKE '%Brasil%' ORDER BY cod_acervo LIMIT 4`.execute(
      t.db,
    );
    const [a, b, c, d] = rows.map((r) => Number(r.id));
    // A title's own columns, a link (online), a copy in another library, a derived value, and a title deleted.
    await t.db
      .updateTable("acervo")
      .set({ ano_publicacao: 2099, idioma: "lat", link_capa: "https://example.org/c.jpg", classificacao: " q12" })
      .where("cod_acervo", "=", a!)
      .execute();
    await t.db.insertInto("acervo_link").values({ cod_acervo: b!, url: "https://example.org/b" }).execute();
    const lib = await t.db.selectFrom("biblioteca").select("cod_biblioteca").orderBy("cod_biblioteca", "desc").executeTakeFirstOrThrow();
    await t.db.insertInto("exemplar").values({ cod_acervo: c!, cod_biblioteca: lib.cod_biblioteca, codigo_barras: "T-facet-1" }).execute();
    await t.db.updateTable("acervo").set({ autor: "Zuleika Quintana" }).where("cod_acervo", "=", d!).execute();
    await reindexAcervos(t.db, [d!]);
    const changed = await t.db
      .selectFrom("acervo_mudanca" as never)
      .select(["cod_acervo" as never])
      .where("seq" as never, ">", seq as never)
      .execute();
    expect(changed.map((r) => Number((r as { cod_acervo: number }).cod_acervo)).sort((x, y) => x - y)).toEqual([a, b, c, d].sort((x, y) => x! - y!));
    // Calls made at once share one refresh of the columns, and each gets the changed answer.
    clearSearchCache(t.db);
    const together = await Promise.all([p, p, params("brasil", { Y: ["2099"] }), p].map((q) => searchFacets(t.db, q, "pt")));
    const [after, afterColumns] = await both(p);
    expect(afterColumns).toEqual(after);
    expect(together[0]).toEqual(after);
    expect(together[3]).toEqual(after);
    expect(together[2]!.filtros.find((f) => f.tipo === "Y" && f.codigo === "2099")).toMatchObject({ total: 1 });
    expect(after).not.toEqual(before);
    expect(after.filtros.find((f) => f.tipo === "Y" && f.codigo === "2099")?.total).toBe(1);
    const [byAuthor, byAuthorColumns] = await both(params("brasil", { A: ["zuleika-quintana"] }));
    expect(byAuthorColumns).toEqual(byAuthor);
    expect(byAuthor.filtros.find((f) => f.tipo === "A" && f.codigo === "zuleika-quintana")).toMatchObject({ total: 1, selecionado: true });
    // Patched, not rebuilt: the same columns, their overlay holding the changed titles.
    const now = await facetColumns(t.db);
    expect(now).toBe(cols);
    expect(now!.overlay.size).toBe(4);
    // A new title (beyond the columns' ids), then deleted.
    const [added] = await insertTitles(t.db, [{ titulo: "Brasil recém-chegado", ano_publicacao: 2098, copies: 1 }]);
    await reindexAcervos(t.db, [added!]);
    const [withNew, withNewColumns] = await both(p);
    expect(withNewColumns).toEqual(withNew);
    expect(withNew.filtros.find((f) => f.tipo === "Y" && f.codigo === "2098")?.total).toBe(1);
    await t.db.deleteFrom("acervo").where("cod_acervo", "=", added!).execute();
    const [gone, goneColumns] = await both(p);
    expect(goneColumns).toEqual(gone);
    expect(gone.filtros.find((f) => f.tipo === "Y" && f.codigo === "2098")).toBeUndefined();
  }, 60_000);

  it("are rebuilt after many changes, counted in SQL while a large catalogue's are read", async () => {
    const p = params("historia");
    const [expected] = await both(p);
    const cols = await facetColumns(t.db);
    Object.assign(facetColumnsSettings, { patchMax: 3, syncMax: 0 });
    await sql`UPDATE acervo SET idioma = idioma WHERE cod_acervo IN (SELECT cod_acervo FROM acervo ORDER BY cod_acervo LIMIT 10)`.execute(t.db);
    // Ten changes are more than the patch takes: the next count starts a rebuild and is answered in SQL.
    expect(await facetColumns(t.db)).toBeNull();
    clearSearchCache(t.db);
    expect(await searchFacets(t.db, p, "pt")).toEqual(expected);
    await new Promise((r) => setTimeout(r, 500));
    const rebuilt = await facetColumns(t.db);
    expect(rebuilt).not.toBeNull();
    expect(rebuilt).not.toBe(cols);
    expect(rebuilt!.overlay.size).toBe(0);
    clearFacetColumns(t.db);
  }, 60_000);

  it("keep, one type at a time by id, exactly the titles each one's cursor passes, overlay included", async () => {
    const [plain0] = await both(params("de", {}, "aquisicoes"));
    const extra: SelectedFilters[] = [];
    const compare = async () => {
      const cols = (await facetColumns(t.db))!;
      // Every id the columns know, some past them, and ones that are no title.
      const ids = [-1, ...Array.from({ length: cols.size + 5 }, (_, i) => i), 70_000, 2 ** 31 - 1];
      const [plain] = await both(params("de", {}, "aquisicoes"));
      const selections: SelectedFilters[] = [];
      for (const tipo of ["T", "Y", "I", "X", "K", "B", "R", "P", "C", "A", "E", "S", "NA_C", "NA_A"] as const) {
        const values = first(plain, tipo, 2);
        if (values.length) selections.push({ [tipo]: values });
        // A value no title has (for B, R…: an id past the lookup table), beside one some have.
        if (values.length) selections.push({ [tipo]: [values[0]!, "99999", "zz"] });
      }
      selections.push({ Y: ["SD"] }, { Y: ["SD", ...first(plain, "Y", 2)] }, { X: ["C", "O", "A"] });
      selections.push({ T: first(plain, "T"), I: first(plain, "I"), Y: first(plain, "Y", 3), B: first(plain, "B") });
      selections.push({ A: first(plain, "A", 2), S: first(plain, "S", 2), X: first(plain, "X"), NA_C: first(plain, "NA_C") });
      let kept = 0;
      for (const filtros of [...selections, ...extra]) {
        const flagged = (Object.keys(filtros) as FilterType[]).filter((k) => filtros[k]?.length);
        const q = await columnQuery(t.db, [...flagged, "NA_C"], filtros, flagged);
        const expected = ids.filter(passesAll(cols, q));
        expect({ filtros, ids: Array.from(passingIds(cols, q, ids)) }).toEqual({ filtros, ids: expected });
        expect({ filtros, ids: Array.from(passingIds(cols, q, [...ids].reverse())) }).toEqual({ filtros, ids: [...expected].reverse() });
        kept += expected.length;
        if (Object.keys(filtros).length === 1 && (filtros.B?.[0] === "70000" || filtros.S?.[0] === "zz-longe"))
          expect({ filtros, found: expected.length }).not.toEqual({ filtros, found: 0 });
      }
      expect(selections.length).toBeGreaterThan(25);
      expect(kept).toBeGreaterThan(100);
      return cols;
    };
    // A library and a subject whose ids are past the lookup tables (kept in a Set beside them), with a title each.
    const { rows: two } = await sql<{ id: number }>`SELECT cod_acervo AS id FROM exemplar ORDER BY cod_acervo DESC LIMIT 2`.execute(t.db);
    const campus = await t.db.selectFrom("biblioteca").select("cod_campus").executeTakeFirstOrThrow();
    await t.db
      .insertInto("biblioteca")
      .values({
        cod_biblioteca: 70_000,
        cod_campus: campus.cod_campus,
        desc_biblioteca: "Anexo",
        sigla: "ANX",
        email: null,
        telefone: null,
        endereco: null,
      })
      .execute();
    await t.db.updateTable("exemplar").set({ cod_biblioteca: 70_000 }).where("cod_acervo", "=", two[0]!.id).execute();
    await t.db.insertInto("faceta_valor").values({ cod_valor: 70_001, tipo: "S", codigo: "zz-longe", descricao: "Zz longe" }).execute();
    await t.db.insertInto("acervo_faceta").values({ cod_acervo: two[1]!.id, tipo: "S", cod_valor: 70_001 }).execute();
    extra.push({ B: ["70000"] }, { B: ["70000", ...first(plain0, "B")] }, { S: ["zz-longe"] }, { S: ["zz-longe"], B: ["70000"] });
    clearFacetColumns(t.db);
    expect((await compare()).overlay.size).toBe(0);
    // Titles changed after the columns were read (the overlay): another type, year and library.
    const { rows } = await sql<{ id: number }>`SELECT cod_acervo AS id FROM acervo ORDER BY cod_acervo LIMIT 2`.execute(t.db);
    const [a, b] = rows.map((r) => Number(r.id));
    const other = await t.db.selectFrom("tipo_obra").select("cod_tipo_obra").orderBy("cod_tipo_obra", "desc").executeTakeFirstOrThrow();
    await t.db.updateTable("acervo").set({ cod_tipo_obra: other.cod_tipo_obra, ano_publicacao: null }).where("cod_acervo", "=", a!).execute();
    const lib = await t.db.selectFrom("biblioteca").select("cod_biblioteca").orderBy("cod_biblioteca").executeTakeFirstOrThrow();
    await t.db.updateTable("exemplar").set({ cod_biblioteca: lib.cod_biblioteca }).where("cod_acervo", "=", b!).execute();
    // Two new titles (past the columns' ids), one of them deleted again.
    const [added, gone] = await insertTitles(t.db, [
      { titulo: "Recém-chegado", ano_publicacao: 2097, copies: 1 },
      { titulo: "Logo retirado", ano_publicacao: 2097, copies: 1 },
    ]);
    await reindexAcervos(t.db, [added!, gone!]);
    await t.db.deleteFrom("acervo").where("cod_acervo", "=", gone!).execute();
    const cols = await compare();
    expect([a, added, gone].every((id) => cols.overlay.has(id!))).toBe(true);
    expect(cols.overlay.get(gone!)).toBeNull();
  }, 60_000);
});
