import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, insertTitles, publicToken } from "../lib/testing.ts";
import { clearSearchCache, facetColumns, facetColumnsSettings, reindexAcervos, searchLimits } from "./index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { down } from "../db/migrations/114-call-number-order.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
let ids: number[];
const defaults = { ...searchLimits };

/** Call numbers given to the titles' copies in turn: mixed case, accents and digits, so the collation shows. */
const CALLS = ["500 C", "050 Z", "b 10", "B 2", "Á 1", "a 1", "100 A", "900 B", "100 a", "001 T", "", "zz"];
const TITLES = 45;

// Migration 114 (ADR 271): `busca_ordem.chamada_ord`, each title's smallest call number, kept by triggers on the copies.
beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  // Every title has the word; titles 0, 7, 14… have no copy, the others one or two, written before the index.
  ids = await insertTitles(
    t.db,
    Array.from({ length: TITLES }, (_, i) => ({ titulo: `Cravos ${i}`, copies: i % 7 === 0 ? 0 : 1 + (i % 2), idioma: i % 3 ? "por" : "eng" })),
  );
  let k = 0;
  for (const c of await t.db.selectFrom("exemplar").select("cod_exemplar").orderBy("cod_exemplar").execute()) {
    await t.db
      .updateTable("exemplar")
      .set({ chamada: CALLS[k++ % CALLS.length] })
      .where("cod_exemplar", "=", c.cod_exemplar)
      .execute();
  }
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());
afterEach(() => Object.assign(searchLimits, defaults));

/** Each title's key as "title:key", from `busca_ordem`. */
const keys = async () =>
  (await sql<{ a: number; c: string | null }>`SELECT cod_acervo AS a, chamada_ord AS c FROM busca_ordem ORDER BY 1`.execute(t.db)).rows.map(
    (r) => `${Number(r.a)}:${r.c}`,
  );
/** The same keys computed from the copies (what the triggers and the indexer must keep them equal to). */
const computed = async () =>
  (
    await sql<{ a: number; c: string | null }>`
      SELECT o.cod_acervo AS a, (SELECT min(e.chamada) FROM exemplar e WHERE e.cod_acervo = o.cod_acervo AND e.chamada <> '') AS c
      FROM busca_ordem o ORDER BY 1`.execute(t.db)
  ).rows.map((r) => `${Number(r.a)}:${r.c}`);
/** Every title in the order the call-number sort had before migration 114: a lookup of each title's copies. */
const reference = async () =>
  (
    await sql<{ a: number }>`
      SELECT o.cod_acervo AS a FROM busca_ordem o
      ORDER BY (SELECT min(en.chamada) FROM exemplar en WHERE en.cod_acervo = o.cod_acervo AND en.chamada <> '') ASC NULLS LAST,
               o.cod_acervo`.execute(t.db)
  ).rows.map((r) => Number(r.a));
/** Every page of the search sorted by call number (with `filter`, a selected facet value), concatenated. */
const sorted = async (filter = "") => {
  const out: number[] = [];
  for (let page = 1; out.length < TITLES; page++) {
    const res = await get(t.app, `/api/consulta?termo=cravos&ordenacao=N&qtd=10&pagina=${page}${filter}`, token);
    expect(res.status).toBe(200);
    const got = ((await res.json()) as { resultados: Array<{ cod_acervo: number }> }).resultados.map((r) => r.cod_acervo);
    if (!got.length) break;
    out.push(...got);
  }
  return out;
};
/** The search's order sorted directly, walking the order's index (probing the text index, then a match set): all the reference's. */
const expectOrder = async () => {
  expect(await keys()).toEqual(await computed());
  const want = await reference();
  expect(want).toHaveLength(TITLES);
  expect(await sorted()).toEqual(want);
  Object.assign(searchLimits, { directMax: 5, walkMin: 0 });
  expect(await sorted()).toEqual(want);
  Object.assign(searchLimits, { directMax: 5, probeMax: 0, driveMax: 0 });
  expect(await sorted()).toEqual(want);
  Object.assign(searchLimits, defaults);
  // A selected language: its titles in the same order, tested in the facet columns or in SQL, sorted or walked.
  const eng = new Set((await t.db.selectFrom("acervo").select("cod_acervo").where("idioma", "=", "eng").execute()).map((r) => r.cod_acervo));
  const wantEng = want.filter((id) => eng.has(id));
  while (!(await facetColumns(t.db))) await new Promise((r) => setTimeout(r, 20));
  for (const columns of [true, false])
    for (const limits of [defaults, { directMax: 5, walkMin: 0, facetExactMax: 5 }]) {
      Object.assign(searchLimits, limits);
      facetColumnsSettings.enabled = columns;
      try {
        clearSearchCache(t.db);
        expect({ columns, limits, ids: await sorted("&filtro=I:eng") }).toEqual({ columns, limits, ids: wantEng });
      } finally {
        facetColumnsSettings.enabled = true;
        Object.assign(searchLimits, defaults);
      }
    }
};
const copiesOf = async (id: number) =>
  (await t.db.selectFrom("exemplar").select(["cod_exemplar", "chamada"]).where("cod_acervo", "=", id).orderBy("cod_exemplar").execute()).map(
    (r) => r.cod_exemplar,
  );
