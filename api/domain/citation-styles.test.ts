import { describe, expect, it } from "vitest";
import { exportTitles, formatCitation, type CitationSource } from "./citations.ts";

const book: CitationSource = {
  cod_acervo: 1,
  titulo: "Pedagogia do oprimido",
  subtitulo: null,
  autor: "Freire, Paulo, 1921-1997",
  autores_secundarios: [],
  assuntos: [],
  edicao: "17. ed.",
  local_publicacao: "Rio de Janeiro",
  editora: "Paz e Terra",
  ano_publicacao: 1987,
  isbn: null,
  issn: null,
  serie: null,
  chamada: null,
  idioma: "por",
  marc: null,
};
/** A corporate main entry (MARC 110 with a subordinate unit), as the importer stores it. */
const corporate: CitationSource = {
  ...book,
  cod_acervo: 2,
  titulo: "Relatório de gestão",
  autor: "Brasil. Ministério da Educação",
  edicao: null,
  marc: JSON.stringify({
    leader: "00000nam a2200000 a 4500",
    fields: [{ "110": { ind1: "1", ind2: " ", subfields: [{ a: "Brasil." }, { b: "Ministério da Educação" }] } }],
  }),
};

describe("citation styles of the reference page", () => {
  it("writes the MLA entry: inverted author, title, edition, publisher, year", async () => {
    expect(await formatCitation("mla", book)).toBe("Freire, Paulo. Pedagogia do oprimido. 17th ed., Paz e Terra, 1987.");
  });

  it("writes the Chicago bibliography entry with the place before the publisher", async () => {
    expect(await formatCitation("chicago", book)).toBe("Freire, Paulo. Pedagogia do oprimido. 17th ed. Rio de Janeiro: Paz e Terra, 1987.");
  });

  it("writes the Vancouver entry with the author's initials", async () => {
    expect(await formatCitation("vancouver", book)).toMatch(/^1\. Freire P\. Pedagogia do oprimido\. 17th ed\. Rio de Janeiro: Paz e Terra; 1987\./);
  });

  it("gives APA a corporate author (MARC 110) as the organisation's whole name, not a person's initials", async () => {
    const apa = await formatCitation("apa", corporate);
    expect(apa.startsWith("Brasil. Ministério da Educação. (1987).")).toBe(true);
    expect(apa).not.toMatch(/Ministério da Educação, B\./);
  });

  it("lists MLA, Chicago and Vancouver among the export formats, one entry per title", async () => {
    const out = await exportTitles([book, corporate], "mla");
    expect(out.conteudo.split("\n")).toHaveLength(2);
    expect(out.extensao).toBe("txt");
  });
});
