import { describe, expect, it } from "vitest";
import { sanitizeInstitutionHtml } from "./institution-html.server";

describe("sanitizeInstitutionHtml", () => {
  it("keeps the allowlist and gives the same answer from its memo", () => {
    const html = '<p onclick="x()">Help: <a href="https://example.edu" target="_blank">desk</a><script>alert(1)</script><img src=x></p>';
    const expected = '<p>Help: <a href="https://example.edu" target="_blank" rel="noopener noreferrer">desk</a></p>';
    expect(sanitizeInstitutionHtml(html)).toBe(expected);
    expect(sanitizeInstitutionHtml(html)).toBe(expected);
    expect(sanitizeInstitutionHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
  });

  it("answers each text for itself, beyond the memo's bound", () => {
    for (let i = 0; i < 450; i++) expect(sanitizeInstitutionHtml(`<b>${i}</b><i>x</i>`)).toBe(`<b>${i}</b><i>x</i>`);
  });
});
