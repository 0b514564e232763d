import { describe, expect, it } from "vitest";
import { isIsbn, isIsbnOrIssn, isIssn, maxYear, pagesIssue } from "./request-fields";

describe("request fields shared by the portal and the API", () => {
  it("accepts an ISBN-13 and an ISBN-10 with a right check digit, hyphens or not", () => {
    expect(isIsbn("978-85-333-0227-3")).toBe(true);
    expect(isIsbn("9788533302273")).toBe(true);
    expect(isIsbn("0-306-40615-2")).toBe(true);
  });

  it("refuses an ISBN with a wrong check digit and text that is no ISBN at all", () => {
    expect(isIsbn("978-85-333-0227-4")).toBe(false);
    expect(isIsbnOrIssn("xyz!!")).toBe(false);
    expect(isIsbnOrIssn("")).toBe(false);
  });

  it("checks an ISSN's check digit, X standing for ten", () => {
    expect(isIssn("0100-1965")).toBe(true);
    expect(isIssn("0100-1966")).toBe(false);
    expect(isIssn("2434-561X")).toBe(true);
    expect(isIsbnOrIssn("0317-8471")).toBe(true);
  });

  it("the latest year is this year", () => {
    expect(maxYear(new Date("2026-06-01T12:00:00Z"))).toBe(2026);
  });

  it("pages are one page or a range in order", () => {
    expect(pagesIssue("45-62")).toBeNull();
    expect(pagesIssue("12")).toBeNull();
    expect(pagesIssue("62-45")).toBe("ordem");
    expect(pagesIssue("xyz")).toBe("formato");
  });
});
