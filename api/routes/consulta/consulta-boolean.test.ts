import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinTerms } from "../../search/index.ts";
import { createTestApi, get, insertTitles, publicToken } from "../../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;

// Issue 28, ADR 257: the advanced search's rows joined by E (AND), OU (OR) and NAO (NOT), left to right.
const DATA = [
  { titulo: "Girassóis do cerrado", autor: "Silva, Ana", assuntos: ["Botânica"], ano_publicacao: 2001 },
  { titulo: "Girassóis na cidade", autor: "Souza, Bruno", assuntos: ["Urbanismo"], ano_publicacao: 2002 },
  { titulo: "Orquídeas do cerrado", autor: "Silva, Ana", assuntos: ["Botânica"], ano_publicacao: 2003 },
  { titulo: "Cactos do sertão", autor: "Lima, Carla", assuntos: ["Botânica"], ano_publicacao: 2004 },
  { titulo: "Poemas urbanos", autor: "Lima, Carla", assuntos: ["Poesia"], ano_publicacao: 2005 },
];

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  await insertTitles(t.db, DATA);
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

interface Facet {
  tipo: string;
  codigo: string;
  total: number;
}
const search = async (qs: string) => {
  const res = await get(t.app, `/api/consulta?ordenacao=T&${qs}`, token);
  return {
    status: res.status,
    body: (await res.json()) as { total: number; resultados: Array<{ titulo: string }>; errors?: Record<string, string[]> },
  };
};
const titles = async (qs: string) => {
  const r = await search(qs);
  expect(r.status).toBe(200);
  return r.body.resultados.map((h) => h.titulo);
};

describe("rows joined by operators", () => {
  it("joins with AND by default and with E", async () => {
    expect(await titles("titulo=cerrado&autor=silva")).toEqual(["Girassóis do cerrado", "Orquídeas do cerrado"]);
    expect(await titles("titulo=girassois&autor=silva&op_autor=E")).toEqual(["Girassóis do cerrado"]);
  });

  it("OU finds titles of either row", async () => {
    expect(await titles("titulo=girassois&autor=lima&op_autor=OU")).toEqual([
      "Cactos do sertão",
      "Girassóis do cerrado",
      "Girassóis na cidade",
      "Poemas urbanos",
    ]);
  });

  it("NAO leaves out the titles of its row", async () => {
    expect(await titles("titulo=girassois&autor=souza&op_autor=NAO")).toEqual(["Girassóis do cerrado"]);
    expect(await titles("titulo=orquideas&autor=silva&op_autor=NAO")).toEqual([]);
    expect(await titles("autor=silva&assunto=botanica&op_assunto=NAO")).toEqual([]);
    expect(await titles("titulo=cerrado&assunto=poesia&op_assunto=NAO")).toEqual(["Girassóis do cerrado", "Orquídeas do cerrado"]);
  });

  it("mixes operators, read left to right without precedence", async () => {
    // (girassois OR lima) NOT poesia: the poem is left out after the OR, not before it.
    expect(await titles("titulo=girassois&autor=lima&op_autor=OU&assunto=poesia&op_assunto=NAO")).toEqual([
      "Cactos do sertão",
      "Girassóis do cerrado",
      "Girassóis na cidade",
    ]);
    // (girassois NOT souza) OR poesia: with NOT binding first (FTS5's own rule) this would be the same; with AND
    // before OR, girassois AND (silva OR poesia) would differ.
    expect(await titles("titulo=girassois&autor=souza&op_autor=NAO&assunto=poesia&op_assunto=OU")).toEqual([
      "Girassóis do cerrado",
      "Poemas urbanos",
    ]);
    // (cerrado OR lima) AND botanica: AND binding first would give cerrado OR (lima AND botanica), which adds nothing
    // here, so a title of the first row outside the subject shows the difference.
    expect(await titles("titulo=cidade&autor=lima&op_autor=OU&assunto=botanica&op_assunto=E")).toEqual(["Cactos do sertão"]);
  });

  it("counts and facets use the same combination", async () => {
    const qs = "titulo=girassois&autor=lima&op_autor=OU&assunto=poesia&op_assunto=NAO";
    expect((await search(qs)).body.total).toBe(3);
    const res = await get(t.app, `/api/consulta/filtros?${qs}`, token);
    expect(res.status).toBe(200);
    const years = ((await res.json()) as { filtros: Facet[] }).filtros.filter((f) => f.tipo === "Y");
    expect(years.map((f) => [f.codigo, f.total]).sort()).toEqual([
      ["2001", 1],
      ["2002", 1],
      ["2004", 1],
    ]);
  });

  it("refuses a NOT on the first filled row, and an unknown operator", async () => {
    const first = await search("autor=souza&op_autor=NAO");
    expect(first.status).toBe(422);
    expect(first.body.errors?.autor?.[0]).toMatch(/NÃO/);
    const allNot = await search("autor=souza&op_autor=NAO&assunto=poesia&op_assunto=NAO");
    expect(allNot.status).toBe(422);
    expect(allNot.body.errors?.autor).toBeDefined();
    const bad = await search("titulo=girassois&autor=lima&op_autor=XOR");
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.op_autor).toBeDefined();
  });

  it("ignores the operator of an empty row", async () => {
    expect(await titles("titulo=cerrado&op_autor=NAO&autor=")).toEqual(["Girassóis do cerrado", "Orquídeas do cerrado"]);
  });
});

describe("joinTerms", () => {
  it("wraps what came before at each step, in both dialects", () => {
    expect(joinTerms(["a", "b", "c"], [undefined, "or", "not"], false)).toBe("((a) OR (b)) NOT (c)");
    expect(joinTerms(["a", "b", "c"], [undefined, "not", "and"], true)).toBe("((a) & !(b)) & (c)");
    expect(joinTerms(["a"], ["not"], false)).toBe("a");
  });
});
