/**
 * Words live in `messages.ts` (docs/contributing/adding-an-api-group.md): an API route module other than a
 * group's `messages.ts` holds no sentence table by language, and the domain picks no words at all (it answers
 * codes; the route words them). A table by language is found by its keys: `pt: "…"`, `es: "…"`, `en: "…"`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");

/** Modules that render a whole document in the patron's language (a PDF), not an answer's words. */
const RENDERERS = ["api/domain/no-debts-pdf.ts"];

const WORDS = /\b(pt|es|en):\s*["`]/;

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return modules(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [relative(ROOT, p)] : [];
  });
}

const withWords = (dir: string) => modules(resolve(ROOT, dir)).filter((f) => WORDS.test(readFileSync(resolve(ROOT, f), "utf8")));

describe("the API's words", () => {
  it("are in a group's messages.ts, never in another route module", () => {
    const routes = withWords("api/routes").filter((f) => !f.endsWith("/messages.ts"));
    expect(routes).toEqual([]);
  });

  it("are not chosen by the domain", () => {
    expect(withWords("api/domain").filter((f) => !RENDERERS.includes(f))).toEqual([]);
  });

  it("finds a table by language (the check can fail)", () => {
    expect(WORDS.test('const X = { pt: "Olá", es: "Hola", en: "Hello" };')).toBe(true);
    expect(WORDS.test("const X = { pt: `Olá ${n}` };")).toBe(true);
    expect(WORDS.test('const lang = langFromHeader(c.req.header("lang"));')).toBe(false);
  });
});