const keyOf = async (id: number) =>
  (await t.db.selectFrom("busca_ordem").select("chamada_ord").where("cod_acervo", "=", id).executeTakeFirstOrThrow()).chamada_ord;

describe("the call-number order (busca_ordem.chamada_ord)", () => {
  it("sorts every title by its smallest call number, titles without one last, as the copies say", async () => {
    // Titles without a copy, or whose only copy has an empty call number, have no key.
    expect(await keyOf(ids[0]!)).toBeNull();
    expect((await keys()).filter((k) => k.endsWith(":null")).length).toBeGreaterThan(TITLES / 7);
    await expectOrder();
  });

  it("follows a copy whose call number changes, a copy added, moved to another title or deleted", async () => {
    const [x, y] = [ids[3]!, ids[4]!];
    const [first] = await copiesOf(x);
    // Lowered below every other: the title comes first.
    await t.db.updateTable("exemplar").set({ chamada: "0 AAA" }).where("cod_exemplar", "=", first!).execute();
    expect(await keyOf(x)).toBe("0 AAA");
    expect((await sorted())[0]).toBe(x);
    await expectOrder();
    // Raised: the title's key goes up to its other copy's (or the new one).
    await t.db.updateTable("exemplar").set({ chamada: "~ last" }).where("cod_exemplar", "=", first!).execute();
    expect(await keyOf(x)).not.toBe("0 AAA");
    await expectOrder();
    // Emptied, then null: no longer a call number.
    await t.db.updateTable("exemplar").set({ chamada: "" }).where("cod_acervo", "=", x).execute();
    expect(await keyOf(x)).toBeNull();
    await t.db.updateTable("exemplar").set({ chamada: null }).where("cod_exemplar", "=", first!).execute();
    await expectOrder();
    // A copy added to a title without copies, with the smallest call number; one added with a larger one changes nothing.
    await t.db.insertInto("exemplar").values({ cod_acervo: ids[7]!, cod_biblioteca: 1, codigo_barras: "CN-1", chamada: "0 AAB" }).execute();
    await t.db.insertInto("exemplar").values({ cod_acervo: ids[7]!, cod_biblioteca: 1, codigo_barras: "CN-2", chamada: "9 Z" }).execute();
    await t.db.insertInto("exemplar").values({ cod_acervo: ids[14]!, cod_biblioteca: 1, codigo_barras: "CN-3", chamada: "" }).execute();
    expect(await keyOf(ids[7]!)).toBe("0 AAB");
    expect(await keyOf(ids[14]!)).toBeNull();
    await expectOrder();
    // Moved to another title: the old title loses it, the new one gains it.
    const [moved] = await copiesOf(ids[7]!);
    await t.db.updateTable("exemplar").set({ cod_acervo: y }).where("cod_exemplar", "=", moved!).execute();
    expect([await keyOf(ids[7]!), await keyOf(y)]).toEqual(["9 Z", "0 AAB"]);
    await expectOrder();
    // Deleted: the smallest one, then every copy of a title.
    await t.db.deleteFrom("exemplar").where("cod_exemplar", "=", moved!).execute();
    expect(await keyOf(y)).not.toBe("0 AAB");
    await t.db.deleteFrom("exemplar").where("cod_acervo", "=", ids[5]!).execute();
    expect(await keyOf(ids[5]!)).toBeNull();
    await expectOrder();
  });

  it("keeps the key when the indexer rewrites a title's sort keys, and takes it from copies written before the index", async () => {
    await t.db.insertInto("exemplar").values({ cod_acervo: ids[21]!, cod_biblioteca: 1, codigo_barras: "CN-4", chamada: "0 AAC" }).execute();
    await reindexAcervos(t.db, [ids[21]!, ids[22]!]);
    expect(await keyOf(ids[21]!)).toBe("0 AAC");
    await expectOrder();
    // A whole rebuild.
    const before = await keys();
    await reindexAcervos(t.db);
    expect(await keys()).toEqual(before);
    await expectOrder();
  });

  it("gives every title of a catalogue indexed before migration 114 its key, from its copies", async () => {
    const before = await keys();
    expect(before.filter((k) => !k.endsWith(":null")).length).toBeGreaterThan(TITLES / 2);
    await down(t.db);
    await t.db
      .deleteFrom("kysely_migration" as never)
      .where(sql.ref("name"), "=", "114-call-number-order")
      .execute();
    // Copies written while the catalogue had no key to keep.
    await t.db.updateTable("exemplar").set({ chamada: "0 AAD" }).where("cod_acervo", "=", ids[30]!).execute();
    await migrateToLatest(t.db);
    expect(await keyOf(ids[30]!)).toBe("0 AAD");
    await expectOrder();
    // And the triggers are back.
    await t.db.updateTable("exemplar").set({ chamada: "0 AAE" }).where("cod_acervo", "=", ids[31]!).execute();
    expect(await keyOf(ids[31]!)).toBe("0 AAE");
  });
});
