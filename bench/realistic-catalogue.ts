/**
 * A realistic catalogue generator (issue 27): MARC records built from the bundled demo records' own titles,
 * subtitles, subject headings, names and publishers, recombined, plus a long tail of real words from the system's
 * word lists (Debian's `wbrazilian`, `wamerican`, `wspanish`: /usr/share/dict/brazilian, american-english,
 * spanish). Word frequencies follow Zipf's law (the demo titles' own words, most frequent first, head each
 * language's ranking: "de", "the", "la"…), languages are mixed (Portuguese, English, Spanish, French), titles
 * have 2–15 words, about half a subtitle, 1–4 subject headings with subdivisions, and 1–3 copies in 852 or 949
 * holdings. Deterministic: the same seed and word lists give the same file.
 *
 * Without the word lists it still works, on the demo records' words alone, and says so (`wordListNote`).
 * Alone: `npx tsx bench/realistic-catalogue.ts <file.mrc> [count] [seed]` writes ISO 2709 that `npm run import` reads.
 */
import fs from "node:fs";
import path from "node:path";
import { demoFiles } from "../api/marc/demo.ts";
import { recordKind } from "../api/marc/map.ts";
import { readRecords } from "../api/marc/read.ts";
import { controlValue, dataFields, isDataField, subfield, type DataField, type MarcRecord } from "../api/marc/types.ts";
import { toIso2709 } from "../api/marc/write.ts";
import { fold, words } from "../api/search/text.ts";

const root = path.resolve(import.meta.dirname, "..");

/** The word lists the generator reads, by MARC language code, and the Debian package that installs each. */
export const WORD_LISTS: Record<string, { file: string; pkg: string }> = {
  por: { file: "/usr/share/dict/brazilian", pkg: "wbrazilian" },
  eng: { file: "/usr/share/dict/american-english", pkg: "wamerican" },
  spa: { file: "/usr/share/dict/spanish", pkg: "wspanish" },
};

/** Share of titles in each language (French has no word list: the demo's French records give its words). */
const LANGUAGE_MIX: Array<[string, number]> = [
  ["por", 0.55],
  ["eng", 0.22],
  ["spa", 0.15],
  ["fre", 0.08],
];
const BRANCHES = ["BC", "BCS", "BCN"];
const ZIPF_S = 1.0;

