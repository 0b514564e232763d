import { normalizeIdentifiers } from "./identifiers.ts";
import { words } from "./text.ts";

/**
 * Boolean operators typed between search words (ADR 223), in capitals as operators are written, in English,
 * Portuguese and Spanish: AND (E, Y), OR (OU, O), NOT (NÃO, NO). In lower case they are words ("gatos e cães"
 * searches the word "e"); at the start or the end of the text too. AND is what a space does already; NOT
 * leaves out the titles with the word after it; OR separates alternatives, each a set of words that must all
 * match: "machado assis OR alencar" is (machado AND assis) OR alencar. There are no parentheses.
 */
const OPERATORS: Record<string, "and" | "or" | "not"> = {
  AND: "and",
  E: "and",
  Y: "and",
  OR: "or",
  OU: "or",
  O: "or",
  NOT: "not",
  NÃO: "not",
  NO: "not",
};

/** Words of a query at most (the rest are left out). */
const WORDS_MAX = 12;

/** One alternative of a term: titles with every word of `pos` and none of `neg`. */
export interface WordGroup {
  pos: string[];
  neg: string[];
}

/** A term's words as the search reads them. */
export interface ParsedTerm {
  /** The alternatives (OR); a title matches when it matches one of them. */
  groups: WordGroup[];
  /** Whether the last word typed is a wanted word (the last group's last `pos`): it is then also a prefix. */
  lastIsPrefix: boolean;
}

/**
 * The typed text split on spaces, each piece marked when it is an operator: in capitals, between two pieces,
 * and not after another operator except NOT after AND or OR ("gatos AND NOT cães"). ISBNs are normalised first.
 */
export function termTokens(termo: string): Array<{ text: string; op: "and" | "or" | "not" | null }> {
  const typed = normalizeIdentifiers(termo).normalize("NFC").trim().split(/\s+/).filter(Boolean);
  const out: Array<{ text: string; op: "and" | "or" | "not" | null }> = [];
  typed.forEach((text, i) => {
    const op = OPERATORS[text] ?? null;
    const prev = out[out.length - 1]?.op ?? null;
    const between = i > 0 && i < typed.length - 1 && (prev === null || (op === "not" && prev !== "not"));
    out.push({ text, op: op && between ? op : null });
  });
  return out;
}

/**
 * A term's words in groups (see OPERATORS). `any`: contains-any (spec §5, §9), every wanted word of
 * `MIN_ANY_WORD_LENGTH` letters or more its own alternative, the unwanted ones left out of each. A group left with no
 * wanted word ("gatos OR NOT cães") is dropped.
 */
export function parseTerm(termo: string, any = false, anyMin = 3): ParsedTerm {
  const groups: WordGroup[] = [{ pos: [], neg: [] }];
  let negate = false;
  let count = 0;
  let lastIsPrefix = false;
  for (const token of termTokens(termo)) {
    if (token.op === "or") {
      if (groups[groups.length - 1].pos.length) groups.push({ pos: [], neg: [] });
      negate = false;
      continue;
    }
    if (token.op === "and") continue;
    if (token.op === "not") {
      negate = true;
      continue;
    }
    for (const w of words(token.text)) {
      if (count++ >= WORDS_MAX) break;
      (negate ? groups[groups.length - 1].neg : groups[groups.length - 1].pos).push(w);
      lastIsPrefix = !negate;
    }
    negate = false;
  }
  let kept = groups.filter((g) => g.pos.length > 0);
  if (kept.length && kept[kept.length - 1] !== groups[groups.length - 1]) lastIsPrefix = false;
  if (any) {
    const neg = [...new Set(kept.flatMap((g) => g.neg))];
    const pos = kept.flatMap((g) => g.pos).filter((w) => w.length >= anyMin);
    // Contains-any reads its last word as a prefix, whatever follows it.
    lastIsPrefix = pos.length > 0;
    kept = pos.map((w) => ({ pos: [w], neg }));
  }
  return { groups: kept, lastIsPrefix };
}

/** The wanted words of a term (operators and the words after NOT left out), ISBNs normalised. */
export function queryWords(termo: string): string[] {
  return parseTerm(termo).groups.flatMap((g) => g.pos);
}
