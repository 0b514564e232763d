/**
 * SQL lives in `api/db/` (docs/contributing/adding-an-api-group.md): neither a route module under `api/routes/`
 * nor a domain module under `api/domain/` builds a query. Their tests may (they set up data); routes and rules
 * call the group's `api/db/<group>.ts` functions.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const ROUTES = join(ROOT, "api/routes");
const DOMAIN = join(ROOT, "api/domain");

/** A query builder's entry points, or Kysely's raw `sql` tag and import. */
const SQL = /\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\s*\(|\bsql\s*(<[^>]*>)?`|from "kysely"/;

function routeModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? routeModules(p) : e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [p] : [];
  });
}

describe("the API's route modules", () => {
  it("hold no SQL", () => {
    const files = routeModules(ROUTES);
    expect(files.length).toBeGreaterThan(30);
    expect(files.filter((f) => SQL.test(readFileSync(f, "utf8"))).map((f) => relative(ROOT, f))).toEqual([]);
  });

  it("finds a query in a route module (the check can fail)", () => {
    expect(SQL.test('const r = await db.selectFrom("acervo").selectAll().execute();')).toBe(true);
    expect(SQL.test("const n = sql<number>`count(*)`;")).toBe(true);
    expect(SQL.test("const r = await titleRow(db, id);")).toBe(false);
  });
});

describe("the API's domain modules", () => {
  it("hold no SQL", () => {
    const files = routeModules(DOMAIN).map((f) => relative(ROOT, f));
    expect(files.length).toBeGreaterThan(30);
    expect(files.filter((f) => SQL.test(readFileSync(join(ROOT, f), "utf8")))).toEqual([]);
  });
});
