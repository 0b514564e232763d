import { describe, expect, it } from "vitest";
import { expectOneLinkTo } from "../../../../tests/support/pdf-structure";
import { expectTaggedPdf, pdfText } from "../../../../tests/support/pdf-text";
import { noDebtsPdf, verificationUrl } from "./no-debts-pdf.server";

const DECLARATION = {
  codigo: "7KQ2-M9XD-4HTP",
  nome_pessoa: "Marina Castro Ribeiro",
  documento: "2022000808",
  categoria: "Aluno de graduação",
  emitida_em: "2026-11-25T12:00:00.000Z",
  instituicao: { sigla: "UFD", nome: "Universidade Federal de Demonstração" },
};
const LABELS = {
  title: "Declaração de nada consta",
  body: "Declaramos, para os devidos fins, que Marina Castro Ribeiro, documento nº 2022000808, Aluno de graduação, não possui pendências.",
  issued: "Emitida em 25/11/2026.",
  verification_heading: "Verificação",
  code: "Código de verificação: 7KQ2-M9XD-4HTP",
  check_at: "Confira a autenticidade desta declaração em",
};

describe("the no-debts declaration's PDF", () => {
  it("points at the public verification page with the code", () => {
    expect(verificationUrl("https://biblioteca.example.org", "7KQ2-M9XD-4HTP")).toBe(
      "https://biblioteca.example.org/nada-consta/verificar?codigo=7KQ2-M9XD-4HTP",
    );
  });

  it("is a tagged PDF (structure tree, marked content, language, title shown) with the declaration's text and code", async () => {
    const url = verificationUrl("http://localhost:3000", DECLARATION.codigo);
    const pdf = await noDebtsPdf(DECLARATION, LABELS, "pt", url);
    expectTaggedPdf(pdf, "pt-BR");
    expect(pdf.toString("latin1")).toContain("/S /H2");
    const text = pdfText(pdf).replace(/\s+/g, " ");
    expect(text).toContain("Universidade Federal de Demonstração");
    expect(text).toContain("Declaração de nada consta");
    expect(text).toContain("Marina Castro Ribeiro");
    expect(text).toContain("Código de verificação: 7KQ2-M9XD-4HTP");
    expect(text).toContain("nada-consta/verificar?codigo=7KQ2-M9XD-4HTP");
  });

  it("makes the verification address a link: a URI link annotation inside a Link element that shows the address", async () => {
    const url = verificationUrl("https://biblioteca.example.org", DECLARATION.codigo);
    expectOneLinkTo(await noDebtsPdf(DECLARATION, LABELS, "pt", url), url);
  });

  it("takes the page's language as the document language", async () => {
    const pdf = await noDebtsPdf(DECLARATION, { ...LABELS, title: "No-debts declaration" }, "en", "http://x/nada-consta/verificar?codigo=1");
    expectTaggedPdf(pdf, "en");
  });
});
