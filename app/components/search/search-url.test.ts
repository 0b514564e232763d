import { describe, expect, it } from "vitest";
import { pageCount, pageWindow, subjectSearchHref, withParams } from "./search-url";

describe("withParams", () => {
  it("changes one parameter and keeps all the others", () => {
    expect(withParams("?termo=gato&tipo=autor&qtd=50&pagina=1", { pagina: 3 })).toBe("?termo=gato&tipo=autor&qtd=50&pagina=3");
  });
  it("removes a parameter set to null", () => {
    expect(withParams("termo=gato&pagina=2", { pagina: null })).toBe("?termo=gato");
  });
  it("encodes accents and spaces", () => {
    expect(withParams("", { termo: "educação física" })).toBe("?termo=educa%C3%A7%C3%A3o+f%C3%ADsica");
  });
});

describe("subjectSearchHref", () => {
  it("searches the home page by subject", () => {
    expect(subjectSearchHref("Ecologia")).toBe("/?termo=Ecologia&tipo=assunto");
  });
});

describe("pageCount", () => {
  it("rounds up and never returns zero", () => {
    expect(pageCount(41, 20)).toBe(3);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(0, 20)).toBe(1);
  });
});

describe("pageWindow", () => {
  it("lists every page when there are few", () => {
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it("shows gaps around a window in the middle", () => {
    expect(pageWindow(10, 20)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 20]);
  });
  it("fills a one-page gap with the page instead of an ellipsis", () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, "gap", 10]);
  });
  it("handles a single page", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
  });
});
