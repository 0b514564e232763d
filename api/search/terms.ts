import { sql, type Kysely } from "kysely";
import { insertRows } from "../db/bulk-insert.ts";
import { dialectOf } from "../db/index.ts";

/**
 * The SQLite text index's terms (`busca_termo`, ADR 105 "At a million titles"): every token written to
 * `acervo_busca`, so the last query word's prefix ("democr" → democracia, democratico…) can be expanded into
 * exact terms. FTS5 evaluates a prefix by merging the postings of every matching term on each evaluation, even
 * for a single row: a per-title probe with `"historia"*` costs milliseconds at a million titles, with the exact
 * terms microseconds. Terms are only added: a term whose titles are gone still expands, and matches nothing.
 * PostgreSQL needs none of this (its prefix match is an index lookup).
 */

/** At most this many terms replace a prefix; a prefix with more keeps FTS5's own prefix query. */
export const PREFIX_TERMS_MAX = 64;

let generation = 0;

/**
 * Called by every writer of the text index before it writes (api/search/indexer.ts): the search's cache of
 * text passes (query.ts) is only valid for the generation it was filled in. Other connections' writes are
 * seen through SQLite's `data_version`.
 */
export function bumpTextGeneration(): void {
  generation++;
}

/** The text index's generation in this process (see bumpTextGeneration). */
export function textGeneration(): number {
  return generation;
}

/** Records distinct terms just written to the SQLite text index (inside the writer's transaction; see distinctTerms). */
export async function writeTerms(trx: Kysely<any>, terms: ReadonlySet<string>): Promise<void> {
  if (dialectOf(trx) === "postgres") return;
  if (terms.size)
    await insertRows(
      trx,
      "busca_termo",
      ["termo"],
      [...terms].map((t) => [t]),
      { tail: "ON CONFLICT (termo) DO NOTHING" },
    );
}

/**
 * The index terms that start with `prefix` (folded), or null when there are more than PREFIX_TERMS_MAX. The
 * range is on the text's byte order, so every term with the prefix is in it.
 */
export async function prefixTerms(db: Kysely<any>, prefix: string): Promise<string[] | null> {
  const { rows } = await sql<{ termo: string }>`
    SELECT termo FROM busca_termo WHERE termo >= ${prefix} AND termo < ${`${prefix}\u{10FFFF}`} ORDER BY termo LIMIT ${PREFIX_TERMS_MAX + 1}`.execute(
    db,
  );
  return rows.length > PREFIX_TERMS_MAX ? null : rows.map((r) => r.termo);
}

/** Fills `busca_termo` from the text index's own vocabulary (a catalogue indexed before the table existed). */
export async function fillTerms(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") return;
  await sql`CREATE VIRTUAL TABLE IF NOT EXISTS temp.acervo_busca_termos USING fts5vocab(main, 'acervo_busca', 'row')`.execute(db);
  await sql`INSERT INTO busca_termo (termo) SELECT term FROM temp.acervo_busca_termos WHERE true ON CONFLICT (termo) DO NOTHING`.execute(db);
  await sql`DROP TABLE temp.acervo_busca_termos`.execute(db);
}

/**
 * Merges the SQLite text index into one segment (FTS5 'optimize'): after a large load, each query and above
 * all each per-title probe opens fewer segments (about 5× faster probes at a million titles, measured).
 */
export async function optimizeTextIndex(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") return;
  await sql`INSERT INTO acervo_busca (acervo_busca) VALUES ('optimize')`.execute(db);
}
