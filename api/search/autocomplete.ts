import { sql } from "kysely";
import { AUTOCOMPLETE_MIN_CHARS } from "../../contract/autocomplete.ts";
import { dialectOf, type Db } from "../db/index.ts";
import { browseKey } from "./browse-rules.ts";

/**
 * Autocomplete of the search box (issue 28): headings of the catalogue's own browse indexes (titles, authors,
 * subjects; `indice_entrada`) that start with what the patron typed, folded like the index keys. One indexed
 * range scan per kind over the primary key (indice, chave, …): the first AUTOCOMPLETE_SCAN headings of the
 * range in key order, then the ones with most titles first. A heading matches from its start ("machado"
 * finds "Machado de Assis"; a title files without its initial article, so "estrutura" finds "A estrutura…").
 * The scan counts from the key alone (the primary key's index covers it: no row is read), and only the
 * suggestions kept read a heading's catalogued form, from at most AUTOCOMPLETE_FORMS of its rows, so a heading on
 * tens of thousands of titles costs one index walk over its keys, not a row read per title.
 */

/** The kinds of suggestion, as the browse indexes name them. */
export const AUTOCOMPLETE_KINDS = ["titulo", "autor", "assunto"] as const;
export type AutocompleteKind = (typeof AUTOCOMPLETE_KINDS)[number];

/** Most suggestions one call may ask for. */
export const AUTOCOMPLETE_MAX = 10;
/** Headings of a kind read per call, alphabetically from the prefix (bounds the work of a short prefix). */
const AUTOCOMPLETE_SCAN = 50;
/** Rows of a kept heading whose catalogued forms are compared (the first in text order is shown). */
const AUTOCOMPLETE_FORMS = 20;

export interface AutocompleteSuggestion {
  tipo: AutocompleteKind;
  /** The heading as catalogued ("Machado de Assis, Joaquim Maria"). */
  valor: string;
  /** Titles with that heading. */
  total: number;
}

/** LIKE pattern of a literal prefix (PostgreSQL: its `text_pattern_ops` index answers it; migration 095). */
const likePrefix = (p: string) => `${p.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Suggestions for `texto`: up to `qtd`, shared among `kinds` in turn (a title, an author, a subject, a title…),
 * each kind's by number of titles. Empty when the folded text is shorter than AUTOCOMPLETE_MIN_CHARS.
 */
export async function autocomplete(db: Db, texto: string, kinds: readonly AutocompleteKind[], qtd: number): Promise<AutocompleteSuggestion[]> {
  const prefix = browseKey("titulo", texto);
  if (prefix.length < AUTOCOMPLETE_MIN_CHARS || kinds.length === 0) return [];
  const pg = dialectOf(db) === "postgres";
  const perKind = await Promise.all(
    kinds.map(async (tipo) => {
      // SQLite compares text by its bytes, so every key with the prefix lies in [prefix, prefix + U+10FFFF).
      const range = pg ? sql`chave LIKE ${likePrefix(prefix)} ESCAPE '\\'` : sql`chave >= ${prefix} AND chave < ${`${prefix}\u{10FFFF}`}`;
      const { rows } = await sql<{ chave: string; total: number | string }>`
        SELECT chave, count(*) AS total FROM indice_entrada
        WHERE indice = ${tipo} AND ${range}
        GROUP BY chave ORDER BY chave LIMIT ${AUTOCOMPLETE_SCAN}`.execute(db);
      return rows
        .filter((r) => r.chave.startsWith(prefix))
        .map((r) => ({ tipo, total: Number(r.total), chave: r.chave }))
        .sort((a, b) => b.total - a.total || a.chave.length - b.chave.length || (a.chave < b.chave ? -1 : a.chave > b.chave ? 1 : 0));
    }),
  );
  const chosen: Array<{ tipo: AutocompleteKind; chave: string; total: number }> = [];
  const seen = new Set<string>();
  for (let i = 0; chosen.length < qtd; i++) {
    let any = false;
    for (const list of perKind) {
      const s = list[i];
      if (!s) continue;
      any = true;
      const key = `${s.tipo}\u0000${s.chave}`;
      if (seen.has(key) || chosen.length >= qtd) continue;
      seen.add(key);
      chosen.push(s);
    }
    if (!any) break;
  }
  // The heading as catalogued: the first in text order of the forms of its first rows.
  return Promise.all(
    chosen.map(async (s) => {
      const { rows } = await sql<{ valor: string }>`
        SELECT min(valor) AS valor FROM (SELECT valor FROM indice_entrada WHERE indice = ${s.tipo} AND chave = ${s.chave} LIMIT ${AUTOCOMPLETE_FORMS}) f`.execute(
        db,
      );
      return { tipo: s.tipo, valor: rows[0]?.valor ?? s.chave, total: s.total };
    }),
  );
}
