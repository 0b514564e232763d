import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, insertTitles, publicToken } from "../lib/testing.ts";
import { importFiles } from "../marc/import.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  await insertTitles(t.db, [
    { titulo: "Álgebra linear", autor: "Boldrini, José Luiz", assuntos: ["Álgebra linear", "Matemática"] },
    { titulo: "Cálculo", autor: "Stewart, James", assuntos: ["Cálculo", "Matemática"] },
    { titulo: "Banco de dados", autor: "Date, C. J.", assuntos: ["Banco de dados"] },
    { titulo: "Dom Casmurro", autor: "Assis, Machado de", assuntos: ["Ficção brasileira"] },
    { titulo: "Memórias póstumas de Brás Cubas", autor: "Assis, Machado de", assuntos: ["Ficção brasileira"] },
    { titulo: "Estatística básica", autor: "Bussab, Wilton", assuntos: ["Estatística", "Matemática"] },
  ]);
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

const page = async (qs: string) => {
  const res = await get(t.app, `/api/indice/${qs}`, token);
  expect(res.status).toBe(200);
  return (await res.json()) as { entradas: Array<{ chave: string; valor: string; total: number }>; anterior: string | null; proxima: string | null };
};
const values = (p: { entradas: Array<{ valor: string }> }) => p.entradas.map((e) => e.valor);

describe("browse indexes", () => {
  it("lists the indexes in the lang language", async () => {
    const res = await get(t.app, "/api/opcoes-indice", token, "5");
    const body = (await res.json()) as Array<{ codigo: string; descricao: string }>;
    expect(body.map((o) => o.codigo)).toEqual(["titulo", "serie", "autor", "assunto", "chamada", "isbn", "issn"]);
    expect(body[3].descricao).toBe("Subject");
  });

  it("lists subjects alphabetically, ignoring accents, with their number of titles", async () => {
    const p = await page("assunto?qtd=10");
    expect(values(p)).toEqual(["Álgebra linear", "Banco de dados", "Cálculo", "Estatística", "Ficção brasileira", "Matemática"]);
    expect(p.entradas.find((e) => e.valor === "Matemática")?.total).toBe(3);
    expect(p.anterior).toBeNull();
    expect(p.proxima).toBeNull();
  });

  it("starts at the entered point and pages forwards and backwards", async () => {
    const first = await page("assunto?termo=calc&qtd=2");
    expect(values(first)).toEqual(["Cálculo", "Estatística"]);
    expect(first.anterior).not.toBeNull();
    const next = await page(`assunto?de=${encodeURIComponent(first.proxima!)}&qtd=2`);
    expect(values(next)).toEqual(["Ficção brasileira", "Matemática"]);
    expect(next.proxima).toBeNull();
    const back = await page(`assunto?ate=${encodeURIComponent(first.anterior!)}&qtd=2`);
    expect(values(back)).toEqual(["Álgebra linear", "Banco de dados"]);
    expect(back.anterior).toBeNull();
  });

  it("counts one author entry for all of its titles, and shows them", async () => {
    const p = await page("autor?termo=assis");
    expect(p.entradas[0]).toMatchObject({ valor: "Assis, Machado de", total: 2 });
    const res = await get(t.app, `/api/indice/autor/titulos?chave=${encodeURIComponent(p.entradas[0].chave)}`, token);
    const body = (await res.json()) as { total: number; valor: string; resultados: Array<{ titulo: string; exemplares: number }> };
    expect(body.total).toBe(2);
    expect(body.valor).toBe("Assis, Machado de");
    expect(body.resultados.map((r) => r.titulo)).toEqual(["Dom Casmurro", "Memórias póstumas de Brás Cubas"]);
  });

  it("refuses an unknown index", async () => {
    const res = await get(t.app, "/api/indice/editora", token);
    expect(res.status).toBe(422);
  });
});

describe("the title index", () => {
  // MARC-in-JSON records as a library exports them: the 245 second indicator counts the initial article.
  const record = (id: string, ind2: string, a: string, b?: string) => ({
    leader: "00000nam a2200000 a 4500",
    fields: [
      { "001": id },
      { "003": "BR-BrBCE" },
      { "100": { ind1: "1", ind2: " ", subfields: [{ a: "Kuhn, Thomas S." }] } },
      { "245": { ind1: "1", ind2, subfields: [{ a: b ? `${a} :` : a }, ...(b ? [{ b }] : [])] } },
    ],
  });

  beforeAll(async () => {
    const file = path.join(t.dataDir, "titulos.json");
    fs.writeFileSync(
      file,
      JSON.stringify([
        record("1", "2", "A estrutura das revoluções científicas"),
        record("2", "4", "The structure of scientific revolutions"),
        record("3", "0", "A hora da estrela"),
        record("4", "2", "O guarani", "romance brasileiro"),
      ]),
    );
    expect(await importFiles(t.db, [file], { libraryFor: () => 1 })).toMatchObject({ imported: 4, errors: [] });
  });

  it("files an imported title without the initial article its 245 second indicator counts, and shows it whole", async () => {
    const p = await page("titulo?qtd=20");
    expect(values(p)).toEqual([
      "A hora da estrela", // second indicator 0: filed under A
      "Álgebra linear",
      "Banco de dados",
      "Cálculo",
      "Dom Casmurro",
      "Estatística básica",
      "A estrutura das revoluções científicas",
      "O guarani: romance brasileiro",
      "Memórias póstumas de Brás Cubas",
      "The structure of scientific revolutions",
    ]);
  });

  it("starts at the title's first filing word, and lists its titles under it", async () => {
    const p = await page("titulo?termo=estrutura&qtd=1");
    expect(p.entradas[0]).toMatchObject({ valor: "A estrutura das revoluções científicas", total: 1 });
    expect(p.anterior).not.toBeNull();
    const res = await get(t.app, `/api/indice/titulo/titulos?chave=${encodeURIComponent(p.entradas[0].chave)}`, token);
    const body = (await res.json()) as { total: number; resultados: Array<{ titulo: string }> };
    expect(body.resultados.map((r) => r.titulo)).toEqual(["A estrutura das revoluções científicas"]);
    expect(values(await page("titulo?termo=a&qtd=1"))).toEqual(["A hora da estrela"]);
  });
});
