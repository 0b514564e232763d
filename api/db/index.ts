import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type CompiledQuery } from "kysely";
import pg from "pg";
import { withStatementCache, type CachingSqliteDatabase } from "./statement-cache.ts";
import type { DB } from "./types.ts";

export type { DB } from "./types.ts";

/** The Kysely handle every API module receives. */
export type Db = Kysely<DB>;

export type Dialect = "sqlite" | "postgres";

/**
 * Opens the database: PostgreSQL when `databaseUrl` is a postgres:// URL, otherwise SQLite
 * (`file:`/`sqlite:` URL, or `estante.sqlite` inside `dataDir`) in WAL mode with foreign keys on.
 */
export function openDatabase({ databaseUrl, dataDir }: { databaseUrl?: string; dataDir: string }): Kysely<DB> {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    // NUMERIC and BIGINT (count) come back as strings by default; the API wants numbers.
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    // JIT compilation off for the API's sessions (ADR 105): the planner's estimates for a search's or facets'
    // statement at a million titles cross the JIT thresholds, and compiling took 1.6 s of a 2.5 s facets call;
    // these statements run in milliseconds to tens of milliseconds, where JIT never pays.
    // random_page_cost 1.1 (ADR 263): the default 4 prices a random read as a disk seek, and the per-row cost of
    // `@@` is priced like an integer comparison, so the planner read the whole text index's table for a word in
    // 3 % of titles (160 ms at 83,000 titles) rather than its GIN index (26 ms). The catalogue's pages are in
    // memory or on SSD, where a random read costs about a sequential one.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: "-c jit=off -c random_page_cost=1.1" });
    // An idle connection the server ends (a restart, a failover, an administrator) is an 'error' event on the
    // pool; unheard, it would end the process. The pool drops that connection and opens another when needed.
    pool.on("error", (err) => console.warn(`PostgreSQL: an idle connection was closed (${err.message}); the next query opens a new one`));
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  let file = path.join(dataDir, "estante.sqlite");
  if (databaseUrl) file = databaseUrl.replace(/^(file|sqlite):(\/\/)?/, "");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  // Reads through a memory map instead of a system call per page (ADR 105): at a million titles a results
  // page's facets read thousands of scattered title rows, and the calls were a third of their CPU time. The map
  // is address space, not memory: pages come from the operating system's file cache either way.
  sqlite.pragma(`mmap_size = ${sqliteMmapSize()}`);
  // Statements are prepared once per SQL text and reused (ADR 210).
  const database = withStatementCache(sqlite);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  sqliteHandles.set(db, database);
  return db;
}

/** The SQLite handle behind each Kysely handle `openDatabase` made. */
const sqliteHandles = new WeakMap<Kysely<any>, CachingSqliteDatabase>();

/**
 * The first column of every row of `query`, as plain values: on SQLite without a row object each (a long list of
 * ids costs a third, ADR 268); on PostgreSQL (or a handle `openDatabase` did not make) the rows' first column.
 */
export async function firstColumn<T>(db: Kysely<any>, query: CompiledQuery): Promise<T[]> {
  const handle = sqliteHandles.get(db);
  // Through Kysely's connection, so a transaction another request holds on the one SQLite connection is waited for.
  if (handle && db.getExecutor().plugins.length === 0)
    return db.connection().execute(async () => handle.firstColumn(query.sql, query.parameters) as T[]);
  const { rows } = await db.executeQuery<Record<string, T>>(query);
  return rows.map((r) => Object.values(r)[0]);
}

/** Bytes of the SQLite file read through a memory map: `SQLITE_MMAP_SIZE` (0 turns it off), 8 GiB by default. */
function sqliteMmapSize(): number {
  const raw = process.env.SQLITE_MMAP_SIZE;
  const n = raw === undefined || raw === "" ? 8 * 1024 ** 3 : Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 8 * 1024 ** 3;
}

/** Which SQL dialect a Kysely handle speaks (search and a few upserts differ). */
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}
