/**
 * Search filters (spec §4 "Result filters") and the MARC rules that put a title in a search tab.
 * Pure functions: the SQL lives in api/db/search.ts.
 */

import { DERIVED_CODE } from "./derived-facets.ts";

/**
 * Filter types the reference API computes (spec §4): type, year, language, only-with, class, library; the
 * types derived from the catalogue data (ADR 068): repository, place, collection, author, publisher, subject;
 * and on new acquisitions campus and area.
 */
export const FILTER_TYPES = ["T", "Y", "I", "X", "K", "B", "R", "P", "C", "A", "E", "S", "NA_C", "NA_A"] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

/** The types each search tab offers (new acquisitions add NA_C and NA_A). */
export function filterTypesOf(guia: string | undefined): FilterType[] {
  const base: FilterType[] = ["T", "Y", "I", "X", "K", "B", "R", "P", "C", "A", "E", "S"];
  return guia === "aquisicoes" ? [...base, "NA_C", "NA_A"] : base;
}

/** The "no date" value of the Y filter (a title without a publication year). */
export const NO_YEAR = "SD";

/** Values of the X (only-with) filter: C cover, O online, A accessibility. */
export const ONLY_WITH = ["C", "O", "A"] as const;

/** Selected filters: values by type. Within a type they combine with OR, across types with AND. */
export type SelectedFilters = Partial<Record<FilterType, string[]>>;

const VALUE_RULES: Record<FilterType, RegExp> = {
  T: /^\d{1,6}$/,
  Y: new RegExp(`^(\\d{1,4}|${NO_YEAR})$`),
  I: /^[a-z]{2,3}$|^und$/,
  X: /^[COA]$/,
  K: /^[0-9A-Z]$/,
  B: /^\d{1,6}$/,
  R: DERIVED_CODE,
  P: DERIVED_CODE,
  C: DERIVED_CODE,
  A: DERIVED_CODE,
  E: DERIVED_CODE,
  S: DERIVED_CODE,
  NA_C: /^\d{1,6}$/,
  NA_A: /^[0-9A-Z]$/,
};

/**
 * Parses `filtro` query values of the form `TYPE:value` (e.g. `T:1`, `Y:SD`, `X:O`). Returns the
 * selection and the values that are not valid filters (the route answers 422 for those).
 */
export function parseFilters(
  values: readonly string[],
  allowed: readonly FilterType[] = FILTER_TYPES,
): { selected: SelectedFilters; invalid: string[] } {
  const selected: SelectedFilters = {};
  const invalid: string[] = [];
  for (const raw of values) {
    const at = raw.indexOf(":");
    const type = raw.slice(0, at) as FilterType;
    const value = raw.slice(at + 1);
    if (at < 1 || !allowed.includes(type) || !VALUE_RULES[type].test(value)) {
      invalid.push(raw);
      continue;
    }
    const list = (selected[type] ??= []);
    if (!list.includes(value)) list.push(value);
  }
  return { selected, invalid };
}

/** The class (K) and knowledge area (NA_A) of a call number or classification: its first character (DDC main class or LC class letter). */
export function classOf(classificacao: string | null | undefined): string | null {
  const c = classificacao?.trim().charAt(0).toUpperCase();
  return c && /[0-9A-Z]/.test(c) ? c : null;
}

const DDC_CLASSES: Record<"pt" | "es" | "en", string[]> = {
  pt: [
    "Generalidades",
    "Filosofia e psicologia",
    "Religião",
    "Ciências sociais",
    "Linguagem",
    "Ciências naturais e matemática",
    "Tecnologia",
    "Artes",
    "Literatura",
    "Geografia e história",
  ],
  es: [
    "Generalidades",
    "Filosofía y psicología",
    "Religión",
    "Ciencias sociales",
    "Lenguas",
    "Ciencias naturales y matemáticas",
    "Tecnología",
    "Artes",
    "Literatura",
    "Geografía e historia",
  ],
  en: [
    "General works",
    "Philosophy and psychology",
    "Religion",
    "Social sciences",
    "Language",
    "Science",
    "Technology",
    "Arts",
    "Literature",
    "History and geography",
  ],
};

/** The Library of Congress Classification's main classes (the letters it uses; I, O, W, X and Y are not LC classes). */
const LC_CLASSES: Record<string, Record<"pt" | "es" | "en", string>> = {
  A: { pt: "Obras gerais", es: "Obras generales", en: "General works" },
  B: { pt: "Filosofia, psicologia e religião", es: "Filosofía, psicología y religión", en: "Philosophy, psychology and religion" },
  C: { pt: "Ciências auxiliares da história", es: "Ciencias auxiliares de la historia", en: "Auxiliary sciences of history" },
  D: { pt: "História geral e do Velho Mundo", es: "Historia general y del Viejo Mundo", en: "World history" },
  E: { pt: "História das Américas", es: "Historia de las Américas", en: "History of the Americas" },
  F: { pt: "História das Américas (local)", es: "Historia de las Américas (local)", en: "History of the Americas (local)" },
  G: { pt: "Geografia, antropologia e recreação", es: "Geografía, antropología y recreación", en: "Geography, anthropology and recreation" },
  H: { pt: "Ciências sociais", es: "Ciencias sociales", en: "Social sciences" },
  J: { pt: "Ciência política", es: "Ciencia política", en: "Political science" },
  K: { pt: "Direito", es: "Derecho", en: "Law" },
  L: { pt: "Educação", es: "Educación", en: "Education" },
  M: { pt: "Música", es: "Música", en: "Music" },
  N: { pt: "Belas-artes", es: "Bellas artes", en: "Fine arts" },
  P: { pt: "Linguagem e literatura", es: "Lengua y literatura", en: "Language and literature" },
  Q: { pt: "Ciências", es: "Ciencias", en: "Science" },
  R: { pt: "Medicina", es: "Medicina", en: "Medicine" },
  S: { pt: "Agricultura", es: "Agricultura", en: "Agriculture" },
  T: { pt: "Tecnologia", es: "Tecnología", en: "Technology" },
  U: { pt: "Ciência militar", es: "Ciencia militar", en: "Military science" },
  V: { pt: "Ciência naval", es: "Ciencia naval", en: "Naval science" },
  Z: { pt: "Bibliografia e biblioteconomia", es: "Bibliografía y bibliotecología", en: "Bibliography and library science" },
};

