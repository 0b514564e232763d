import { describe, expect, it } from "vitest";
import { carriedParams, groupFacets, withFilters } from "./facets";

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
