import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDue, formatLongDate, libraryTimeZone, setLibraryTimeZone } from "./i18n";

describe("formatDate", () => {
  it("formats a day in each language without shifting it, the same on every call", () => {
    for (let i = 0; i < 2; i++) {
      expect(formatDate("2026-03-01", "pt")).toBe("01/03/2026");
      expect(formatDate("2026-03-01", "en")).toBe("03/01/2026");
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

describe("dates in every language", () => {
  it("writes four-digit years in all five languages", () => {
    const day = { pt: "25/12/2026", en: "12/25/2026", es: "25/12/2026", fr: "25/12/2026", it: "25/12/2026" };
    for (const [lang, text] of Object.entries(day)) expect(formatDate("2026-12-25", lang)).toBe(text);
  });

  it("writes a day in words for sentences, in the patron's language", () => {
    expect(formatLongDate("2026-11-29", "pt")).toBe("29 de novembro de 2026");
    expect(formatLongDate("2026-11-29", "en")).toBe("November 29, 2026");
    expect(formatLongDate("2026-11-29", "es")).toBe("29 de noviembre de 2026");
    expect(formatLongDate("2026-11-29", "fr")).toBe("29 novembre 2026");
    expect(formatLongDate("2026-11-29", "it")).toBe("29 novembre 2026");
  });
});

describe("times in the library's time zone (ADR 226)", () => {
  it("shows an instant at the library's hour, not UTC's (08:44 UTC is 05:44 in Brasília)", () => {
    expect(libraryTimeZone()).toBe("America/Sao_Paulo");
    expect(formatDateTime("2026-11-27T08:44:00Z", "pt")).toBe("27/11/2026, 05:44");
    expect(formatDateTime("2026-11-27T08:44:00Z", "en")).toBe("11/27/2026, 05:44 AM");
  });

  it("puts a late evening on the library's day, not the next UTC day", () => {
    expect(formatDate("2026-11-28T01:30:00Z", "pt")).toBe("27/11/2026");
  });

  it("follows the configured zone, and ignores a zone it does not know", () => {
    try {
      setLibraryTimeZone("Europe/Lisbon");
      expect(formatDateTime("2026-11-27T08:44:00Z", "pt")).toBe("27/11/2026, 08:44");
      setLibraryTimeZone("Mars/Olympus");
      expect(libraryTimeZone()).toBe("America/Sao_Paulo");
    } finally {
      setLibraryTimeZone(undefined);
    }
  });

  it("gives an hourly loan's due hour and a day loan's day", () => {
    expect(formatDue("2026-11-27T20:00:00Z", "pt", true)).toBe("27/11/2026, 17:00");
    expect(formatDue("2026-11-27T20:00:00Z", "pt", false)).toBe("27/11/2026");
  });
});
