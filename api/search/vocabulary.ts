import { distance } from "fastest-levenshtein";
import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import { searchCount, type SearchParams } from "./query.ts";
import { termTokens } from "./operators.ts";
import { fold, words } from "./text.ts";

/** A search finding fewer titles than this gets "did you mean" suggestions (issue 6). */
export const SUGGEST_BELOW = 3;
/** Suggestions offered at most. */
const SUGGESTIONS_MAX = 3;
/** Nearest vocabulary words considered per unknown word. */
const PER_WORD = 8;

/** One "did you mean" suggestion: the whole corrected search text and its number of titles. */
export interface Suggestion {
  termo: string;
  total: number;
}

/** Corrected texts counted at most per search (each is one count of the search). */
const COMBINATIONS_MAX = 24;

/** Every choice of one option per word (the product); past 4 words with several options, the rest take their nearest. */
function combinations<T>(options: T[][]): T[][] {
  let out: T[][] = [[]];
  let varied = 0;
  for (const o of options) {
    const choices = o.length > 1 && varied++ < 4 ? o : o.slice(0, 1);
    out = out.flatMap((prefix) => choices.map((c) => [...prefix, c]));
  }
  return out;
}

/** Edits allowed for a word of this length: one for short words, two from six letters. */
const maxEdits = (len: number) => (len >= 6 ? 2 : 1);

/**
 * The vocabulary words nearest to `word` (folded): same first letter (misspellings rarely touch it, and it
 * keeps the scan to one range of the vocabulary's key), length within the allowed edits, by edit distance.
 */
async function nearest(db: Db, word: string): Promise<Array<{ forma: string; d: number }>> {
  const edits = maxEdits(word.length);
  const first = word[0];
  const next = String.fromCodePoint(first.codePointAt(0)! + 1);
  const { rows } = await sql<{ palavra: string; forma: string }>`
    SELECT palavra, forma FROM busca_palavra
    WHERE palavra >= ${first} AND palavra < ${next} AND length(palavra) BETWEEN ${word.length - edits} AND ${word.length + edits}`.execute(db);
  return rows
    .map((r) => ({ forma: r.forma, d: distance(word, r.palavra) }))
    .filter((r) => r.d > 0 && r.d <= edits)
    .sort((a, b) => a.d - b.d || a.forma.localeCompare(b.forma))
    .slice(0, PER_WORD);
}

/**
 * "Did you mean" for a search that found few titles: the catalogue's own words (titles, authors, subjects)
 * nearest to each word of the term that is not in that vocabulary, combined into whole search texts, each
 * counted with the same search (field, tab, filters) and offered only when it finds more titles.
 */
export async function suggestSearches(db: Db, p: Pick<SearchParams, "termos" | "guia" | "opcoes" | "filtros">, found: number): Promise<Suggestion[]> {
  if (p.termos.length !== 1 || found >= SUGGEST_BELOW) return [];
  const term = p.termos[0];
  const count = (termo: string) => searchCount(db, { ...p, termos: [{ ...term, termo }] });
  // Operators typed between the words (ADR 223) stay as typed in every corrected text; only words are corrected.
  const pieces = termTokens(term.termo).flatMap((t) => (t.op ? [{ text: t.text, op: true }] : words(t.text).map((w) => ({ text: w, op: false }))));
  const ws = pieces
    .filter((p) => !p.op)
    .slice(0, 8)
    .map((p) => p.text);
  const known = new Set<string>();
  const folded = ws.map(fold).filter((w) => w.length >= 3);
  if (folded.length) {
    const { rows } = await sql<{ palavra: string }>`SELECT palavra FROM busca_palavra WHERE palavra IN (${sql.join(folded)})`.execute(db);
    for (const r of rows) known.add(r.palavra);
  }
  const options: Array<Array<{ forma: string; d: number }>> = [];
  let corrected = 0;
  for (const piece of pieces) {
    const f = fold(piece.text);
    const near = piece.op || corrected++ >= 8 || f.length < 3 || known.has(f) ? [] : await nearest(db, f);
    options.push(near.length ? near : [{ forma: piece.text, d: 0 }]);
  }
  // Candidate texts: every combination of each unknown word's corrections (known words as typed), fewest edits
  // first; the first COMBINATIONS_MAX are counted. Each word's nearest forms alone rarely agree with one another
  // ("machdo de asis": "asia" is as near as "assis"), so combinations are what finds the one the catalogue holds.
  const texts = new Map<string, number>();
  for (const combo of combinations(options))
    texts.set(
      combo.map((o) => o.forma).join(" "),
      combo.reduce((s, o) => s + o.d, 0),
    );
  texts.delete(pieces.map((p) => p.text).join(" "));
  const ranked = [...texts].sort((a, b) => a[1] - b[1]).slice(0, COMBINATIONS_MAX);
  const counted: Array<Suggestion & { d: number }> = [];
  for (const [termo, d] of ranked) {
    const total = await count(termo);
    if (total > found) counted.push({ termo, total, d });
  }
  return counted
    .sort((a, b) => a.d - b.d || b.total - a.total)
    .slice(0, SUGGESTIONS_MAX)
    .map(({ termo, total }) => ({ termo, total }));
}