/** The label of a class code: the DDC main class ("300 – Ciências sociais") or the LC class ("K – Direito"). */
export function classLabel(code: string, lang: "pt" | "es" | "en"): string {
  if (/^\d$/.test(code)) return `${code}00 – ${DDC_CLASSES[lang][Number(code)]}`;
  const lc = LC_CLASSES[code];
  return lc ? `${code} – ${lc[lang]}` : `LC ${code}`;
}

// MARC 21 bibliographic language codes (639-2/B) that differ from the 639-2/T codes Intl knows.
const B_TO_T: Record<string, string> = {
  alb: "sqi",
  arm: "hye",
  baq: "eus",
  bur: "mya",
  chi: "zho",
  cze: "ces",
  dut: "nld",
  fre: "fra",
  geo: "kat",
  ger: "deu",
  gre: "ell",
  ice: "isl",
  mac: "mkd",
  mao: "mri",
  may: "msa",
  per: "fas",
  rum: "ron",
  slo: "slk",
  tib: "bod",
  wel: "cym",
};

// One DisplayNames per answer language: creating one costs more than naming every value of a facet (ADR 210).
const displayNames = new Map<string, Intl.DisplayNames>();
/** Labels already named, by answer language and code (bounded: codes come from the catalogue). */
const languageLabels = new Map<string, string>();

/** The name of a MARC language code in the answer's language ("por" → "português"); the code itself when unknown. */
export function languageLabel(code: string, lang: "pt" | "es" | "en"): string {
  // ICU's lookup costs microseconds and a results page labels its language filter's values on every call.
  const key = `${lang}:${code}`;
  let label = languageLabels.get(key);
  if (label === undefined) {
    label = icuLanguageLabel(code, lang);
    if (languageLabels.size >= 5_000) languageLabels.clear();
    languageLabels.set(key, label);
  }
  return label;
}

function icuLanguageLabel(code: string, lang: "pt" | "es" | "en"): string {
  if (code === "und") return { pt: "Indeterminado", es: "Indeterminado", en: "Undetermined" }[lang];
  try {
    let names = displayNames.get(lang);
    if (!names) displayNames.set(lang, (names = new Intl.DisplayNames([lang], { type: "language", fallback: "none" })));
    const name = names.of(B_TO_T[code] ?? code);
    return name ? name.charAt(0).toLocaleUpperCase(lang) + name.slice(1) : code;
  } catch {
    return code;
  }
}

/** The label of the "no date" year value. */
export function noYearLabel(lang: "pt" | "es" | "en"): string {
  return { pt: "Sem data", es: "Sin fecha", en: "No date" }[lang];
}

/** Labels of the only-with (X) values. */
export function onlyWithLabel(code: string, lang: "pt" | "es" | "en"): string {
  const labels = {
    pt: { C: "Com capa", O: "Online", A: "Com acessibilidade" },
    es: { C: "Con portada", O: "En línea", A: "Con accesibilidad" },
    en: { C: "With cover", O: "Online", A: "With accessibility" },
  } as const;
  return labels[lang][code as "C" | "O" | "A"] ?? code;
}

/** What the tab rules read from a title. */
export interface GuideSource {
  leader: string;
  assuntos: string[];
  /** Genre/form headings (655 $a) and form subdivisions (6XX $v). */
  formas: string[];
}

// Form subdivisions and genre terms of legislation (LCSH "Law and legislation", "Statutes"; pt/es equivalents).
const NORMATIVE =
  /\b(law and legislation|legislation|statutes|laws, etc|decrees|legisla[cç][aã]o|leis|decretos|legislaci[oó]n|normas jur[ií]dicas|atos normativos)\b/i;
// Form subdivisions and genre terms of case law (LCSH "Cases", "Law reports, digests, etc."; pt/es "Jurisprudência").
const CASE_LAW = /\b(cases|law reports|jurisprud[eê]ncia|jurisprudencia|ac[oó]rd[aã]os|sentencias)\b/i;

/**
 * The MARC-derived search tabs of a title (ADR 061):
 * - `arquivo` (archive): leader/06 `p` (mixed materials) or leader/08 `a` (archival control);
 * - `atos` (normative acts): a legislation subject subdivision or genre (e.g. "Law and legislation", "Legislação");
 * - `jurisprudencia` (case law): a "Cases"/"Law reports"/"Jurisprudência" subdivision or genre.
 */
export function guidesOf(src: GuideSource): string[] {
  const out: string[] = [];
  if (src.leader[6] === "p" || src.leader[8] === "a") out.push("arquivo");
  const headings = [...src.assuntos, ...src.formas];
  if (headings.some((h) => NORMATIVE.test(h))) out.push("atos");
  if (headings.some((h) => CASE_LAW.test(h))) out.push("jurisprudencia");
  return out;
}

/** New acquisitions: titles added to the catalogue within this many days (ADR 061). */
export const NEW_ACQUISITIONS_DAYS = 30;
