import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, insertTitles, publicToken } from "../../lib/testing.ts";
import { facetKey, indexTitles, searchLimits } from "../../search/index.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
let ids: number[];
let libs: number[];

// Issue 28: "available now", each result's copies, whether it can be held, and the advanced search's ISBN,
// publisher and year range.
beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  ids = await insertTitles(t.db, [
    { titulo: "Girassóis no campo", copies: 2, editora: "Editora Ática", ano_publicacao: 1990 },
    { titulo: "Girassóis na cidade", copies: 1, editora: "Companhia das Letras", ano_publicacao: 2005 },
    { titulo: "Girassóis no mar", copies: 1, editora: "Editora Unesp", ano_publicacao: 2015 },
    { titulo: "Girassóis sem exemplar", ano_publicacao: 2020 },
  ]);
  libs = (await t.db.selectFrom("biblioteca").select("cod_biblioteca").orderBy("cod_biblioteca").execute()).map((r) => r.cod_biblioteca);
  // Title 0: one copy on the shelf at the first library, one lent at the second. Title 1: lent, holds allowed.
  // Title 2: on the shelf at the first library.
  const copies = await t.db.selectFrom("exemplar").select(["cod_exemplar", "cod_acervo"]).orderBy("cod_exemplar").execute();
  const first0 = copies.filter((c) => c.cod_acervo === ids[0]);
  await t.db
    .updateTable("exemplar")
    .set({ situacao: "emprestado", cod_biblioteca: libs[1], chamada: "869.3 G527c", localizacao: "Estante 4" })
    .where("cod_exemplar", "=", first0[1].cod_exemplar)
    .execute();
  await t.db
    .updateTable("exemplar")
    .set({ chamada: "869.3 G527c ex.1", localizacao: "Estante 2" })
    .where("cod_exemplar", "=", first0[0].cod_exemplar)
    .execute();
  await t.db.updateTable("exemplar").set({ situacao: "emprestado", permite_reserva: 1 }).where("cod_acervo", "=", ids[1]).execute();
  await t.db.updateTable("acervo").set({ isbn: "9788535914849" }).where("cod_acervo", "=", ids[2]).execute();
  await indexTitles(t.db, ids);
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

interface Place {
  cod_biblioteca: number;
  biblioteca: string;
  chamada: string | null;
  localizacao: string | null;
  exemplares: number;
  disponiveis: number;
}
interface Body {
  total: number;
  resultados: Array<{ cod_acervo: number; titulo: string; localizacoes: Place[]; reservavel: boolean }>;
  errors?: Record<string, string[]>;
}
const search = async (qs: string) => {
  const res = await get(t.app, `/api/consulta?ordenacao=T&${qs}`, token);
  return { status: res.status, body: (await res.json()) as Body };
};
const titles = async (qs: string) => (await search(qs)).body.resultados.map((r) => r.titulo).sort();

describe("available now (disponivel)", () => {
  it("keeps titles with a copy on the shelf, anywhere or at one library, and the facets count the same titles", async () => {
    expect(libs.length).toBeGreaterThanOrEqual(2);
    expect(await titles("termo=girassois&disponivel=S")).toEqual(["Girassóis no campo", "Girassóis no mar"]);
    expect(await titles(`termo=girassois&disponivel=${libs[0]}`)).toEqual(["Girassóis no campo", "Girassóis no mar"]);
    expect(await titles(`termo=girassois&disponivel=${libs[1]}`)).toEqual([]);
    const facets = (await (await get(t.app, "/api/consulta/filtros?termo=girassois&disponivel=S", token)).json()) as {
      filtros: Array<{ tipo: string; codigo: string; total: number }>;
    };
    expect(facets.filtros.filter((f) => f.tipo === "T").reduce((n, f) => n + f.total, 0)).toBe(2);
  });

  it("keeps the same titles whichever way the search reads its matches: listed, walked in an order, exact title first", async () => {
    const run = async () => {
      const out: string[] = [];
      for (const qs of ["termo=girassois&disponivel=S", `termo=girassois&disponivel=${libs[0]}`, "termo=girassois no campo&disponivel=S"])
        for (const ordenacao of ["C", "T", "Y"]) {
          const res = await get(t.app, `/api/consulta?ordenacao=${ordenacao}&${qs}`, token);
          const body = (await res.json()) as Body;
          out.push(`${qs} ${ordenacao}: ${body.total} ${body.resultados.map((r) => r.titulo).join(" | ")}`);
        }
      return out;
    };
    const listed = await run();
    expect(listed[0]).toBe("termo=girassois&disponivel=S C: 2 Girassóis no campo | Girassóis no mar");
    const saved = { ...searchLimits };
    try {
      // Every match past the listed path: the order's index walked, each title probed, then tested against a match set.
      for (const probeMax of [5_000, 0]) {
        Object.assign(searchLimits, { directMax: 0, facetExactMax: 0, probeMax });
        expect(await run()).toEqual(listed);
      }
    } finally {
      Object.assign(searchLimits, saved);
    }
  });

  it("follows a loan at once (no cached answer)", async () => {
    await t.db.updateTable("exemplar").set({ situacao: "emprestado" }).where("cod_acervo", "=", ids[2]).execute();
    expect(await titles("termo=girassois&disponivel=S")).toEqual(["Girassóis no campo"]);
    await t.db.updateTable("exemplar").set({ situacao: "disponivel" }).where("cod_acervo", "=", ids[2]).execute();
    expect(await titles("termo=girassois&disponivel=S")).toEqual(["Girassóis no campo", "Girassóis no mar"]);
  });

  it("refuses a malformed value (422 on the field)", async () => {
    for (const v of ["N", "-1", "1234567", "abc"]) {
      const { status, body } = await search(`termo=girassois&disponivel=${v}`);
      expect(status, v).toBe(422);
      expect(body.errors?.disponivel, v).toBeDefined();
    }
  });
});

