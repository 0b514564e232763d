import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each(["/", "/meupergamum", "/acervo/12?aba=marc#copias", "/?termo=a%20b&tipo=livre"])("keeps the same-origin path %s", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "http:evil.example",
    "%2F%2Fevil.example",
    "/%2F/evil.example",
    "/%5Cevil",
    "/%255Cevil",
    "javascript:alert(1)",
    "/\u0000/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    " /meupergamum",
    "evil.example",
    "/.//evil.example",
    "/%2e%2e//evil.example",
    "/./%2e//evil.example",
    "/a/..//evil.example",
    "/%2E%2E/%2E%2E//evil.example",
    "",
  ])("refuses %j", (value) => {
    expect(safeRedirect(value)).toBe("/");
  });

  it("returns the normalised path, so what was checked is what is sent", () => {
    expect(safeRedirect("/a/./b/../c?x=1#y")).toBe("/a/c?x=1#y");
    expect(safeRedirect("/%2e%2e/acervo/1")).toBe("/acervo/1");
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//evil.example", "/login")).toBe("/login");
    expect(safeRedirect(null, "/x")).toBe("/x");
  });
});
