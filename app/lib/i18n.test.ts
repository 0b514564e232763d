import { describe, expect, it } from "vitest";
import { formatDate } from "./i18n";

describe("formatDate", () => {
  it("formats a day in each language without shifting it, the same on every call", () => {
    for (let i = 0; i < 2; i++) {
      expect(formatDate("2026-03-01", "pt")).toBe("01/03/2026");
      expect(formatDate("2026-03-01", "en")).toBe("3/1/26");
      expect(formatDate("2026-03-01T23:30:00Z", "pt")).toBe("01/03/2026");
    }
  });

  it("keeps each language's answer apart for the same value", () => {
    const pt = formatDate("2026-12-25", "pt");
    expect(formatDate("2026-12-25", "en")).not.toBe(pt);
    expect(formatDate("2026-12-25", "pt")).toBe(pt);
  });

  it("gives back a value that is not a date, and nothing for no value", () => {
    expect(formatDate("amanhã", "pt")).toBe("amanhã");
    expect(formatDate("amanhã", "pt")).toBe("amanhã");
    expect(formatDate(null, "pt")).toBe("");
    expect(formatDate(undefined, "en")).toBe("");
  });
});