describe("each result's copies and holds", () => {
  it("lists per library the call number, the location and the copies on the shelf; a title is holdable only with none on the shelf", async () => {
    const { body } = await search("termo=girassois");
    const byId = new Map(body.resultados.map((r) => [r.cod_acervo, r]));
    const campo = byId.get(ids[0])!;
    expect(campo.localizacoes).toEqual([
      expect.objectContaining({ cod_biblioteca: libs[0], chamada: "869.3 G527c ex.1", localizacao: "Estante 2", exemplares: 1, disponiveis: 1 }),
      expect.objectContaining({ cod_biblioteca: libs[1], chamada: "869.3 G527c", localizacao: "Estante 4", exemplares: 1, disponiveis: 0 }),
    ]);
    expect(campo.localizacoes[0].biblioteca).toEqual(expect.any(String));
    expect(campo.reservavel).toBe(false);
    expect(byId.get(ids[1])!.reservavel).toBe(true);
    expect(byId.get(ids[3])!).toMatchObject({ localizacoes: [], reservavel: false });
  });
});

describe("advanced search fields", () => {
  it("finds by ISBN (any form) and refuses a malformed one", async () => {
    expect(await titles("isbn=978-85-359-1484-9")).toEqual(["Girassóis no mar"]);
    expect(await titles("isbn=85-359-1484-6")).toEqual(["Girassóis no mar"]);
    const bad = await search("isbn=12345");
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.isbn).toBeDefined();
  });

  it("keeps the publisher's words, accent- and case-insensitive", async () => {
    expect(facetKey("Ática")).toBe("atica");
    expect(await titles("termo=girassois&editora=ATICA")).toEqual(["Girassóis no campo"]);
    expect(await titles("termo=girassois&editora=editora")).toEqual(["Girassóis no campo", "Girassóis no mar"]);
    expect((await search("termo=girassois&editora=%21%21")).status).toBe(422);
  });

  it("keeps a range of years, either end open, and refuses a reversed or malformed one", async () => {
    expect(await titles("termo=girassois&ano_de=2000&ano_ate=2015")).toEqual(["Girassóis na cidade", "Girassóis no mar"]);
    expect(await titles("termo=girassois&ano_de=2010")).toEqual(["Girassóis no mar", "Girassóis sem exemplar"]);
    expect(await titles("termo=girassois&ano_ate=1999")).toEqual(["Girassóis no campo"]);
    for (const [qs, field] of [
      ["ano_de=2010&ano_ate=2000", "ano_ate"],
      ["ano_de=99", "ano_de"],
      ["ano_ate=3000", "ano_ate"],
    ] as const) {
      const { status, body } = await search(`termo=girassois&${qs}`);
      expect(status, qs).toBe(422);
      expect(body.errors?.[field], qs).toBeDefined();
    }
  });

  it("still asks for a term besides them", async () => {
    const { status, body } = await search("editora=atica&ano_de=1990");
    expect(status).toBe(422);
    expect(body.errors?.termo).toBeDefined();
  });
});
