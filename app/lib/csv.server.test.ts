import { describe, expect, it } from "vitest";
import { csvCell, csvResponse, csvText } from "./csv.server";

describe("CSV downloads", () => {
  it("quotes every cell, doubles quotes and neutralises a leading formula character", () => {
    expect(csvCell('Um "livro"')).toBe('"Um ""livro"""');
    expect(csvCell("=HYPERLINK(1)")).toBe(`"'=HYPERLINK(1)"`);
    expect(csvCell(null)).toBe('""');
    expect(csvCell(3)).toBe('"3"');
  });

  it("writes a BOM, a header and CRLF rows, and answers as a private attachment", async () => {
    const text = csvText(["Título", "Data"], [["Ação", "2026-01-02"]]);
    expect(text).toBe('\uFEFF"Título","Data"\r\n"Ação","2026-01-02"\r\n');
    const res = csvResponse(text, 'a"b.csv');
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="a_b.csv"');
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
