/**
 * No module imports itself through others (docs/contributing/README.md, "one place per kind of thing"). A circle
 * means two modules are one module split in the wrong place: the order they load in decides what is undefined.
 * Type-only imports are left out (they vanish at build time), as are React Router's generated `+types`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const TOP = ["app", "api", "contract"];
const EXTENSIONS = [".ts", ".tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" || name.startsWith(".") ? [] : sourceFiles(path);
    return EXTENSIONS.some((e) => name.endsWith(e)) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The value imports of a file: `import type …` and imports whose every name is `type X` are left out. */
export function valueImports(source: string): string[] {
  const found: string[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/g;
  for (const m of source.matchAll(statement)) {
    if (m[2]) continue;
    const names = /\{([^}]*)\}/.exec(m[3] ?? "");
    const defaultOrStar = (m[3] ?? "")
      .replace(/\{[^}]*\}/, "")
      .replace(/,/g, "")
      .trim();
    if (names && !defaultOrStar) {
      const parts = names[1]!
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      if (parts.length > 0 && parts.every((p) => p.startsWith("type "))) continue;
    }
    found.push(m[4]!);
  }
  for (const m of source.matchAll(/(?:^|\n)\s*import\s+["']([^"']+)["']/g)) found.push(m[1]!);
  return found;
}

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = join(ROOT, "app", spec.slice(2));
  else if (spec.startsWith(".")) base = resolve(dirname(from), spec);
  else return null;
  const candidates = [base, ...EXTENSIONS.map((e) => base.replace(/\.(js|ts|tsx)$/, "") + e), ...EXTENSIONS.map((e) => join(base, "index" + e))];
  for (const c of candidates) {
    try {
      if (statSync(c).isFile()) return c;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Strongly connected components with more than one file (Tarjan). */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

describe("import circles", () => {
  it("finds a circle and ignores type-only imports (the checker can fail)", () => {
    expect(valueImports('import type { A } from "./a";\nimport { type B } from "./b";\nimport { c } from "./c";\nexport * from "./d";')).toEqual([
      "./c",
      "./d",
    ]);
    const g = new Map([
      ["a", ["b"]],
      ["b", ["a"]],
      ["c", ["a"]],
    ]);
    expect(circles(g)).toEqual([["a", "b"]]);
  });

  it("app/, api/ and contract/ have none", () => {
    const graph = new Map<string, string[]>();
    for (const top of TOP) {
      for (const file of sourceFiles(join(ROOT, top))) {
        const deps = valueImports(readFileSync(file, "utf8"))
          .map((spec) => resolveImport(file, spec))
          .filter((d): d is string => d !== null);
        graph.set(file, deps);
      }
    }
    const found = circles(graph).map((c) => c.map((f) => relative(ROOT, f)).join(" ↔ "));
    expect(found).toEqual([]);
  });
});
