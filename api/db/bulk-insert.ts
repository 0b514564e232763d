/**
 * Multi-row INSERTs for bulk writers (the search index, the MARC importer): the SQL text is built once per
 * table, column list and row count, and the values are bound as one flat parameter list, so a batch of rows
 * costs one statement without going through the query builder value by value (that cost more than SQLite
 * storing the rows). Works on SQLite and PostgreSQL.
 */
import { CompiledQuery, type Kysely } from "kysely";
import { dialectOf } from "./index.ts";

/**
 * Values per statement: rows of a few columns go 500 to a statement, wide ones fewer (a title's 23 columns: 173),
 * far below either database's parameter limit (32,766 and 65,535). Each statement is a call through the driver,
 * so a bulk load of narrow rows (browse entries, facet links) makes a fifth of the calls it made at 100 rows.
 */
const BULK_VALUES = 4000;
const BULK_ROWS_MAX = 500;

const texts = new Map<string, string>();

/**
 * Inserts `rows` (each an array of values in the order of `columns`) into `table`, up to 500 per statement.
 * `rowSql` writes one row's values from its placeholders, one per value of the row (default `(p1, p2, …)`),
 * e.g. to compute a column from several values; `tail` is appended to each statement (an ON CONFLICT clause, a RETURNING list). Returns the
 * rows the statements return, in order.
 */
export async function insertRows<R = unknown>(
  db: Kysely<any>,
  table: string,
  columns: readonly string[],
  rows: readonly unknown[][],
  opts: { rowSql?: (placeholders: string[]) => string; tail?: string } = {},
): Promise<R[]> {
  const pg = dialectOf(db) === "postgres";
  const out: R[] = [];
  if (!rows.length) return out;
  const width = rows[0].length;
  const shape = `${pg ? "pg" : "sqlite"}\u0000${table}\u0000${columns.join(",")}\u0000${width}\u0000${opts.tail ?? ""}\u0000${opts.rowSql?.(Array.from({ length: width }, (_, k) => `{${k}}`)) ?? ""}`;
  const perStatement = Math.max(1, Math.min(BULK_ROWS_MAX, Math.floor(BULK_VALUES / width)));
  for (let i = 0; i < rows.length; i += perStatement) {
    const count = Math.min(perStatement, rows.length - i);
    const key = `${shape}\u0000${count}`;
    let text = texts.get(key);
    if (text === undefined) {
      let n = 0;
      const values = Array.from({ length: count }, () => {
        const ph = Array.from({ length: width }, () => (pg ? `$${++n}` : "?"));
        return opts.rowSql ? opts.rowSql(ph) : `(${ph.join(", ")})`;
      });
      text = `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${values.join(", ")}${opts.tail ? ` ${opts.tail}` : ""}`;
      if (texts.size > 2000) texts.clear();
      texts.set(key, text);
    }
    // One flat list of parameters (a loop: Array.prototype.flat is several times slower on rows this small).
    const params: unknown[] = new Array(count * width);
    for (let r = 0, k = 0; r < count; r++) {
      const row = rows[i + r];
      for (let c = 0; c < width; c++) params[k++] = row[c];
    }
    const result = await db.executeQuery<R>(CompiledQuery.raw(text, params));
    for (const row of result.rows) out.push(row);
  }
  return out;
}

/** {@link insertRows} for rows as objects that all have the first row's keys (its columns); an undefined value is stored as NULL. */
export function insertObjects<R = unknown>(
  db: Kysely<any>,
  table: string,
  rows: ReadonlyArray<Record<string, unknown>>,
  opts: { tail?: string } = {},
): Promise<R[]> {
  if (!rows.length) return Promise.resolve([]);
  const columns = Object.keys(rows[0]);
  return insertRows<R>(
    db,
    table,
    columns,
    rows.map((r) => columns.map((c) => r[c] ?? null)),
    opts,
  );
}
