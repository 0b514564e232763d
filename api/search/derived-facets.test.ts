import { describe, expect, it } from "vitest";
import { collectionOf, DERIVED_CODE, derivedFacets, facetKey, placeOf, publisherOf, repositoryOf, subjectOf } from "./derived-facets.ts";

describe("derived facet values", () => {
  it("makes stable codes from headings (folded, hyphens, any script)", () => {
    expect(facetKey("São Paulo")).toBe("sao-paulo");
    expect(facetKey("Silva, João, 1950-")).toBe("silva-joao-1950");
    expect(facetKey("Толстой, Лев")).toBe("толстои-лев");
    expect(facetKey("x".repeat(80))).toHaveLength(60);
    for (const code of ["sao-paulo", "loc.gov", "толстои-лев"]) expect(DERIVED_CODE.test(code)).toBe(true);
    for (const code of ["", "-a", "a b", "a/b"]) expect(DERIVED_CODE.test(code)).toBe(false);
  });

  it("cleans places, publishers, collections and subjects", () => {
    expect(placeOf("New York, NY")).toBe("New York");
    expect(placeOf("[Paris] :")).toBe("Paris");
    expect(placeOf("[S.l.]")).toBeNull();
    expect(placeOf("Local não identificado")).toBeNull();
    expect(publisherOf("Atlas,")).toBe("Atlas");
    expect(publisherOf("[s.n.]")).toBeNull();
    expect(collectionOf("(Estudos Brasileiros ; ; 84)")).toBe("Estudos Brasileiros");
    expect(subjectOf("Democracia -- Brasil")).toBe("Democracia");
    expect(subjectOf("Democracia - -- Estados Unidos")).toBe("Democracia");
  });

  it("names the repository of an online copy by its registrable domain, unwrapping proxies", () => {
    expect(repositoryOf("https://hdl.loc.gov/loc.gmd/g1")).toEqual({ codigo: "loc.gov", descricao: "Library of Congress" });
    expect(repositoryOf("http://ezproxy.uni.ca/login?url=https://www.scielo.br/j/x")).toEqual({ codigo: "scielo.br", descricao: "SciELO" });
    expect(repositoryOf("https://integrada.minhabiblioteca.com.br/books/1")).toEqual({
      codigo: "minhabiblioteca.com.br",
      descricao: "Minha Biblioteca",
    });
    expect(repositoryOf("https://www.amazon.co.uk/dp/1")?.codigo).toBe("amazon.com");
    expect(repositoryOf("https://repositorio.ufrgs.br/handle/1")).toEqual({ codigo: "ufrgs.br", descricao: "ufrgs.br" });
    expect(repositoryOf("not a url")).toBeNull();
    expect(repositoryOf("http://10.0.0.1/x")).toBeNull();
  });

  it("derives every value of a title once, skipping related-resource links", () => {
    // Catalogued as MARC gives them: ISBD punctuation ("Silva, Maria.", "Porto Alegre :") that the codes drop.
    const values = derivedFacets({
      autor: "Silva, Maria.",
      autores_secundarios: JSON.stringify(["Silva, Maria", "Souza, Ana"]),
      assuntos: JSON.stringify(["Geologia -- Brasil", "Geologia -- Métodos"]),
      editora: "Atlas",
      local_publicacao: "Porto Alegre :",
      serie: null,
      links: ["https://www.loc.gov/toc/1", "https://archive.org/details/x"],
      marc: JSON.stringify({ fields: [{ "856": { ind2: "2", subfields: [{ u: "https://www.loc.gov/toc/1" }] } }] }),
    });
    expect(values.map((v) => `${v.tipo}:${v.codigo}`).sort()).toEqual([
      "A:silva-maria",
      "A:souza-ana",
      "E:atlas",
      "P:porto-alegre",
      "R:archive.org",
      "S:geologia",
    ]);
  });
});
