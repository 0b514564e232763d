import { describe, expect, it } from "vitest";
import { headingHref } from "./heading-links";

const authorities = [{ cod_autoridade: 42, cabecalho: "Quintana, Mário, 1906-1994" }];

describe("headingHref", () => {
  it("links a heading the title shares with a linked authority to the authority page", () => {
    expect(headingHref("autor", "QUINTANA, Mario, 1906-1994.", authorities)).toEqual({ href: "/autoridade/42", authority: true });
  });

  it("otherwise links authors and subjects to a search in their field, without ISBD punctuation", () => {
    expect(headingHref("autor", "Veríssimo, Érico,", authorities).href).toBe("/?termo=Ver%C3%ADssimo%2C+%C3%89rico&tipo=autor");
    expect(headingHref("assunto", "Poesia brasileira.", []).href).toBe("/?termo=Poesia+brasileira&tipo=assunto");
  });

  it("searches a series without its numbering, and a publisher, as free text", () => {
    expect(headingHref("serie", "(Coleção Poesia ; 12)", []).href).toBe("/?termo=Cole%C3%A7%C3%A3o+Poesia&tipo=livre");
    expect(headingHref("editora", "Globo,", []).href).toBe("/?termo=Globo&tipo=livre");
  });
});
