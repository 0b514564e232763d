import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { cardParagraphs, catalogueCardPdf, directOrder, invertedOrder } from "./catalogue-card-pdf.server";

const REQUEST = {
  autor: "Souza, Ana Beatriz",
  titulo: "Acessibilidade em catálogos de bibliotecas",
  subtitulo: "um estudo com leitores de tela",
  orientador: "Helena Martins",
  tipo_trabalho: "tcc",
  curso: "Biblioteconomia",
  ano: 2026,
  total_paginas: 87,
  ilustracoes: true,
};
const ANSWER = {
  cutter: "S729a",
  classificacao: "CDU 025.4:004.5",
  assuntos: ["Acessibilidade", "Catálogos on-line", "Bibliotecas universitárias"],
  instituicao: "Universidade Federal de Demonstração",
  local: "Brasília",
  bibliotecario: "Carla Nunes – CRB-1/1234",
};
const LABELS = { title: "Ficha catalográfica", made_by: "Ficha elaborada pela biblioteca.", librarian: "Bibliotecária responsável" };

/**
 * The text a PDF shows: every content stream inflated, its hex glyph strings decoded through the embedded
 * font's ToUnicode map (the card uses one font), one string per text-showing operator.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const streams: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf("endstream", start);
    const bytes = pdf.subarray(start, end);
    try {
      streams.push(zlib.inflateSync(bytes).toString("latin1"));
    } catch {
      streams.push(bytes.toString("latin1"));
    }
  }
  const cmap = new Map<number, string>();
  for (const s of streams.filter((x) => x.includes("beginbfrange"))) {
    for (const r of s.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      const first = parseInt(r[1], 16);
      [...r[3].matchAll(/<([0-9a-f ]+)>/gi)].forEach((e, i) => {
        cmap.set(first + i, String.fromCharCode(...e[1].trim().split(/\s+/).map((h) => parseInt(h, 16))));
      });
    }
  }
  const out: string[] = [];
  for (const s of streams.filter((x) => /T[Jj]/.test(x))) {
    for (const line of s.matchAll(/\[(.*?)\] TJ/g)) {
      out.push([...line[1].matchAll(/<([0-9a-f]+)>/gi)].map((h) => h[1].match(/.{4}/g)!.map((g) => cmap.get(parseInt(g, 16)) ?? "?").join("")).join(""));
    }
  }
  return out.join("\n");
}

describe("the catalogue card", () => {
  it("turns names between direct and inverted order", () => {
    expect(directOrder("Souza, Ana Beatriz")).toBe("Ana Beatriz Souza");
    expect(invertedOrder("Helena Martins")).toBe("Martins, Helena");
    expect(invertedOrder("Martins, Helena")).toBe("Martins, Helena");
  });

  it("is laid out as a Brazilian card: main entry, title and responsibility, collation, notes, tracing, classification", () => {
    const p = cardParagraphs(REQUEST, ANSWER);
    expect(p.heading).toBe("Souza, Ana Beatriz.");
    expect(p.body).toBe("Acessibilidade em catálogos de bibliotecas : um estudo com leitores de tela / Ana Beatriz Souza ; orientador: Helena Martins. – Brasília, 2026.");
    expect(p.physical).toBe("87 f. : il.");
    expect(p.notes[1]).toBe("Trabalho de conclusão de curso (graduação) – Universidade Federal de Demonstração, Biblioteconomia, 2026.");
    expect(p.tracing).toBe("1. Acessibilidade. 2. Catálogos on-line. 3. Bibliotecas universitárias. I. Martins, Helena, orient. II. Título.");
  });

  it("is a tagged PDF (PDF/UA: structure tree, marked content, language, title shown) with the card's text", async () => {
    const pdf = await catalogueCardPdf(REQUEST, ANSWER, LABELS);
    const raw = pdf.toString("latin1");
    expect(raw.startsWith("%PDF-1.7")).toBe(true);
    expect(raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
    const markInfo = /\/MarkInfo (\d+) 0 R/.exec(raw);
    expect(markInfo).not.toBeNull();
    expect(raw).toMatch(new RegExp(`\\n${markInfo![1]} 0 obj\\n<<\\n/Marked true`));
    expect(raw).toMatch(/\/Lang \(pt-BR\)/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    expect(raw).toContain("/S /H1");
    expect(raw).toContain("/FontFile2");
    const text = pdfText(pdf);
    expect(text).toContain("Ficha catalográfica");
    expect(text).toContain("S729a");
    expect(text).toContain("Souza, Ana Beatriz.");
    expect(text).toContain("CDU 025.4:004.5");
    expect(text.replace(/\s+/g, " ")).toContain("2. Catálogos on-line.");
  });
});
