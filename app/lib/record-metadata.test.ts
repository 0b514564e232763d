import { describe, expect, it } from "vitest";
import { coinsKev, jsonLdText, titleJsonLd, type RecordFields } from "./record-metadata";

const book: RecordFields = {
  cod_acervo: 7,
  titulo: "Pedagogia do oprimido",
  subtitulo: "ensaio",
  autor: "Freire, Paulo",
  autores_secundarios: ["Universidade de Brasília"],
  editora: "Paz e Terra",
  local_publicacao: "Rio de Janeiro",
  ano_publicacao: 1987,
  edicao: "17. ed.",
  isbn: "9788577531646 (broch.)",
  idioma: "por",
  desc_tipo_obra: "Livro",
  assuntos: ["Educação"],
};
const journal: RecordFields = {
  cod_acervo: 8,
  titulo: "Revista <Brasileira> de História",
  issn: "0102-0188",
  desc_tipo_obra: "Periódico",
  ano_publicacao: 1981,
};
const permalink = "https://biblioteca.example.org/acervo/7";

describe("COinS (Z39.88 KEV)", () => {
  it("describes a book: format, title with subtitle, ISBN without qualifier, every author, publisher and date", () => {
    const kev = new URLSearchParams(coinsKev(book, permalink));
    expect(kev.get("ctx_ver")).toBe("Z39.88-2004");
    expect(kev.get("rft_val_fmt")).toBe("info:ofi/fmt:kev:mtx:book");
    expect(kev.get("rft.btitle")).toBe("Pedagogia do oprimido: ensaio");
    expect(kev.get("rft.isbn")).toBe("9788577531646");
    expect(kev.getAll("rft.au")).toEqual(["Freire, Paulo", "Universidade de Brasília"]);
    expect(kev.get("rft.pub")).toBe("Paz e Terra");
    expect(kev.get("rft.date")).toBe("1987");
    expect(kev.get("rft_id")).toBe(permalink);
  });

  it("describes a periodical as a journal with its ISSN", () => {
    const kev = new URLSearchParams(coinsKev(journal));
    expect(kev.get("rft_val_fmt")).toBe("info:ofi/fmt:kev:mtx:journal");
    expect(kev.get("rft.jtitle")).toBe("Revista <Brasileira> de História");
    expect(kev.get("rft.issn")).toBe("0102-0188");
    expect(kev.has("rft.btitle")).toBe(false);
  });
});

describe("schema.org JSON-LD", () => {
  it("gives a book the required properties, a person author and a corporate one as an Organization", () => {
    const ld = JSON.parse(jsonLdText(titleJsonLd(book, permalink))) as Record<string, unknown>;
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("Book");
    expect(ld).toMatchObject({
      "@id": permalink,
      name: "Pedagogia do oprimido: ensaio",
      isbn: "9788577531646",
      datePublished: "1987",
      bookEdition: "17. ed.",
    });
    expect(ld.author).toEqual([
      { "@type": "Person", name: "Freire, Paulo" },
      { "@type": "Organization", name: "Universidade de Brasília" },
    ]);
  });

  it("calls a periodical a Periodical with its ISSN, and escapes '<' so the script element cannot be closed by a title", () => {
    const text = jsonLdText(titleJsonLd(journal, permalink));
    expect(text).not.toContain("<");
    const ld = JSON.parse(text) as Record<string, unknown>;
    expect(ld["@type"]).toBe("Periodical");
    expect(ld.issn).toBe("0102-0188");
    expect(ld.name).toBe("Revista <Brasileira> de História");
  });
});
