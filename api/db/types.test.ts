import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "./index.ts";
import { migrateToLatest } from "./migrate.ts";

/** The tables and columns `api/db/types.ts` declares: `interface DB`'s properties and each table interface's. */
function declaredSchema(): Map<string, Set<string>> {
  const file = path.join(import.meta.dirname, "types.ts");
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((n) => {
    if (ts.isInterfaceDeclaration(n)) interfaces.set(n.name.text, n);
  });
  const propsOf = (i: ts.InterfaceDeclaration) =>
    i.members.filter(ts.isPropertySignature).map((m) => ({ name: m.name.getText(source), type: m.type }));
  const tables = new Map<string, Set<string>>();
  for (const { name, type } of propsOf(interfaces.get("DB")!)) {
    const ref = type && ts.isTypeReferenceNode(type) ? type.typeName.getText(source) : "";
    const table = interfaces.get(ref);
    if (!table) throw new Error(`DB.${name}: ${ref} is not an interface of types.ts`);
    const columns = new Set(propsOf(table).map((p) => p.name));
    for (const h of table.heritageClauses ?? [])
      for (const t of h.types) for (const p of propsOf(interfaces.get(t.expression.getText(source))!)) columns.add(p.name);
    tables.set(name, columns);
  }
  return tables;
}

let dir: string;
let db: Db;

// A fresh database migrated to the latest version: what every install has.
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-types-"));
  db = openDatabase({ dataDir: dir });
  await migrateToLatest(db);
}, 60_000);
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Kysely's own bookkeeping and the full-text index's virtual tables (and their shadow tables) are not in `DB`. */
const notDeclared = (name: string) => name.startsWith("kysely_") || name.startsWith("sqlite_") || /^acervo_busca(_|$)|^rede_busca(_|$)/.test(name);

describe("api/db/types.ts against the migrated schema", () => {
  it("declares every table the migrations create, with exactly its columns", async () => {
    const declared = declaredSchema();
    const actual = new Map(
      (await db.introspection.getTables()).filter((t) => !notDeclared(t.name)).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]),
    );
    expect(actual.size).toBeGreaterThan(50);
    expect([...actual.keys()].filter((t) => !declared.has(t)).sort(), "tables the types do not declare").toEqual([]);
    expect([...declared.keys()].filter((t) => !actual.has(t) && !notDeclared(t)).sort(), "declared tables no migration creates").toEqual([]);
    const columnDiffs: string[] = [];
    for (const [table, cols] of actual) {
      const typed = declared.get(table)!;
      for (const c of cols) if (!typed.has(c)) columnDiffs.push(`${table}.${c} not declared`);
      for (const c of typed) if (!cols.has(c)) columnDiffs.push(`${table}.${c} declared, not in the schema`);
    }
    expect(columnDiffs.sort()).toEqual([]);
  });
});
