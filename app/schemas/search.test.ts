import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { SearchSchema, TERM_REQUIRED_KEY } from "./search";

const parse = (query: string) => parseWithZod(new URLSearchParams(query), { schema: SearchSchema });
const termErrors = (query: string) => {
  const s = parse(query);
  return s.status === "error" ? s.error?.termo : undefined;
};

describe("search schema", () => {
  it("accepts a term and fills the spec's defaults (ordering C, page size 20, page 1, free search)", () => {
    const s = parse("termo=machado");
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value).toEqual({ termo: "machado", tipo: "livre", ordenacao: "C", qtd: 20, pagina: 1 });
  });

  it("keeps the chosen type, ordering, page size and page", () => {
    const s = parse("termo=gatos&tipo=assunto&ordenacao=Y&qtd=50&pagina=3");
    expect(s.status === "success" && s.value).toEqual({ termo: "gatos", tipo: "assunto", ordenacao: "Y", qtd: 50, pagina: 3 });
  });

  it("rejects an empty term with the 'field above is required' message key", () => {
    expect(parse("termo=&tipo=autor").status).toBe("error");
    expect(termErrors("termo=&tipo=autor")).toEqual([TERM_REQUIRED_KEY]);
  });

  it("rejects a term made only of spaces", () => {
    expect(termErrors("termo=%20%20%20")).toEqual([TERM_REQUIRED_KEY]);
  });

  it("rejects a missing term", () => {
    expect(termErrors("tipo=titulo")).toEqual([TERM_REQUIRED_KEY]);
  });

  it("asks for at least two characters", () => {
    expect(termErrors("termo=a")).toEqual(["catalogue:search.termTooShort"]);
  });

  it("trims the term", () => {
    const s = parse("termo=%20ecologia%20");
    expect(s.status === "success" && s.value.termo).toBe("ecologia");
  });

  it("falls back to defaults for malformed options in a hand-edited URL instead of failing", () => {
    const s = parse("termo=xy&tipo=foo&ordenacao=Z&qtd=7&pagina=-2");
    expect(s.status === "success" && s.value).toEqual({ termo: "xy", tipo: "livre", ordenacao: "C", qtd: 20, pagina: 1 });
  });

  it("keeps the typed term in the reply so the form can show it again", () => {
    const reply = parse("termo=&tipo=autor").reply();
    expect(reply.initialValue).toMatchObject({ tipo: "autor" });
  });
});
