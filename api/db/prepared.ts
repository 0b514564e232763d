/**
 * Queries built and compiled once, run many times (ADR 210, fifth pass). Kysely builds a query's operation
 * tree and compiles it to SQL on every call: for the API's small reads by key that was 0.6 ms of a title page's
 * 6 ms, more than SQLite spent running them. A prepared query is written with the same builder, over named
 * parameters; the first run compiles it (once per SQL dialect) with a marker in place of each parameter, and
 * every run binds the values where the markers stand.
 *
 * Only scalar parameters: a marker is one bound value, so a list for `in` (which Kysely expands into one
 * placeholder per item) or a value that changes the query's shape (an optional filter) needs a query of its own.
 * A handle with plugins is compiled every time, as the builder would (a plugin may rewrite the tree).
 */
import type { Compilable, CompiledQuery } from "kysely";
import { dialectOf, type Db, type Dialect } from "./index.ts";

/** Stands for one named parameter while the query compiles. */
class Marker {
  constructor(readonly name: string) {}
}

type Params = Record<string, string | number | null>;

export interface PreparedQuery<P extends Params, R> {
  /** Every row. */
  all(db: Db, params: P): Promise<R[]>;
  /** The first row, or undefined. */
  first(db: Db, params: P): Promise<R | undefined>;
  /** How many times it was compiled (a test's probe: once per dialect). */
  readonly compilations: number;
}

/**
 * A query over named scalar parameters, compiled on its first run per dialect. `build` receives the parameters
 * object; use each of its properties only as a value (`where(column, "=", p.id)`, `limit(p.n)`).
 */
export function prepared<P extends Params, R>(build: (db: Db, p: P) => Compilable<R>): PreparedQuery<P, R> {
  const compiled = new Map<Dialect, { query: CompiledQuery<R>; names: Array<string | null>; fixed: unknown[] }>();
  let compilations = 0;
  const markers = new Proxy({} as P, {
    get: (_target, name) => (typeof name === "string" ? new Marker(name) : undefined),
  });

  function compile(db: Db): { query: CompiledQuery<R>; names: Array<string | null>; fixed: unknown[] } {
    const query = build(db, markers).compile();
    compilations++;
    const names = query.parameters.map((v) => (v instanceof Marker ? v.name : null));
    return { query, names, fixed: [...query.parameters] };
  }

  async function run(db: Db, params: P): Promise<R[]> {
    if (db.getExecutor().plugins.length > 0) {
      return (await db.executeQuery(build(db, params))).rows;
    }
    const dialect = dialectOf(db);
    let c = compiled.get(dialect);
    if (!c) {
      c = compile(db);
      compiled.set(dialect, c);
    }
    const parameters = c.names.map((name, i) => {
      if (name === null) return c.fixed[i];
      const value = params[name];
      if (value === undefined || (typeof value === "object" && value !== null)) {
        throw new TypeError(`prepared query: parameter "${name}" must be a string, a number or null`);
      }
      return value;
    });
    return (await db.executeQuery<R>({ ...c.query, parameters })).rows;
  }

  return {
    all: run,
    first: async (db, params) => (await run(db, params))[0],
    get compilations() {
      return compilations;
    },
  };
}
