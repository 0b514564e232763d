import { iso6392BTo1, iso6392BTo2T, iso6392TTo1 } from "iso-639-2";

/** MARC codes that name no single language: undetermined, multiple, no linguistic content, uncoded. */
const NO_LANGUAGE = new Set(["und", "mul", "zxx", "mis"]);

/**
 * The BCP 47 tag of a MARC language code (008/35-37 or 041 $a, the MARC Code List for Languages, which is
 * ISO 639-2/B): the two-letter ISO 639-1 code where one exists ("spa" → "es", "fre" → "fr"), else the
 * ISO 639-2/T code ("tib" → "bod"). Null for no code or a code that names no single language, so the
 * element simply inherits the page's language. WCAG 3.1.2, eMAG 3.2; ADR 136.
 */
export function marcLanguageToBcp47(code: string | null | undefined): string | null {
  const c = code?.trim().toLowerCase();
  if (!c || !/^[a-z]{3}$/.test(c) || NO_LANGUAGE.has(c)) return null;
  const b = c as keyof typeof iso6392BTo1;
  const t = (iso6392BTo2T[c as keyof typeof iso6392BTo2T] ?? c) as keyof typeof iso6392TTo1;
  return iso6392BTo1[b] ?? iso6392TTo1[t] ?? t;
}

/** The primary language subtag of a BCP 47 tag ("pt-BR" → "pt"). */
export const primaryLanguage = (tag: string) => {
  const dash = tag.indexOf("-");
  return (dash < 0 ? tag : tag.slice(0, dash)).toLowerCase();
};

/**
 * The `lang` attribute for a piece of text in `tag` on a page in `pageLang`: omitted (undefined) when it
 * is the page's language, so the markup only says what differs.
 */
export function langAttr(tag: string | null | undefined, pageLang: string): string | undefined {
  if (!tag) return undefined;
  return primaryLanguage(tag) === primaryLanguage(pageLang) ? undefined : tag;
}

/**
 * The language of the library's own vocabulary the API returns untranslated (types of work, collections):
 * the reference API's institution catalogues in Portuguese.
 */
export const LIBRARY_VOCABULARY_LANGUAGE = "pt";

/** The language the API answers in for a page language (its `lang` header: pt, es, en; fr and it get en). */
export function apiAnswerLanguage(pageLang: string): "pt" | "es" | "en" {
  const p = primaryLanguage(pageLang);
  return p === "pt" || p === "es" ? p : "en";
}
