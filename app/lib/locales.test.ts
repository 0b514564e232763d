import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "./i18n";

// Every namespace file of every language must have exactly pt's keys (pt is the source of truth).
const localesDir = path.resolve(import.meta.dirname, "../../locales");

function keys(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function read(lng: string, ns: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(localesDir, lng, `${ns}.json`), "utf8"));
}

const namespaces = fs
  .readdirSync(path.join(localesDir, "pt"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.replace(/\.json$/, ""));

describe("translations", () => {
  it("has a locales folder for every supported language and nothing else", () => {
    expect(fs.readdirSync(localesDir).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it("has at least the common namespace", () => {
    expect(namespaces).toContain("common");
  });

  for (const lng of SUPPORTED_LANGUAGES.filter((l) => l !== "pt")) {
    it(`${lng} has exactly the namespaces of pt`, () => {
      const files = fs
        .readdirSync(path.join(localesDir, lng))
        .filter((f) => f.endsWith(".json"))
        .map((f) => f.replace(/\.json$/, ""));
      expect(files.sort()).toEqual([...namespaces].sort());
    });
    for (const ns of namespaces) {
      it(`${lng}/${ns}.json has exactly pt's keys, none empty`, () => {
        const expected = keys(read("pt", ns)).sort();
        const actual = keys(read(lng, ns)).sort();
        expect(
          actual.filter((k) => !expected.includes(k)),
          "extra keys",
        ).toEqual([]);
        expect(
          expected.filter((k) => !actual.includes(k)),
          "missing keys",
        ).toEqual([]);
        const flat = (obj: unknown, k: string) => k.split(".").reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], obj);
        const data = read(lng, ns);
        expect(
          actual.filter((k) => typeof flat(data, k) !== "string" || (flat(data, k) as string).trim() === ""),
          "empty values",
        ).toEqual([]);
      });
    }
  }

  it("uses the exact search-required text of the spec", () => {
    const en = JSON.stringify(read("en", "common"));
    const pt = JSON.stringify(read("pt", "common"));
    expect(en).toContain("The above field is required.");
    expect(pt).toContain("O campo acima é obrigatório.");
  });
});
