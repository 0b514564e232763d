import { describe, expect, it } from "vitest";
import { languageName, parseCodAcervo } from "./acervo.server";

describe("parseCodAcervo", () => {
  it("accepts a positive decimal id", () => {
    expect(parseCodAcervo("42")).toBe(42);
  });
  it.each(["abc", "0", "-1", "1.5", "01", "1e3", "", "12345678901234567890"])("rejects %j", (raw) => {
    expect(parseCodAcervo(raw)).toBeNull();
  });
});

describe("languageName", () => {
  it("names a MARC language code in the page language", () => {
    expect(languageName("por", "Português", "en")).toBe("Portuguese");
    expect(languageName("eng", null, "pt")).toBe("Inglês");
  });
  it("falls back to the API's description for codes without a name", () => {
    expect(languageName("und", "Indeterminado", "en")).toBe("Indeterminado");
  });
  it("returns null when there is nothing to show", () => {
    expect(languageName(null, null, "pt")).toBeNull();
  });
});
