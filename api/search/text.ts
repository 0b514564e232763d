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

const ASCII = /^[ -~]*$/;

/** Lower case without diacritics ("Informação" → "informacao"). */
export function fold(text: string): string {
  // Printable ASCII has no decomposition nor marks: only the case changes (the ranking folds every word of thousands of titles).
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The words of a text: runs of letters and digits, lower-cased, accents kept (stemmers need them). */
export function words(text: string | null | undefined): string[] {
  if (!text) return [];
  return (
    text
      .normalize("NFC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * Index terms of recently seen words (the folded word and its stems), per set of stemmers: a catalogue's
 * vocabulary repeats heavily, and stemming a word in five languages costs far more than a lookup (it
 * dominated the import's CPU time). Bounded: each set's cache is cleared when full.
 */
const termCache = new Map<string, TermCache>();
const TERM_CACHE_MAX = 200_000;

/** Word → its index terms, space separated: the folded word, then its stems (a string, not a set: half the memory). */
type TermCache = Map<string, string>;

function cacheOf(names: string[]): TermCache {
  const langKey = names.length === ALL.length ? "*" : names.join(",");
  let cache = termCache.get(langKey);
  if (!cache) termCache.set(langKey, (cache = new Map()));
  return cache;
}

function termsOf(word: string, names: string[], cache = cacheOf(names)): string {
  let hit = cache.get(word);
  if (hit === undefined) {
    if (cache.size >= TERM_CACHE_MAX) cache.clear();
    cache.set(word, (hit = [fold(word), ...computeStems(word, names)].join(" ")));
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

/**
 * Index text: each word (folded) followed by its stems, space separated. `collect`, when given, receives each
 * word's part of the text (one or more space-separated terms): a writer that indexes many titles gets their
 * distinct terms from it at the cost of one lookup per word (see {@link distinctTerms}).
 */
export function indexText(texts: Array<string | null | undefined>, langs: string[], collect?: Set<string>): string {
  const out: string[] = [];
  const cache = cacheOf(langs);
  for (const text of texts) {
    for (const w of words(text)) {
      // A number has no stems and folds to itself: not worth a cache entry (each record brings its own).
      const part = /^[0-9]+$/.test(w) ? w : termsOf(w, langs, cache);
      collect?.add(part);
      out.push(part);
    }
  }
  return out.join(" ");
}

/** The distinct terms of index texts, or of the parts {@link indexText} collected (terms are space separated). */
export function distinctTerms(texts: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const text of texts) for (const term of text.split(" ")) if (term) out.add(term);
  return out;
}

/** The stemmer of each language the API speaks (`pt`, `en`, `es`, `fr`, `it`): the patron's stems rank first. */
const STEMMER_BY_LANG: Record<string, string> = { pt: "portuguese", en: "english", es: "spanish", fr: "french", it: "italian" };

/**
 * Whether a record in MARC language `idioma` is indexed with the stemmer of patron language `lang` (its own
 * language's, or all five when unknown): its title's index terms then hold every patron-language stem of its words.
 */
export function indexesPatronStems(idioma: string | null | undefined, lang: string | undefined): boolean {
  const langs = stemmersFor(idioma);
  return langs === ALL || langs.includes(STEMMER_BY_LANG[lang ?? "pt"] ?? "portuguese");
}

/** A word's stem (folded) in the patron's language `lang` (API language code; Portuguese when unknown). */
export function patronStem(word: string, lang: string | undefined): string {
  const name = STEMMER_BY_LANG[lang ?? "pt"] ?? "portuguese";
  const key = `${name}:${word}`;
  let hit = patronStems.get(key);
  if (hit === undefined) {
    if (patronStems.size >= TERM_CACHE_MAX) patronStems.clear();
    patronStems.set(key, (hit = fold(stemmers.get(name)!.stem(word.normalize("NFC").toLowerCase()))));
  }
  return hit;
}

/** Recently computed patron stems (the ranking stems every word of up to 20,000 titles per search). */
const patronStems = new Map<string, string>();

/** The alternatives a query word matches: itself and its stems in all five languages. */
export function queryAlternatives(word: string): string[] {
  // The cached terms are the folded word and its stems (never equal to it, nor to each other).
  return termsOf(word, ALL).split(" ");
}
