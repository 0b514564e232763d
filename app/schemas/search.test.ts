import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ANY_TOO_SHORT_KEY, AdvancedSearchSchema, filledRows, NOT_FIRST_KEY, SearchSchema, TERM_REQUIRED_KEY } from "./search";

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

describe("advanced search: contains-any (spec §5, §9)", () => {
  const advanced = (query: string) => parseWithZod(new URLSearchParams(query), { schema: AdvancedSearchSchema });

  it("matches every word unless asked otherwise; an unknown mode falls back to every word", () => {
    const s = advanced("titulo=brasil");
    expect(s.status === "success" && s.value.modo).toBe("todas");
    const odd = advanced("titulo=brasil&modo=talvez");
    expect(odd.status === "success" && odd.value.modo).toBe("todas");
  });

  it("accepts any of the words when one has 3 letters or more", () => {
    const s = advanced("titulo=de+ab+mar&modo=qualquer");
    expect(s.status === "success" && s.value).toMatchObject({ titulo: "de ab mar", modo: "qualquer" });
  });

  it("refuses, on that field, a contains-any field whose words are all shorter than 3 letters", () => {
    const s = advanced("titulo=de+ab&autor=machado&modo=qualquer");
    expect(s.status).toBe("error");
    expect(s.status === "error" && s.error).toEqual({ titulo: [ANY_TOO_SHORT_KEY] });
    // The same words are a valid all-words search.
    expect(advanced("titulo=de+ab&autor=machado").status).toBe("success");
  });
});

describe("advanced search: rows joined by E / OU / NÃO (ADR 257)", () => {
  const advanced = (query: string) => parseWithZod(new URLSearchParams(query), { schema: AdvancedSearchSchema });

  it("joins with AND unless asked otherwise, and keeps the chosen operators", () => {
    const plain = advanced("titulo=brasil&autor=freyre");
    expect(plain.status === "success" && plain.value).toMatchObject({ op_autor: "E", op_assunto: "E" });
    const chosen = advanced("titulo=brasil&autor=freyre&op_autor=OU&assunto=poesia&op_assunto=NAO");
    expect(chosen.status === "success" && chosen.value).toMatchObject({ op_autor: "OU", op_assunto: "NAO" });
  });

  it("reads a hand-edited, unknown operator as AND instead of failing", () => {
    const s = advanced("titulo=brasil&autor=freyre&op_autor=XOR&op_assunto=");
    expect(s.status === "success" && s.value).toMatchObject({ op_autor: "E", op_assunto: "E" });
  });

  it("refuses NOT on the first filled row, on that row, and when every row is NOT", () => {
    const first = advanced("autor=freyre&op_autor=NAO");
    expect(first.status === "error" && first.error).toEqual({ autor: [NOT_FIRST_KEY] });
    const all = advanced("autor=freyre&op_autor=NAO&assunto=poesia&op_assunto=NAO");
    expect(all.status === "error" && all.error).toEqual({ autor: [NOT_FIRST_KEY] });
    // NOT after a filled row is fine, and an empty row's operator is ignored.
    expect(advanced("titulo=brasil&autor=freyre&op_autor=NAO").status).toBe("success");
    expect(advanced("titulo=brasil&op_autor=NAO&op_assunto=NAO").status).toBe("success");
  });

  it("lists the filled rows in form order, the first one's operator ignored", () => {
    expect(filledRows({ autor: "freyre", op_autor: "OU", assunto: "poesia", op_assunto: "NAO" })).toEqual([
      { row: "autor", text: "freyre", operator: "E" },
      { row: "assunto", text: "poesia", operator: "NAO" },
    ]);
  });
});
