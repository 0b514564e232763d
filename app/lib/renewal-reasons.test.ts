import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RENEWAL_REASONS } from "../../contract/loans";

const locales = path.resolve(import.meta.dirname, "../../locales");

/** The API's renewal reason codes (contract/loans.ts) each have the portal's words, in every language. */
describe("renewal reasons", () => {
  it("are worded in every language, with the fallback for a code the portal does not know", () => {
    const langs = fs.readdirSync(locales);
    expect(langs.length).toBe(5);
    for (const lang of langs) {
      const reasons = JSON.parse(fs.readFileSync(path.join(locales, lang, "loans.json"), "utf8")).reasons as Record<string, string>;
      expect(
        [...RENEWAL_REASONS, "desconhecido"].filter((code) => !reasons[code]?.trim()),
        lang,
      ).toEqual([]);
    }
  });
});
