import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, insertTitles, publicToken } from "../../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  await insertTitles(t.db, [
    { titulo: "Memórias póstumas de Brás Cubas", autor: "Machado de Assis, Joaquim Maria", assuntos: ["Ficção brasileira"] },
    { titulo: "Dom Casmurro", autor: "Machado de Assis, Joaquim Maria", assuntos: ["Ficção brasileira"] },
    { titulo: "Machados e ferramentas", autor: "Lima, José", assuntos: ["Marcenaria"] },
    { titulo: "História do Brasil", autor: "Fausto, Boris", assuntos: ["Brasil -- História"] },
    { titulo: "100% algodão", autor: "Souza, Ana" },
  ]);
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

interface Body {
  sugestoes: Array<{ tipo: string; valor: string; total: number }>;
  errors?: Record<string, string[]>;
}
const suggest = async (qs: string) => {
  const res = await get(t.app, `/api/consulta/autocompletar?${qs}`, token);
  return { status: res.status, body: (await res.json()) as Body };
};

describe("GET /api/consulta/autocompletar", () => {
  it("suggests titles, authors and subjects starting with the text, accent- and case-insensitive", async () => {
    const { status, body } = await suggest("termo=MACHADO");
    expect(status).toBe(200);
    expect(body.sugestoes).toEqual([
      { tipo: "titulo", valor: "Machados e ferramentas", total: 1 },
      { tipo: "autor", valor: "Machado de Assis, Joaquim Maria", total: 2 },
    ]);
    expect((await suggest("termo=ficcao")).body.sugestoes).toEqual([{ tipo: "assunto", valor: "Ficção brasileira", total: 2 }]);
    expect((await suggest("termo=historia do br")).body.sugestoes.map((s) => s.valor)).toEqual(["História do Brasil"]);
  });

  it("keeps to the field's own kind for a field search", async () => {
    expect((await suggest("termo=machado&tipo=autor")).body.sugestoes.map((s) => s.tipo)).toEqual(["autor"]);
    expect((await suggest("termo=brasil&tipo=assunto")).body.sugestoes).toEqual([{ tipo: "assunto", valor: "Brasil -- História", total: 1 }]);
  });

  it("reads LIKE wildcards as text and gives nothing below two letters", async () => {
    expect((await suggest("termo=100%25")).body.sugestoes.map((s) => s.valor)).toEqual(["100% algodão"]);
    expect((await suggest("termo=m")).body.sugestoes).toEqual([]);
    expect((await suggest("termo=%25%25")).body.sugestoes).toEqual([]);
  });

  it("answers at most qtd suggestions", async () => {
    expect((await suggest("termo=ma&qtd=1")).body.sugestoes).toHaveLength(1);
  });

  it("refuses a missing text, a bad field and limits out of range (422 by field)", async () => {
    for (const [qs, field] of [
      ["", "termo"],
      ["termo=ma&tipo=isbn", "tipo"],
      ["termo=ma&qtd=11", "qtd"],
      ["termo=ma&qtd=0", "qtd"],
      [`termo=${"a".repeat(201)}`, "termo"],
    ] as const) {
      const { status, body } = await suggest(qs);
      expect(status, qs).toBe(422);
      expect(Object.keys(body.errors ?? {}), qs).toContain(field);
    }
  });

  it("needs a token", async () => {
    expect((await t.app.request("/api/consulta/autocompletar?termo=ma")).status).toBe(401);
  });
});
