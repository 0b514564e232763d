/**
 * The smaller patron-request rules called as functions: joining a waiting list, a comment's fields, and a purchase
 * suggestion's fields, duplicate and limit. Each answer is a code; the routes give the words and statuses.
 */
import { describe, expect, it } from "vitest";
import { commentFieldProblems } from "./comments.ts";
import { COMMENT_MAX_LENGTH } from "../../contract/request-fields.ts";
import { openSuggestionsRefusal, professorFieldProblems, suggestionFieldProblems } from "./suggestions.ts";
import { joinRefusal } from "./waiting-list.ts";

describe("joining a waiting list", () => {
  const inGoodStanding = { bloqueado: 0, desvinculado_em: null };

  it("is open to a patron in good standing when the title offers it", () => {
    expect(joinRefusal(inGoodStanding, { oferecida: true })).toBeNull();
  });

  it("is refused to a patron blocked by the library", () => {
    expect(joinRefusal({ bloqueado: 1, desvinculado_em: null }, { oferecida: true })).toBe("usuario_bloqueado");
  });

  it("is refused to a patron unlinked by a no-debts declaration", () => {
    expect(joinRefusal({ bloqueado: 0, desvinculado_em: "2026-01-10" }, { oferecida: true })).toBe("usuario_desvinculado");
  });

  it("is refused when the title can be requested or held instead", () => {
    expect(joinRefusal(inGoodStanding, { oferecida: false })).toBe("lista_espera_indisponivel");
  });
});

describe("a comment's fields", () => {
  it("have nothing wrong with a text and a known library", () => {
    expect(commentFieldProblems("Ótimo livro.", 1, true)).toEqual({});
  });

  it("need a text that is more than spaces", () => {
    expect(commentFieldProblems("   ", 1, true)).toEqual({ texto: "obrigatorio" });
  });

  it("refuse a text longer than the longest comment", () => {
    expect(commentFieldProblems("a".repeat(COMMENT_MAX_LENGTH + 1), 1, true)).toEqual({ texto: "invalido" });
  });

  it("need a library", () => {
    expect(commentFieldProblems("Ótimo livro.", null, false)).toEqual({ biblioteca: "obrigatorio" });
  });

  it("refuse a library the catalogue does not have", () => {
    expect(commentFieldProblems("Ótimo livro.", 99, false)).toEqual({ biblioteca: "invalido" });
  });
});

describe("a purchase suggestion's fields", () => {
  const campus1 = { cod_campus: 1 };

  it("need a library, a title and a publisher, in that order", () => {
    expect(Object.entries(suggestionFieldProblems({ titulo: " ", editor: "" }, null))).toEqual([
      ["biblioteca", "obrigatorio"],
      ["titulo", "obrigatorio"],
      ["editor", "obrigatorio"],
    ]);
  });

  it("refuse a library the catalogue does not have", () => {
    expect(suggestionFieldProblems({ biblioteca: 99, titulo: "T", editor: "E" }, null)).toEqual({ biblioteca: "invalido" });
  });

  it("refuse a campus that is not the library's", () => {
    expect(suggestionFieldProblems({ biblioteca: 1, campus: 2, titulo: "T", editor: "E" }, campus1)).toEqual({ campus: "invalido" });
  });

  it("accept a suggestion without a campus", () => {
    expect(suggestionFieldProblems({ biblioteca: 1, titulo: "T", editor: "E" }, campus1)).toEqual({});
  });
});

describe("a professor's suggestion", () => {
  const complete = { plano: 7, tipo_bibliografia: "B", exemplares: 2 };

  it("has nothing more to fix when plan, bibliography and copies are right", () => {
    expect(professorFieldProblems(complete, true)).toEqual({});
  });

  it("must be for one of the professor's own plans", () => {
    expect(professorFieldProblems(complete, false)).toEqual({ plano: "invalido" });
  });

  it("needs a plan, a bibliography type and a number of copies", () => {
    expect(professorFieldProblems({}, false)).toEqual({ plano: "obrigatorio", tipo_bibliografia: "obrigatorio", exemplares: "obrigatorio" });
  });

  it("refuses a bibliography type other than basic or complementary", () => {
    expect(professorFieldProblems({ ...complete, tipo_bibliografia: "X" }, true)).toEqual({ tipo_bibliografia: "invalido" });
  });

  it("refuses zero copies", () => {
    expect(professorFieldProblems({ ...complete, exemplares: 0 }, true)).toEqual({ exemplares: "invalido" });
  });

  it("is a duplicate of the same title open for the same plan, whatever its case and spaces", () => {
    expect(openSuggestionsRefusal("  Cálculo  I ", 7, [{ titulo: "cálculo i", cod_plano: 7 }], 5)).toBe("solicitacao_duplicada");
  });

  it("is no duplicate of the same title for another plan", () => {
    expect(openSuggestionsRefusal("Cálculo I", 7, [{ titulo: "Cálculo I", cod_plano: 8 }], 5)).toBeNull();
  });

  it("is refused at the category's limit of open suggestions", () => {
    expect(openSuggestionsRefusal("Cálculo I", 7, [{ titulo: "Álgebra", cod_plano: 7 }], 1)).toBe("limite_solicitacoes");
  });
});
