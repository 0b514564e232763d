import snowball, { type Stemmer } from "snowball-stemmers";

/** The five catalogue languages with a Snowball stemmer (MARC 008/041 codes → stemmer). */
const STEMMER_BY_MARC: Record<string, string> = {
  por: "portuguese",
  spa: "spanish",
  eng: "english",
  fre: "french",
  fra: "french",
  ita: "italian",
};
const ALL = ["portuguese", "spanish", "english", "french", "italian"];
const stemmers = new Map<string, Stemmer>(ALL.map((name) => [name, snowball.newStemmer(name)]));

/** Lower case without diacritics ("Informação" → "informacao"). */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
}

/** The words of a text: runs of letters and digits, lower-cased, accents kept (stemmers need them). */
export function words(text: string | null | undefined): string[] {
  if (!text) return [];
  return text.normalize("NFC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Stems of recently seen words: a catalogue's vocabulary repeats heavily, and stemming a word in five
 * languages costs far more than a lookup (it dominated the import's CPU time). Bounded: cleared when full.
 */
const stemCache = new Map<string, Set<string>>();
const STEM_CACHE_MAX = 200_000;

function stemsOf(word: string, names: string[]): Set<string> {
  const key = `${names.length === ALL.length ? "*" : names.join(",")}|${word}`;
  let hit = stemCache.get(key);
  if (!hit) {
    if (stemCache.size >= STEM_CACHE_MAX) stemCache.clear();
    stemCache.set(key, (hit = computeStems(word, names)));
  }
  return hit;
}

function computeStems(word: string, names: string[]): Set<string> {
  const out = new Set<string>();
  if (word.length < 3 || /^\p{N}+$/u.test(word)) return out;
  const plain = fold(word);
  for (const name of names) {
    const st = stemmers.get(name)!;
    // Stem both the accented and the folded form: users often type without accents.
    for (const s of [st.stem(word), st.stem(plain)]) {
      const f = fold(s);
      if (f.length >= 2 && f !== plain) out.add(f);
    }
  }
  return out;
}

/** The stemmers to index a record with: its language's, or all five when unknown. */
export function stemmersFor(idioma: string | null | undefined): string[] {
  const name = idioma ? STEMMER_BY_MARC[idioma.toLowerCase()] : undefined;
  return name ? [name] : ALL;
}

/** Index text: each word (folded) followed by its stems, space separated. */
export function indexText(texts: Array<string | null | undefined>, langs: string[]): string {
  const out: string[] = [];
  for (const text of texts) {
    for (const w of words(text)) {
      out.push(fold(w), ...stemsOf(w, langs));
    }
  }
  return out.join(" ");
}

/** The alternatives a query word matches: itself and its stems in all five languages. */
export function queryAlternatives(word: string): string[] {
  return [fold(word), ...stemsOf(word, ALL)];
}
