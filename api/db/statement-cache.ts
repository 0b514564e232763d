/**
 * Prepared-statement reuse for SQLite (ADR 210). Kysely's SQLite driver calls `prepare(sql)` for every query;
 * preparing (parsing and planning the SQL) cost more than running most of the API's small queries. This wraps
 * a better-sqlite3 database so `prepare` returns the statement already prepared for the same SQL text, keeping
 * the most recently used `max` of them (a statement is only a compiled program; its parameters are bound anew
 * at each run).
 */
import type Database from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/** The database handle Kysely's SqliteDialect receives, with a bounded statement cache in front of `prepare`. */
export interface CachingSqliteDatabase extends SqliteDatabase {
  /** How many statements the cache holds now (at most `max`). */
  readonly cachedStatements: number;
  /**
   * The first column of every row, as plain values (better-sqlite3's `pluck`): no object per row, a third of the
   * cost of a long list of ids (ADR 268). Its statements are cached apart (a plucking statement answers differently).
   */
  firstColumn(sql: string, parameters: readonly unknown[]): unknown[];
}

export function withStatementCache(db: Database.Database, max = 500): CachingSqliteDatabase {
  // A Map keeps insertion order: re-inserting on each hit makes its first key the least recently used.
  const cache = new Map<string, Database.Statement>();
  const plucking = new Map<string, Database.Statement>();
  return {
    firstColumn(sql: string, parameters: readonly unknown[]): unknown[] {
      let stmt = plucking.get(sql);
      if (!stmt || stmt.busy) {
        stmt = db.prepare(sql).pluck();
        plucking.set(sql, stmt);
        if (plucking.size > max) plucking.delete(plucking.keys().next().value as string);
      }
      return stmt.all(...parameters);
    },
    get cachedStatements() {
      return cache.size;
    },
    close: () => {
      cache.clear();
      plucking.clear();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit) {
        // A statement still iterating (a streamed query) cannot run again: give this caller its own.
        if (hit.busy) return db.prepare(sql) as unknown as SqliteStatement;
        cache.delete(sql);
        cache.set(sql, hit);
        return hit as unknown as SqliteStatement;
      }
      const stmt = db.prepare(sql);
      cache.set(sql, stmt);
      if (cache.size > max) cache.delete(cache.keys().next().value as string);
      return stmt as unknown as SqliteStatement;
    },
  };
}
