import Database from "better-sqlite3";
import { Kysely, SqliteDialect, type Generated } from "kysely";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "./statement-cache.ts";

function open(max?: number) {
  const raw = new Database(":memory:");
  raw.exec("create table t (id integer primary key, name text); insert into t (name) values ('a'), ('b'), ('c')");
  const cached = withStatementCache(raw, max);
  return { raw, cached, db: new Kysely<{ t: { id: Generated<number>; name: string } }>({ dialect: new SqliteDialect({ database: cached }) }) };
}

describe("SQLite statement cache", () => {
  it("hands back the statement already prepared for the same SQL", () => {
    const { cached } = open();
    expect(cached.prepare("select * from t where id = ?")).toBe(cached.prepare("select * from t where id = ?"));
    expect(cached.prepare("select * from t where id = ?")).not.toBe(cached.prepare("select name from t where id = ?"));
  });

  it("binds each run's own parameters to a reused statement", async () => {
    const { db } = open();
    const byId = (id: number) => db.selectFrom("t").select("name").where("id", "=", id).executeTakeFirst();
    expect(await Promise.all([byId(1), byId(2), byId(3), byId(4)])).toEqual([{ name: "a" }, { name: "b" }, { name: "c" }, undefined]);
  });

  it("runs writes through reused statements and reads what they wrote", async () => {
    const { db } = open();
    for (const name of ["d", "e"]) await db.insertInto("t").values({ name }).execute();
    const rows = await db.selectFrom("t").select("name").orderBy("id").execute();
    expect(rows.map((r) => r.name)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("reads a first column as plain values, and the same SQL through Kysely still as rows", async () => {
    const { cached, db } = open();
    const query = db.selectFrom("t").select("id").where("id", ">", 1).orderBy("id").compile();
    expect(cached.firstColumn(query.sql, query.parameters)).toEqual([2, 3]);
    expect((await db.executeQuery(query)).rows).toEqual([{ id: 2 }, { id: 3 }]);
    expect(cached.firstColumn(query.sql, query.parameters)).toEqual([2, 3]);
  });

  it("keeps at most its limit, dropping the least recently used", () => {
    const { cached } = open(3);
    const first = cached.prepare("select 1");
    cached.prepare("select 2");
    cached.prepare("select 3");
    cached.prepare("select 1"); // used again: now the most recent
    cached.prepare("select 4"); // evicts "select 2"
    expect(cached.cachedStatements).toBe(3);
    expect(cached.prepare("select 1")).toBe(first);
    for (let i = 5; i < 100; i++) cached.prepare(`select ${i}`);
    expect(cached.cachedStatements).toBe(3);
  });

  it("prepares the same SQL anew when the cached statement is busy", () => {
    const { cached } = open();
    const stmt = cached.prepare("select name from t order by id") as unknown as Database.Statement;
    const iter = stmt.iterate();
    iter.next();
    const other = cached.prepare("select name from t order by id") as unknown as Database.Statement;
    expect(other).not.toBe(stmt);
    expect(other.all()).toEqual([{ name: "a" }, { name: "b" }, { name: "c" }]);
    iter.return?.();
  });
});
