import { sql, type KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi } from "../lib/testing.ts";
import type { Db } from "./index.ts";
import { prepared } from "./prepared.ts";

/**
 * A prepared query (ADR 210, fifth pass) answers exactly what the same builder answers, for every value it is
 * run with, on SQLite and on PostgreSQL; it compiles once; and it refuses what it cannot bind.
 */
let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi({ titles: 12 });
});
afterAll(async () => t.cleanup());

/** Copies of one title in libraries past a code, joined with a fixed value between the two parameters. */
const built = (db: Db, id: number, minBib: number, limit: number) =>
  db
    .selectFrom("exemplar as e")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "e.cod_biblioteca")
    .select(["e.cod_exemplar", "e.cod_acervo", "b.cod_biblioteca", sql<string>`${"fixo"}`.as("literal")])
    .where("b.cod_biblioteca", ">", minBib)
    .where("e.situacao", "<>", "baixado")
    .where("e.cod_acervo", "=", id)
    .orderBy("e.cod_exemplar")
    .limit(limit);

describe("prepared queries", () => {
  it("answer what the builder answers, for every value, compiled once", async () => {
    // The parameters are declared in another order than the SQL binds them, with a fixed value among them.
    const q = prepared((db, p: { limit: number; id: number; minBib: number }) => built(db, p.id, p.minBib, p.limit));
    const ids = (await t.db.selectFrom("acervo").select("cod_acervo").orderBy("cod_acervo").execute()).map((r) => r.cod_acervo);
    expect(ids.length).toBeGreaterThanOrEqual(12);
    // Give one title several copies in several libraries, so the parameters filter something.
    const libs = (await t.db.selectFrom("biblioteca").select("cod_biblioteca").orderBy("cod_biblioteca").execute()).map((r) => r.cod_biblioteca);
    expect(libs.length).toBeGreaterThanOrEqual(2);
    const copy = await t.db.selectFrom("exemplar").selectAll().where("cod_acervo", "=", ids[0]).executeTakeFirstOrThrow();
    const { cod_exemplar: _c, codigo_barras, ...rest } = copy;
    for (const [i, lib] of libs.entries()) {
      await t.db
        .insertInto("exemplar")
        .values({ ...rest, cod_biblioteca: lib, codigo_barras: `${codigo_barras}-p${i}` })
        .execute();
    }
    let nonEmpty = 0;
    for (const id of ids) {
      for (const minBib of [0, libs[0]]) {
        for (const limit of [1, 10]) {
          const expected = await built(t.db, id, minBib, limit).execute();
          const got = await q.all(t.db, { limit, id, minBib });
          expect(got).toEqual(expected);
          expect(await q.first(t.db, { limit, id, minBib })).toEqual(expected[0]);
          if (expected.length) nonEmpty++;
          expect(got.every((r) => r.literal === "fixo" && r.cod_acervo === id && r.cod_biblioteca > minBib)).toBe(true);
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(ids.length);
    // The title with copies everywhere: the library filter and the limit both cut.
    expect((await q.all(t.db, { limit: 10, id: ids[0], minBib: 0 })).length).toBeGreaterThan(
      (await q.all(t.db, { limit: 10, id: ids[0], minBib: libs[0] })).length,
    );
    expect((await q.all(t.db, { limit: 1, id: ids[0], minBib: 0 })).length).toBe(1);
    expect(q.compilations).toBe(1);
  });

  it("binds text and null, and refuses a list or a missing value", async () => {
    const q = prepared((db, p: { titulo: string | null }) =>
      db
        .selectFrom("acervo")
        .select("cod_acervo")
        .where(sql<boolean>`coalesce(${p.titulo}, titulo) = titulo`)
        .orderBy("cod_acervo"),
    );
    const all = await t.db.selectFrom("acervo").select("cod_acervo").orderBy("cod_acervo").execute();
    const one = await t.db.selectFrom("acervo").select(["cod_acervo", "titulo"]).orderBy("cod_acervo").executeTakeFirstOrThrow();
    expect(await q.all(t.db, { titulo: null })).toEqual(all);
    expect(await q.all(t.db, { titulo: one.titulo })).toEqual([{ cod_acervo: one.cod_acervo }]);
    await expect(q.all(t.db, { titulo: ["a", "b"] } as never)).rejects.toThrow(/parameter "titulo"/);
    await expect(q.all(t.db, {} as never)).rejects.toThrow(/parameter "titulo"/);
  });

  it("compiles every time on a handle with plugins (a plugin may rewrite the query)", async () => {
    let seen = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        seen++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const q = prepared((db, p: { id: number }) => db.selectFrom("acervo").select("cod_acervo").where("cod_acervo", "=", p.id));
    const id = (await t.db.selectFrom("acervo").select("cod_acervo").executeTakeFirstOrThrow()).cod_acervo;
    const withPlugin = t.db.withPlugin(counting);
    expect(await q.first(withPlugin, { id })).toEqual({ cod_acervo: id });
    expect(await q.first(withPlugin, { id })).toEqual({ cod_acervo: id });
    expect(seen).toBe(2);
    expect(q.compilations).toBe(0);
    expect(await q.first(t.db, { id })).toEqual({ cod_acervo: id });
    expect(q.compilations).toBe(1);
  });
});
