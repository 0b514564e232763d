import { describe, expect, it } from "vitest";
import { carriedParams, facetInputId, groupFacets, withFilters } from "./facets";
import { FILTER_VALUE } from "~/schemas/search";

const f = (tipo: string, codigo: string) => ({ tipo, codigo, descricao: codigo, total: 1, totalSemFiltro: 1 });

describe("facet helpers", () => {
  it("groups values by type in the spec's order, unknown types last", () => {
    const groups = groupFacets([f("Y", "2020"), f("Q", "1"), f("T", "1"), f("X", "O"), f("Y", "2019")]);
    expect(groups.map((g) => g.tipo)).toEqual(["X", "T", "Y", "Q"]);
    expect(groups[2].values.map((v) => v.codigo)).toEqual(["2020", "2019"]);
  });

  it("replaces the selected filters and goes back to page 1, keeping the search", () => {
    expect(withFilters("?termo=mapas&filtro=T:1&filtro=Y:SD&pagina=3", ["Y:SD"])).toBe("?termo=mapas&filtro=Y%3ASD");
    expect(withFilters("?termo=mapas&filtro=T:1", [])).toBe("?termo=mapas");
  });

  it("carries every parameter but the filters and the page into the facet form", () => {
    expect(carriedParams("?termo=a+b&tipo=autor&filtro=T:1&pagina=2&qtd=50")).toEqual([
      ["termo", "a b"],
      ["tipo", "autor"],
      ["qtd", "50"],
    ]);
  });
});

describe("derived facet values in the portal", () => {
  it("accepts the codes of authors, subjects and repositories in the URL, and rejects others", () => {
    for (const v of ["A:silva-maria", "S:politica", "R:loc.gov", "A:толстои-лев", "T:1", "Y:SD", "NA_C:2"])
      expect(FILTER_VALUE.test(v), v).toBe(true);
    for (const v of ["A:", "A:-x", "A:a b", "R:a/b", "a:x", `E:${"x".repeat(61)}`]) expect(FILTER_VALUE.test(v), v).toBe(false);
  });

  it("gives each checkbox an id unique in its group, whatever the code", () => {
    const ids = [f("A", "толстои-лев"), f("A", "чехов-антон")].map((x, i) => facetInputId(x, i));
    expect(new Set(ids).size).toBe(2);
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
