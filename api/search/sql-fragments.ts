/**
 * SQL fragments the search's modules share (the query, the facet columns, the facets). Kept apart so that those
 * modules need not import one another in a circle.
 */
import { sql, type RawBuilder } from "kysely";
import { dialectOf, type Db } from "../db/index.ts";

/** The first letter of a title's classification (the class facet's value), on alias `a`. */
export const classExpr = sql`upper(substr(trim(a.classificacao), 1, 1))`;

/** A list of title ids as a subquery (`id`), bound as one parameter. */
export function idList(db: Db, ids: readonly number[]): RawBuilder<unknown> {
  return dialectOf(db) === "postgres"
    ? sql`SELECT unnest(CAST(${`{${ids.join(",")}}`} AS integer[])) AS id`
    : sql`SELECT value AS id FROM json_each(${JSON.stringify(ids)})`;
}
