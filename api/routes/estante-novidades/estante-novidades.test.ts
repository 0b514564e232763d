import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestApi, get, insertTitles, publicToken } from "../../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
let ids: number[];
let otherLibrary: number;

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  ids = await insertTitles(t.db, [
    { titulo: "Antigo & raro", autor: "Souza, Ana", ano_publicacao: 1901 },
    { titulo: "Chegou ontem", autor: "Lima, José", ano_publicacao: 2025 },
    { titulo: "Chegou na outra biblioteca", autor: "Fausto, Boris" },
    { titulo: "Sem exemplar" },
    { titulo: "Sem data de aquisição" },
  ]);
  const campus = await t.db.selectFrom("biblioteca").select("cod_campus").executeTakeFirstOrThrow();
  otherLibrary = (
    await t.db
      .insertInto("biblioteca")
      .values({ cod_campus: campus.cod_campus, desc_biblioteca: "Biblioteca Setorial", sigla: "BS" })
      .returning("cod_biblioteca")
      .executeTakeFirstOrThrow()
  ).cod_biblioteca;
  const copy = (i: number, day: string | null, lib = 1, n = 1) => ({
    cod_acervo: ids[i],
    cod_biblioteca: lib,
    codigo_barras: `NA${i}-${n}`,
    data_aquisicao: day,
  });
  await t.db
    .insertInto("exemplar")
    .values([
      // The first copy counts: a new copy of an old title does not make it new.
      copy(0, "2001-03-04"),
      copy(0, "2026-11-20", 1, 2),
      copy(1, "2026-11-27"),
      copy(2, "2026-11-25", otherLibrary),
      copy(4, null),
    ])
    .execute();
  await t.db.updateTable("acervo").set({ created_at: "2026-11-10 09:00:00" }).where("cod_acervo", "=", ids[4]).execute();
  await t.db
    .updateTable("acervo")
    .set({ created_at: sql<string>`'2026-11-28 09:00:00'` })
    .where("cod_acervo", "=", ids[3])
    .execute();
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

interface Body {
  resultados: Array<{ cod_acervo: number; titulo: string; autor: string | null; ano_publicacao: number | null; chegada: string }>;
  errors?: Record<string, string[]>;
}
const arrivals = async (qs = "", lang?: string) => {
  const res = await get(t.app, `/api/estante/novidades${qs ? `?${qs}` : ""}`, token, lang);
  return { status: res.status, body: (await res.json()) as Body };
};

describe("GET /api/estante/novidades", () => {
  it("lists the titles by the day their first copy came in, newest first, without titles that have no copy", async () => {
    const { status, body } = await arrivals();
    expect(status).toBe(200);
    expect(body.resultados.map((r) => [r.titulo, r.chegada])).toEqual([
      ["Chegou ontem", "2026-11-27"],
      ["Chegou na outra biblioteca", "2026-11-25"],
      ["Sem data de aquisição", "2026-11-10"],
      ["Antigo & raro", "2001-03-04"],
    ]);
    expect(body.resultados[0]).toMatchObject({ cod_acervo: ids[1], autor: "Lima, José", ano_publicacao: 2025, link_capa: null, subtitulo: null });
  });

  it("keeps to one library's copies when asked", async () => {
    expect((await arrivals(`biblioteca=${otherLibrary}`)).body.resultados.map((r) => r.titulo)).toEqual(["Chegou na outra biblioteca"]);
    expect((await arrivals("biblioteca=1")).body.resultados.map((r) => r.titulo)).not.toContain("Chegou na outra biblioteca");
  });

  it("answers at most qtd titles", async () => {
    expect((await arrivals("qtd=2")).body.resultados).toHaveLength(2);
  });

  it("refuses an unknown library in the request's language, and limits out of range (422 by field)", async () => {
    const unknown = await arrivals("biblioteca=9999", "5");
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.biblioteca).toEqual(["This library does not exist."]);
    for (const [qs, field] of [
      ["biblioteca=abc", "biblioteca"],
      ["biblioteca=-1", "biblioteca"],
      ["qtd=51", "qtd"],
      ["qtd=0", "qtd"],
      ["qtd=1e9", "qtd"],
    ] as const) {
      const { status, body } = await arrivals(qs);
      expect(status, qs).toBe(422);
      expect(Object.keys(body.errors ?? {}), qs).toContain(field);
    }
  });

  it("needs a token", async () => {
    expect((await get(t.app, "/api/estante/novidades")).status).toBe(401);
  });
});
