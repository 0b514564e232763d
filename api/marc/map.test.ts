import { describe, expect, it } from "vitest";
import { mapTitle } from "./map.ts";
import type { MarcRecord } from "./types.ts";

const withLinks = (...links: Array<{ u: string; three?: string }>): MarcRecord => ({
  leader: "00000nam a2200000 a 4500",
  fields: [
    { tag: "001", value: "L1" },
    { tag: "245", ind1: "1", ind2: "0", subfields: [{ code: "a", value: "Links" }] },
    ...links.map((l) => ({
      tag: "856",
      ind1: "4",
      ind2: "1",
      subfields: [...(l.three ? [{ code: "3", value: l.three }] : []), { code: "u", value: l.u }],
    })),
  ],
});

describe("a record's 856 links", () => {
  it("take a web image described as a cover as the title's cover", () => {
    const { title, links } = mapTitle(withLinks({ u: "https://covers.example.org/1.jpg", three: "Capa" }));
    expect(title.link_capa).toBe("https://covers.example.org/1.jpg");
    expect(links).toEqual([]);
  });

  it("never take a data: or javascript: address as the cover; it stays a link, which the pages show as text", () => {
    const { title, links } = mapTitle(
      withLinks({ u: "data:image/svg+xml,<svg onload=alert(1)>", three: "Capa" }, { u: "javascript:alert(1)//x.png" }),
    );
    expect(title.link_capa).toBeNull();
    expect(links.map((l) => l.url)).toEqual(["data:image/svg+xml,<svg onload=alert(1)>", "javascript:alert(1)//x.png"]);
  });
});

const titled = (tag: string, ind1: string, ind2: string, ...subfields: Array<[string, string]>): MarcRecord => ({
  leader: "00000nam a2200000 a 4500",
  fields: [
    { tag: "001", value: "T1" },
    { tag, ind1, ind2, subfields: subfields.map(([code, value]) => ({ code, value })) },
  ],
});

describe("a title's nonfiling characters", () => {
  it("keep the 245 second indicator: an initial article the title files without", () => {
    const { title } = mapTitle(titled("245", "1", "2", ["a", "A estrutura das revoluções científicas /"], ["c", "Thomas S. Kuhn."]));
    expect(title.titulo).toBe("A estrutura das revoluções científicas");
    expect(title.titulo_caracteres_ignorados).toBe(2);
    expect(mapTitle(titled("245", "0", "4", ["a", "The structure of scientific revolutions"])).title.titulo_caracteres_ignorados).toBe(4);
  });

  it("are none when the indicator is 0, blank or not a digit", () => {
    for (const ind2 of ["0", " ", "#", ""])
      expect(mapTitle(titled("245", "1", ind2, ["a", "A hora da estrela"])).title.titulo_caracteres_ignorados).toBe(0);
  });

  it("come from the field that gave the title when the 245 has none (130's first indicator, 240's second)", () => {
    expect(mapTitle(titled("130", "3", " ", ["a", "Os Lusíadas"])).title).toMatchObject({ titulo: "Os Lusíadas", titulo_caracteres_ignorados: 3 });
    expect(mapTitle(titled("240", "1", "2", ["a", "O guarani"])).title).toMatchObject({ titulo: "O guarani", titulo_caracteres_ignorados: 2 });
    expect(mapTitle(titled("246", "3", "1", ["a", "A variante"])).title.titulo_caracteres_ignorados).toBe(0);
  });
});

describe("a record's ISBN and ISSN", () => {
  const record = (tag: "020" | "022", a: string): MarcRecord => ({
    leader: "00000nas a2200000 a 4500",
    fields: [
      { tag: "001", value: "I1" },
      { tag: "245", ind1: "1", ind2: "0", subfields: [{ code: "a", value: "Revista" }] },
      { tag, ind1: " ", ind2: " ", subfields: [{ code: "a", value: a }] },
    ],
  });

  it.each([["85-256-0019-9 (broch.)"], ["8525600199"], ["978-85-256-0019-6"]])("store the ISBN %s as its ISBN-13", (a) => {
    expect(mapTitle(record("020", a)).title.isbn).toBe("9788525600196");
  });

  it.each([["0378-5955"], ["03785955"], ["0378 5955 (impresso)"]])("store the ISSN %s as NNNN-NNNN", (a) => {
    expect(mapTitle(record("022", a)).title.issn).toBe("0378-5955");
  });

  it("store an ISSN ending in x with a capital X", () => {
    expect(mapTitle(record("022", "2434561x")).title.issn).toBe("2434-561X");
  });
});
