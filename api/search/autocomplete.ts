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
 */

/** The kinds of suggestion, as the browse indexes name them. */
export const AUTOCOMPLETE_KINDS = ["titulo", "autor", "assunto"] as const;
export type AutocompleteKind = (typeof AUTOCOMPLETE_KINDS)[number];

/** Most suggestions one call may ask for. */
export const AUTOCOMPLETE_MAX = 10;
/** Headings of a kind read per call, alphabetically from the prefix (bounds the work of a short prefix). */
const AUTOCOMPLETE_SCAN = 50;

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
      const { rows } = await sql<{ chave: string; valor: string; total: number | string }>`
        SELECT chave, min(valor) AS valor, count(*) AS total FROM indice_entrada
        WHERE indice = ${tipo} AND ${range}
        GROUP BY chave ORDER BY chave LIMIT ${AUTOCOMPLETE_SCAN}`.execute(db);
      return rows
        .filter((r) => r.chave.startsWith(prefix))
        .map((r) => ({ tipo, valor: r.valor, total: Number(r.total), chave: r.chave }))
        .sort((a, b) => b.total - a.total || a.chave.length - b.chave.length || (a.chave < b.chave ? -1 : a.chave > b.chave ? 1 : 0));
    }),
  );
  const out: AutocompleteSuggestion[] = [];
  const seen = new Set<string>();
  for (let i = 0; out.length < qtd; i++) {
    let any = false;
    for (const list of perKind) {
      const s = list[i];
      if (!s) continue;
      any = true;
      const key = `${s.tipo}\u0000${s.chave}`;
      if (seen.has(key) || out.length >= qtd) continue;
      seen.add(key);
      out.push({ tipo: s.tipo, valor: s.valor, total: s.total });
    }
    if (!any) break;
  }
  return out;
}
