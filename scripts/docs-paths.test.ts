import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** The repository's folders a document may name a file in. */
const ROOTS = ["app/", "api/", "contract/", "tests/", "scripts/", "bench/", "docs/", "locales/", "public/", ".ci/"];

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? markdownFiles(p) : e.name.endsWith(".md") ? [p] : [];
  });
}

/**
 * The file paths a document names: `code spans` that start with one of the repository's folders, and relative
 * links. Patterns and templates (`*`, `<name>`, `{a,b}`, `NNN`, `…`) are not paths; a trailing `:line` is dropped.
 */
export function namedPaths(text: string, docDir: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/`([^`\s]+)`|\]\(([^)\s#]+)/g)) {
    let p = m[1] ?? m[2];
    if (m[2]) {
      if (/^[a-z]+:/i.test(p)) continue;
      p = path.relative(root, path.resolve(docDir, p));
    } else if (!ROOTS.some((r) => p.startsWith(r))) continue;
    p = p.replace(/[.,:;]+$/, "").replace(/:\d+(-\d+)?$/, "");
    if (/[*<>{}$…]|NNN/.test(p)) continue;
    found.push(p);
  }
  return found;
}

/** Every file a document names exists, so the docs never send a newcomer to a file that moved (issue: one shape). */
describe("paths named in the documentation", () => {
  it("finds the paths a document names, and skips patterns", () => {
    const names = namedPaths(
      "See `api/search/query.ts:12`, `app/routes/*.tsx`, [ADR](../decisions/001-x.md) and `npm test`.",
      path.join(root, "docs", "contributing"),
    );
    expect(names).toEqual(["api/search/query.ts", "docs/decisions/001-x.md"]);
  });

  it("exist, in docs/ and the README", () => {
    const docs = [...markdownFiles(path.join(root, "docs")), path.join(root, "README.md")];
    expect(docs.length).toBeGreaterThan(50);
    const missing: string[] = [];
    let checked = 0;
    for (const doc of docs) {
      for (const p of namedPaths(fs.readFileSync(doc, "utf8"), path.dirname(doc))) {
        checked++;
        if (!fs.existsSync(path.join(root, p))) missing.push(`${path.relative(root, doc)} → ${p}`);
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(missing).toEqual([]);
  });
});

/** Every decision has its date and status line and a line in the index by area (docs/decisions/README.md). */
describe("docs/decisions", () => {
  const dir = path.join(root, "docs", "decisions");
  const adrs = fs.readdirSync(dir).filter((f) => /^\d{3}-.*\.md$/.test(f));

  it("has a date and a status in each ADR's first lines", () => {
    expect(adrs.length).toBeGreaterThan(80);
    const without = adrs.filter(
      (f) => !/^Date: \d{4}-\d{2}-\d{2}\. Status: \S/m.test(fs.readFileSync(path.join(dir, f), "utf8").split("\n").slice(0, 5).join("\n")),
    );
    expect(without).toEqual([]);
  });

  it("indexes every ADR once, and only ADRs that exist", () => {
    const index = fs.readFileSync(path.join(dir, "README.md"), "utf8");
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(linked.filter((f, i) => linked.indexOf(f) !== i)).toEqual([]);
    expect(adrs.filter((f) => !linked.includes(f))).toEqual([]);
    expect(new Set(adrs.map((f) => f.slice(0, 3))).size).toBe(adrs.length);
  });
});
