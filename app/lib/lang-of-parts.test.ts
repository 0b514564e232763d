import { describe, expect, it } from "vitest";
import { langAttr, marcLanguageToBcp47 } from "./lang-of-parts";

describe("marcLanguageToBcp47", () => {
  it("maps MARC (ISO 639-2/B) codes to their two-letter BCP 47 tags", () => {
    expect(marcLanguageToBcp47("spa")).toBe("es");
    expect(marcLanguageToBcp47("eng")).toBe("en");
    expect(marcLanguageToBcp47("por")).toBe("pt");
    expect(marcLanguageToBcp47("fre")).toBe("fr");
    expect(marcLanguageToBcp47("ger")).toBe("de");
    expect(marcLanguageToBcp47(" ITA ")).toBe("it");
  });

  it("uses the ISO 639-2/T code for a language with no two-letter code", () => {
    expect(marcLanguageToBcp47("haw")).toBe("haw");
  });

  it("gives no tag for missing, malformed or non-language codes", () => {
    for (const code of [null, undefined, "", "und", "mul", "zxx", "mis", "|||", "es", "e1g"]) expect(marcLanguageToBcp47(code)).toBeNull();
  });
});

describe("langAttr", () => {
  it("marks text only when its language differs from the page's", () => {
    expect(langAttr("es", "pt")).toBe("es");
    expect(langAttr("pt", "pt")).toBeUndefined();
    expect(langAttr("pt", "pt-BR")).toBeUndefined();
    expect(langAttr("pt", "en")).toBe("pt");
    expect(langAttr(null, "en")).toBeUndefined();
  });
});
