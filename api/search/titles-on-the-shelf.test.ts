import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, insertTitles, publicToken } from "../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
let ids: number[];
let libs: number[];

// Migration 115 (ADR 269): the titles with a copy on the shelf, per library, kept by triggers on the copies.
beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  ids = await insertTitles(t.db, [
    { titulo: "Cravos do vale", copies: 2 },
    { titulo: "Cravos da serra", copies: 1 },
  ]);
  libs = (await t.db.selectFrom("biblioteca").select("cod_biblioteca").orderBy("cod_biblioteca").execute()).map((r) => r.cod_biblioteca);
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

/** The set as rows "title@library×n", sorted. */
const set = async () =>
  (
    await sql<{ a: number; b: number; n: number }>`SELECT cod_acervo AS a, cod_biblioteca AS b, n FROM acervo_na_estante ORDER BY 1, 2`.execute(t.db)
  ).rows.map((r) => `${Number(r.a)}@${Number(r.b)}×${Number(r.n)}`);
/** The same set counted from the copies (what the triggers must keep it equal to). */
const counted = async () =>
  (
    await sql<{ a: number; b: number; n: number }>`
      SELECT cod_acervo AS a, cod_biblioteca AS b, count(*) AS n FROM exemplar WHERE situacao = 'disponivel'
      GROUP BY cod_acervo, cod_biblioteca ORDER BY 1, 2`.execute(t.db)
  ).rows.map((r) => `${Number(r.a)}@${Number(r.b)}×${Number(r.n)}`);
const found = async (qs: string) =>
  ((await (await get(t.app, `/api/consulta?termo=cravos&${qs}`, token)).json()) as { resultados: Array<{ cod_acervo: number }> }).resultados
    .map((r) => r.cod_acervo)
    .sort((a, b) => a - b);
const copiesOf = async (id: number) =>
  (await t.db.selectFrom("exemplar").select("cod_exemplar").where("cod_acervo", "=", id).orderBy("cod_exemplar").execute()).map(
    (r) => r.cod_exemplar,
  );
const setStatus = (cod: number, situacao: string) => t.db.updateTable("exemplar").set({ situacao }).where("cod_exemplar", "=", cod).execute();

describe("the titles on the shelf (acervo_na_estante)", () => {
  it("a title leaves the set when its last copy on the shelf is lent, and comes back when it is returned", async () => {
    const [a, b] = ids as [number, number];
    expect(await set()).toEqual([`${a}@${libs[0]}×2`, `${b}@${libs[0]}×1`]);
    expect(await found("disponivel=S")).toEqual([a, b]);
    const [only] = await copiesOf(b);
    await setStatus(only!, "emprestado");
    expect(await set()).toEqual([`${a}@${libs[0]}×2`]);
    expect(await found("disponivel=S")).toEqual([a]);
    await setStatus(only!, "disponivel");
    expect(await set()).toEqual([`${a}@${libs[0]}×2`, `${b}@${libs[0]}×1`]);
    expect(await found("disponivel=S")).toEqual([a, b]);
    // One of two copies lent: still on the shelf, one copy fewer.
    const [first, second] = await copiesOf(a);
    await setStatus(first!, "emprestado");
    expect(await set()).toEqual([`${a}@${libs[0]}×1`, `${b}@${libs[0]}×1`]);
    await setStatus(second!, "reservado");
    expect(await found("disponivel=S")).toEqual([b]);
    await setStatus(first!, "disponivel");
    await setStatus(second!, "disponivel");
    expect(await set()).toEqual(await counted());
  });

  it("follows a copy moved to another library or title, added or deleted, per library", async () => {
    const [a, b] = ids as [number, number];
    expect(libs.length).toBeGreaterThanOrEqual(2);
    const [first] = await copiesOf(a);
    await t.db.updateTable("exemplar").set({ cod_biblioteca: libs[1]! }).where("cod_exemplar", "=", first!).execute();
    expect(await set()).toEqual([`${a}@${libs[0]}×1`, `${a}@${libs[1]}×1`, `${b}@${libs[0]}×1`]);
    expect(await found(`disponivel=${libs[1]}`)).toEqual([a]);
    // Lent, and the same copy moved in one statement: the old place loses it, the new one does not gain it.
    await t.db.updateTable("exemplar").set({ cod_biblioteca: libs[0]!, situacao: "emprestado" }).where("cod_exemplar", "=", first!).execute();
    expect(await set()).toEqual([`${a}@${libs[0]}×1`, `${b}@${libs[0]}×1`]);
    expect(await found(`disponivel=${libs[1]}`)).toEqual([]);
    await t.db.updateTable("exemplar").set({ cod_acervo: b, situacao: "disponivel" }).where("cod_exemplar", "=", first!).execute();
    expect(await set()).toEqual([`${a}@${libs[0]}×1`, `${b}@${libs[0]}×2`]);
    await t.db.insertInto("exemplar").values({ cod_acervo: a, cod_biblioteca: libs[1]!, codigo_barras: "CRAVO-NOVO", chamada: "001 C" }).execute();
    expect(await set()).toEqual([`${a}@${libs[0]}×1`, `${a}@${libs[1]}×1`, `${b}@${libs[0]}×2`]);
    await t.db.deleteFrom("exemplar").where("cod_acervo", "=", a).execute();
    expect(await set()).toEqual([`${b}@${libs[0]}×2`]);
    expect(await found("disponivel=S")).toEqual([b]);
    expect(await set()).toEqual(await counted());
  });
});
