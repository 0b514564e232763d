import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** Every "spec §N" the code cites must resolve to a section of docs/product.md, the contract in the repository. */
describe("docs/product.md", () => {
  it("has a section for every spec § the code cites", () => {
    const doc = fs.readFileSync(path.join(root, "docs", "product.md"), "utf8");
    const sections = new Set([...doc.matchAll(/^## (\d+)\. /gm)].map((m) => m[1]));
    const cited = new Set<string>();
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(ts|tsx|md)$/.test(e.name)) for (const m of fs.readFileSync(p, "utf8").matchAll(/spec §(\d+)/g)) cited.add(m[1]);
      }
    };
    for (const dir of ["app", "api", "tests", "docs"]) walk(path.join(root, dir));
    expect(cited.size).toBeGreaterThan(5);
    expect([...cited].filter((n) => !sections.has(n))).toEqual([]);
  });
});
