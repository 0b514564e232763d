import { describe, expect, it } from "vitest";
import { expectTaggedPdf, pdfText } from "../../../../tests/support/pdf-text";
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

describe("the catalogue card", () => {
  it("turns names between direct and inverted order", () => {
    expect(directOrder("Souza, Ana Beatriz")).toBe("Ana Beatriz Souza");
    expect(invertedOrder("Helena Martins")).toBe("Martins, Helena");
    expect(invertedOrder("Martins, Helena")).toBe("Martins, Helena");
  });

  it("is laid out as a Brazilian card: main entry, title and responsibility, collation, notes, tracing, classification", () => {
    const p = cardParagraphs(REQUEST, ANSWER);
    expect(p.heading).toBe("Souza, Ana Beatriz.");
    expect(p.body).toBe(
      "Acessibilidade em catálogos de bibliotecas : um estudo com leitores de tela / Ana Beatriz Souza ; orientador: Helena Martins. – Brasília, 2026.",
    );
    expect(p.physical).toBe("87 f. : il.");
    expect(p.notes[1]).toBe("Trabalho de conclusão de curso (graduação) – Universidade Federal de Demonstração, Biblioteconomia, 2026.");
    expect(p.tracing).toBe("1. Acessibilidade. 2. Catálogos on-line. 3. Bibliotecas universitárias. I. Martins, Helena, orient. II. Título.");
  });

  it("is a tagged PDF (PDF/UA: structure tree, marked content, language, title shown) with the card's text", async () => {
    const pdf = await catalogueCardPdf(REQUEST, ANSWER, LABELS);
    expectTaggedPdf(pdf, "pt-BR");
    const text = pdfText(pdf);
    expect(text).toContain("Ficha catalográfica");
    expect(text).toContain("S729a");
    expect(text).toContain("Souza, Ana Beatriz.");
    expect(text).toContain("CDU 025.4:004.5");
    expect(text.replace(/\s+/g, " ")).toContain("2. Catálogos on-line.");
  });
});