/** A small deterministic generator (mulberry32). */
export function rng(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws ranks 0…n-1 with probability ∝ 1 / (rank + 1)^s (inverse of the cumulative sum, binary search). */
class Zipf {
  private cum: Float64Array;
  constructor(n: number, s = ZIPF_S) {
    this.cum = new Float64Array(n);
    let sum = 0;
    for (let i = 0; i < n; i++) this.cum[i] = sum += 1 / Math.pow(i + 1, s);
    for (let i = 0; i < n; i++) this.cum[i] /= sum;
  }
  draw(r: number): number {
    let lo = 0;
    let hi = this.cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cum[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

interface Pools {
  /** Per language: the words of its demo titles, most frequent first, then the word list's, seeded order. */
  vocab: Map<string, { list: string[]; zipf: Zipf }>;
  titles: Map<string, string[]>;
  subtitles: Map<string, string[]>;
  headings: DataField[];
  names: string[];
  publishers: Array<{ place: string; name: string }>;
  /** Why the long tail is shorter than asked, when a word list is missing. */
  missing: string[];
}

const clean = (s: string | undefined) => (s ?? "").replace(/\s*[/:;,.=]\s*$/, "").trim();
const langOf = (rec: MarcRecord) =>
  (controlValue(rec, "008") ?? "").slice(35, 38).trim() || dataFields(rec, "041").map((f) => subfield(f, "a"))[0] || "und";
const norm = (l: string) => (l === "fra" ? "fre" : l);

/** Reads the demo records and the word lists into the pools the generator draws from. */
export async function loadPools(seed: number, lists = WORD_LISTS): Promise<Pools> {
  const rand = rng(seed ^ 0x5eed);
  const titles = new Map<string, string[]>();
  const subtitles = new Map<string, string[]>();
  const counts = new Map<string, Map<string, number>>();
  const headings: DataField[] = [];
  const names = new Set<string>();
  const publishers: Array<{ place: string; name: string }> = [];
  const push = <T>(m: Map<string, T[]>, k: string, v: T) => (m.get(k) ?? m.set(k, []).get(k)!).push(v);
  for (const f of demoFiles(root)) {
    for (const r of await readRecords(fs.readFileSync(f))) {
      if (!r.record || recordKind(r.record) !== "bib") continue;
      const rec = r.record;
      const lang = norm(langOf(rec));
      const f245 = dataFields(rec, "245")[0];
      const a = clean(f245 && subfield(f245, "a"));
      const b = clean(f245 && subfield(f245, "b"));
      if (a) push(titles, lang, a);
      if (b) push(subtitles, lang, b);
      const c = counts.get(lang) ?? counts.set(lang, new Map()).get(lang)!;
      for (const w of words(`${a} ${b}`)) if (!/^\d+$/.test(w)) c.set(w, (c.get(w) ?? 0) + 1);
      for (const h of dataFields(rec, /^6(00|10|50|51)$/))
        if (subfield(h, "a")) headings.push({ ...h, subfields: h.subfields.filter((s) => /[a-z]/.test(s.code) && s.code !== "0") });
      for (const n of dataFields(rec, /^[17]00$/)) if (subfield(n, "a")) names.add(clean(subfield(n, "a")));
      for (const p of dataFields(rec, /^26[04]$/)) {
        const name = clean(subfield(p, "b"));
        if (name) publishers.push({ place: clean(subfield(p, "a")) || "[S.l.]", name });
      }
    }
  }
  const missing: string[] = [];
  const vocab = new Map<string, { list: string[]; zipf: Zipf }>();
  for (const [lang] of LANGUAGE_MIX) {
    const head = [...(counts.get(lang) ?? new Map<string, number>()).entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([w]) => w);
    const seen = new Set(head);
    const tail: string[] = [];
    const list = lists[lang];
    if (list) {
      if (fs.existsSync(list.file)) {
        for (const w of fs.readFileSync(list.file, "utf8").split("\n")) {
          const lw = w.trim();
          // Lower-case words of letters only (no proper names, no possessives), 3 letters or more.
          if (lw.length >= 3 && /^\p{Ll}+$/u.test(lw) && !seen.has(lw)) {
            seen.add(lw);
            tail.push(lw);
          }
        }
      } else missing.push(`${list.file} (Debian package ${list.pkg})`);
    }
    // Seeded shuffle of the tail, so its ranks do not follow the alphabet.
    for (let i = tail.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [tail[i], tail[j]] = [tail[j], tail[i]];
    }
    const all = [...head, ...tail];
    vocab.set(lang, { list: all, zipf: new Zipf(Math.max(all.length, 1)) });
  }
  return { vocab, titles, subtitles, headings, names: [...names].sort(), publishers, missing };
}

/** The sentence the generator prints when a word list is missing (or null). */
export function wordListNote(p: Pick<Pools, "missing">): string | null {
  if (!p.missing.length) return null;
  return `realistic catalogue: word list(s) missing: ${p.missing.join(", ")}. Generating from the demo records' words only (a much shorter tail); install them with: apt-get install -y ${Object.values(
    WORD_LISTS,
  )
    .map((l) => l.pkg)
    .join(" ")}`;
}

/** Generates records one by one; `shape` counts, per folded word, the titles whose title, subtitle or headings have it. */
export class RealisticCatalogue {
  private rand: () => number;
  readonly df = new Map<string, number>();
  private langCum: number[];
  private lengthZipf = new Zipf(14, 0.6);
  constructor(
    private pools: Pools,
    seed: number,
  ) {
    this.rand = rng(seed);
    let s = 0;
    this.langCum = LANGUAGE_MIX.map(([, p]) => (s += p));
  }
  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.rand() * list.length)];
  }
  private lang(): string {
    const r = this.rand();
    return LANGUAGE_MIX[this.langCum.findIndex((c) => r <= c)]?.[0] ?? "por";
  }
  /** `n` words of `lang` drawn by Zipf's law. */
  private phrase(lang: string, n: number): string {
    const v = this.pools.vocab.get(lang)!;
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(v.list[v.zipf.draw(this.rand())] ?? "livro");
    return out.join(" ");
  }
  private title(lang: string): string {
    const real = this.pools.titles.get(lang);
    const r = this.rand();
    // A quarter are a real title as catalogued, a tenth a real title with generated words after it.
    if (real?.length && r < 0.25) return this.pick(real);
    const n = 2 + this.lengthZipf.draw(this.rand()); // 2–15 words, most 2–6
    if (real?.length && r < 0.35) return `${this.pick(real)} ${this.phrase(lang, Math.max(1, n - 3))}`;
    return this.phrase(lang, n);
  }
  private heading(lang: string): DataField {
    if (this.pools.headings.length && this.rand() < 0.6) return this.pick(this.pools.headings);
    const subs = [{ code: "a", value: cap(this.phrase(lang, 1 + Math.floor(this.rand() * 3))) }];
    const k = Math.floor(this.rand() * 3);
    for (let i = 0; i < k; i++) {
      const code = this.pick(["x", "x", "z", "y", "v"]);
      const value =
        code === "y"
          ? `${1800 + 10 * Math.floor(this.rand() * 22)}-`
          : code === "z"
            ? this.pick(["Brasil", "São Paulo", "Portugal", "España", "France", "United States"])
            : cap(this.phrase(lang, 1 + Math.floor(this.rand() * 2)));
      subs.push({ code, value });
    }
    return { tag: "650", ind1: " ", ind2: "4", subfields: subs };
  }
  private count(text: string, seen: Set<string>) {
    for (const w of words(text)) {
      const f = fold(w);
      if (seen.has(f) || /^\d+$/.test(f)) continue;
      seen.add(f);
      this.df.set(f, (this.df.get(f) ?? 0) + 1);
    }
  }
  /** Record number `i` (from 1). */
  record(i: number): MarcRecord {
    const lang = this.lang();
    const title = cap(this.title(lang));
    const subReal = this.pools.subtitles.get(lang);
    const rs = this.rand();
    const subtitle =
      rs < 0.2 && subReal?.length ? this.pick(subReal) : rs < 0.5 ? this.phrase(lang, 2 + this.lengthZipf.draw(this.rand()) / 2) : null;
    const year = 1900 + Math.floor(Math.pow(this.rand(), 0.5) * 126);
    const names = this.pools.names.length ? this.pools.names : ["Silva, Maria"];
    const pub = this.pools.publishers.length ? this.pick(this.pools.publishers) : { place: "São Paulo", name: "Editora" };
    const headings = Array.from({ length: 1 + Math.floor(this.rand() * 4) }, () => this.heading(lang));
    const seen = new Set<string>();
    this.count(`${title} ${subtitle ?? ""}`, seen);
    for (const h of headings) this.count(h.subfields.map((s) => s.value).join(" "), seen);
    const f008 = `${"261128"}s${year}    xx            000 0 ${lang} d`;
    const call = `${Math.floor(this.rand() * 1000)}.${Math.floor(this.rand() * 100)} ${title.charAt(0).toUpperCase()}${i % 1000}`;
    const copies: DataField[] = Array.from({ length: 1 + (this.rand() < 0.3 ? 1 + Math.floor(this.rand() * 2) : 0) }, (_, k) => {
      const branch = BRANCHES[(i + k) % 3];
      const barcode = `R${String(i).padStart(8, "0")}${k}`;
      return this.rand() < 0.5
        ? {
            tag: "852",
            ind1: "0",
            ind2: " ",
            subfields: [
              { code: "b", value: branch },
              { code: "h", value: call },
              { code: "p", value: barcode },
            ],
          }
        : {
            tag: "949",
            ind1: " ",
            ind2: " ",
            subfields: [
              { code: "a", value: call },
              { code: "i", value: barcode },
              { code: "l", value: "ESTANTE" },
              { code: "m", value: branch },
            ],
          };
    });
    const added = Array.from({ length: Math.floor(this.rand() * this.rand() * 4) }, () => ({
      tag: "700",
      ind1: "1",
      ind2: " ",
      subfields: [{ code: "a", value: this.pick(names) }],
    }));
    const fields: MarcRecord["fields"] = [
      { tag: "001", value: `R${String(i).padStart(8, "0")}` },
      { tag: "003", value: "ESTREAL" },
      { tag: "008", value: f008 },
      { tag: "100", ind1: "1", ind2: " ", subfields: [{ code: "a", value: this.pick(names) }] },
      {
        tag: "245",
        ind1: "1",
        ind2: "0",
        subfields: subtitle
          ? [
              { code: "a", value: `${title} :` },
              { code: "b", value: `${subtitle} /` },
            ]
          : [{ code: "a", value: `${title}.` }],
      },
      {
        tag: "264",
        ind1: " ",
        ind2: "1",
        subfields: [
          { code: "a", value: `${pub.place} :` },
          { code: "b", value: `${pub.name},` },
          { code: "c", value: String(year) },
        ],
      },
      ...headings,
      ...added,
      ...copies,
    ];
    return { leader: "00000nam a2200000 a 4500", fields };
  }
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The catalogue's shape: distinct words, and the titles matching the word at each frequency rank. */
export interface Shape {
  titles: number;
  distinctWords: number;
  /** rank (1-based) → [word, titles]. */
  ranks: Array<{ rank: number; word: string; titles: number }>;
  /** Per rank, the first word at or after it with 3 letters or more (what the search bench asks: shorter ones are refused). */
  queries: Array<{ rank: number; word: string; titles: number }>;
  wordLists: string | null;
}

export function shapeOf(df: ReadonlyMap<string, number>, titles: number, note: string | null, ranks = [1, 10, 100, 1000, 10000]): Shape {
  const sorted = [...df.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const at = ranks.filter((r) => r <= sorted.length);
  const query = (rank: number) => {
    let i = rank - 1;
    while (i < sorted.length - 1 && sorted[i][0].length < 3) i++;
    return { rank: i + 1, word: sorted[i][0], titles: sorted[i][1] };
  };
  return {
    titles,
    distinctWords: sorted.length,
    ranks: at.map((rank) => ({ rank, word: sorted[rank - 1][0], titles: sorted[rank - 1][1] })),
    queries: at.map(query),
    wordLists: note,
  };
}

/** The records as an array (tests: a small catalogue; `lists` {} uses the demo records' words alone, the same everywhere). */
export async function realisticRecords(n: number, seed = 27, lists = WORD_LISTS): Promise<{ records: MarcRecord[]; shape: Shape }> {
  const pools = await loadPools(seed, lists);
  const gen = new RealisticCatalogue(pools, seed);
  const records = Array.from({ length: n }, (_, i) => gen.record(i + 1));
  return { records, shape: shapeOf(gen.df, n, wordListNote(pools)) };
}

/** Writes `n` records as ISO 2709 to `file`; returns the catalogue's shape. */
export async function writeRealisticFile(file: string, n: number, seed = 27, extra: MarcRecord[] = []): Promise<Shape> {
  const pools = await loadPools(seed);
  const note = wordListNote(pools);
  if (note) console.warn(note);
  const gen = new RealisticCatalogue(pools, seed);
  const out = fs.createWriteStream(file);
  const write = async (rec: MarcRecord) => {
    let bytes: Buffer;
    try {
      bytes = toIso2709(rec);
    } catch {
      bytes = toIso2709({ ...rec, fields: rec.fields.filter((f) => !isDataField(f) || !f.tag.startsWith("6")) });
    }
    if (!out.write(bytes)) await new Promise<void>((r) => out.once("drain", () => r()));
  };
  for (let i = 1; i <= n; i++) await write(gen.record(i));
  for (const rec of extra) await write(rec);
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return shapeOf(gen.df, n, note);
}

/** The shape as a Markdown table. */
export function shapeTable(s: Shape): string {
  return [
    `Catalogue shape: ${s.titles.toLocaleString("en")} titles, ${s.distinctWords.toLocaleString("en")} distinct words (title, subtitle, headings).${s.wordLists ? ` ${s.wordLists}` : ""}`,
    "",
    "| frequency rank | word | titles with it | share |",
    "|---|---|---|---|",
    ...s.ranks.map(
      (r) => `| ${r.rank.toLocaleString("en")} | ${r.word} | ${r.titles.toLocaleString("en")} | ${((100 * r.titles) / s.titles).toFixed(2)} % |`,
    ),
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [file, count, seed] = process.argv.slice(2);
  if (!file) {
    console.error("usage: npx tsx bench/realistic-catalogue.ts <file.mrc> [count=100000] [seed=27]");
    process.exit(2);
  }
  writeRealisticFile(file, Number(count ?? 100_000), Number(seed ?? 27)).then((s) => console.log(shapeTable(s)));
}
