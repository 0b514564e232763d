import { describe, expect, it } from "vitest";
import { pageTitle } from "./page-title";

describe("pageTitle", () => {
  it("appends the institution's name from the root data", () => {
    const matches = [
      { id: "root", loaderData: { site: { nome: "Universidade Demo", sigla: "UD" } } },
      { id: "home", loaderData: {} },
    ];
    expect(pageTitle("Catálogo online", matches)).toBe("Catálogo online | Universidade Demo");
  });
  it("falls back to the acronym, then to the page title alone", () => {
    expect(pageTitle("X", [{ id: "root", loaderData: { site: { nome: "", sigla: "UD" } } }])).toBe("X | UD");
    expect(pageTitle("X", [{ id: "root", loaderData: { site: null } }])).toBe("X");
    expect(pageTitle("X", [])).toBe("X");
  });
});
