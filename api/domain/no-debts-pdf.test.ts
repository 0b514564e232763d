import { describe, expect, it } from "vitest";
import { expectOneLinkTo, readTaggedPdf, structElements } from "../../tests/support/pdf-structure";
import { declarationPdf, verificationAddress } from "./no-debts-pdf.ts";

const DECLARATION = {
  cod_pessoa: 5,
  codigo: "7KQ2-M9XD-4HTP",
  nome_pessoa: "Marina Castro Ribeiro",
  documento: "2022000808",
  categoria: "Aluno de graduação",
  emitida_em: "2026-11-25T12:00:00.000Z",
};
const INSTITUTION = { nome: "Universidade Federal de Demonstração", sigla: "UFD" };

describe("the no-debts declaration's PDF as the API mails it", () => {
  it("has the declaration's title and its verification section as headings", async () => {
    const { root } = readTaggedPdf(await declarationPdf(DECLARATION, INSTITUTION, "pt", "https://biblioteca.example.org"));
    expect(structElements(root, "H1").map((h) => h.text)).toEqual(["Declaração de nada consta"]);
    expect(structElements(root, "H2").map((h) => h.text)).toEqual(["Verificação"]);
  });

  it("makes the verification address a link: a URI link annotation inside a Link element that shows the address", async () => {
    const url = verificationAddress("https://biblioteca.example.org/", DECLARATION.codigo);
    expect(url).toBe("https://biblioteca.example.org/nada-consta/verificar?codigo=7KQ2-M9XD-4HTP");
    expectOneLinkTo(await declarationPdf(DECLARATION, INSTITUTION, "en", "https://biblioteca.example.org/"), url);
  });

  it("shows the address's path as text, never a link to nowhere, when no public address is configured", async () => {
    const { root, annotations } = readTaggedPdf(await declarationPdf(DECLARATION, INSTITUTION, "pt", undefined));
    expect(annotations).toEqual([]);
    expect(structElements(root, "Link")).toEqual([]);
    expect(root.text).toContain("/nada-consta/verificar?codigo=7KQ2-M9XD-4HTP");
  });
});
