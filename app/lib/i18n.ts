/**
 * i18n configuration shared by the server and the browser.
 * Translations live in `locales/{lng}/{namespace}.json`; a new namespace file is picked up with no code change.
 */
import type { InitOptions, Resource } from "i18next";
import { DEFAULT_TIME_ZONE, timeZoneOr } from "../../contract/time-zone";

/** Languages offered in the picker, in display order (spec §2). pt is the default and the source of truth. */
export const SUPPORTED_LANGUAGES = ["pt", "en", "es", "fr", "it"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "pt";

/** The cookie that stores the chosen language (spec §9: "the language is stored locally"). */
export const LANGUAGE_COOKIE = "lng";

/** True when `value` is one of the supported language codes. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

// Lazy loaders for every namespace of every language; the browser loads only its own language's files.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json");

function parseLocalePath(file: string): { lng: string; ns: string } | null {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  return m ? { lng: m[1], ns: m[2] } : null;
}

/** Every namespace name found in locales/pt (the source of truth). */
export const NAMESPACES: string[] = Object.keys(loaders)
  .map(parseLocalePath)
  .filter((p): p is { lng: string; ns: string } => p !== null && p.lng === DEFAULT_LANGUAGE)
  .map((p) => p.ns)
  .sort();

/** Loads the resources of the given languages (all namespaces). */
export async function loadResources(languages: readonly string[]): Promise<Resource> {
  const resources: Resource = {};
  await Promise.all(
    Object.entries(loaders).map(async ([file, load]) => {
      const p = parseLocalePath(file);
      if (!p || !languages.includes(p.lng)) return;
      const mod = await load();
      (resources[p.lng] ??= {})[p.ns] = mod.default;
    }),
  );
  return resources;
}

/** i18next options common to server and client. */
export const baseI18nOptions: InitOptions = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: NAMESPACES,
  // React escapes output already.
  interpolation: { escapeValue: false },
  returnNull: false,
};

/** The API `lang` header id: 1 pt, 3 es, 5 en; fr and it fall back to 5 (the API has no French or Italian). */
export function apiLangId(language: string): 1 | 3 | 5 {
  if (language === "pt") return 1;
  if (language === "es") return 3;
  return 5;
}

/** Text direction; every supported language is left-to-right, but keep the decision in one place. */
export function languageDir(_language: string): "ltr" | "rtl" {
  return "ltr";
}

/**
 * Intl formatters are costly to create (ICU data lookups) and cheap to reuse, and a page formats hundreds of
 * numbers and dates: one formatter per locale and options, kept for the process (ADR 210).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>();
function cachedFormatter<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>(
  kind: string,
  locale: string,
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key) as T | undefined;
  if (!f) {
    f = make();
    // Bounded by the locales and option sets the code uses; a guard all the same.
    if (formatters.size > 200) formatters.clear();
    formatters.set(key, f);
  }
  return f;
}

/** `new Intl.NumberFormat(locale, options)`, shared per locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cachedFormatter("n", locale, options, () => new Intl.NumberFormat(locale, options));
}

/** `new Intl.DateTimeFormat(locale, options)`, shared per locale and options. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cachedFormatter("d", locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** `new Intl.DisplayNames(locale, options)`, shared per locale and options (throws as the constructor does). */
export function displayNames(locale: string, options: Intl.DisplayNamesOptions): Intl.DisplayNames {
  return cachedFormatter("l", locale, options, () => new Intl.DisplayNames(locale, options));
}

const MONEY: Record<string, { locale: string; symbol: string }> = {
  pt: { locale: "pt-BR", symbol: "R$" },
  en: { locale: "en-US", symbol: "$" },
  es: { locale: "es-CO", symbol: "COP$" },
  // fr and it follow the English symbol, like the API lang header.
  fr: { locale: "fr-FR", symbol: "$" },
  it: { locale: "it-IT", symbol: "$" },
};

/** Formats an amount with the language's currency symbol (spec §9: R$ pt, $ en, COP$ es). */
export function formatMoney(amount: number, language: string): string {
  const m = MONEY[language] ?? MONEY.pt;
  const n = numberFormat(m.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return `${m.symbol}\u00a0${n}`;
}

/**
 * The library's time zone for dates and times of full timestamps (ADR 226). The portal serves one library:
 * the site configuration sets it when it loads (`fuso_horario`); until then, and in the browser, the default.
 */
let libraryZone = DEFAULT_TIME_ZONE;

/** Sets the zone used by `formatDate` and `formatDateTime` when none is passed (an unknown zone is ignored). */
export function setLibraryTimeZone(zone: unknown): void {
  libraryZone = timeZoneOr(zone);
}

/** The library's time zone as last configured. */
export function libraryTimeZone(): string {
  return libraryZone;
}

/**
 * Dates formatted per locale and value: a page of loans formats the same days again and again, and ICU's
 * formatting was 1.7 % of the account summary's CPU (ADR 210). Bounded.
 */
const formattedDates = new Map<string, string>();
// Four-digit years in every language (dateStyle "short" gives "11/27/26" in en, es and it).
const SHORT_DATE: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric" };
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The Intl locale of a portal language ("pt" → "pt-BR"). */
export function localeOf(language: string): string {
  return MONEY[language]?.locale ?? "pt-BR";
}

/**
 * Formats an ISO date for the language: a day (yyyy-mm-dd) as it is, a timestamp on its day in the library's
 * time zone (an evening in Brasília is not the next day).
 */
export function formatDate(value: string | null | undefined, language: string, timeZone: string = libraryZone): string {
  if (!value) return "";
  const locale = localeOf(language);
  const dateOnly = DATE_ONLY.test(value);
  const key = `${locale}|${dateOnly ? "" : timeZone}|${value}`;
  const known = formattedDates.get(key);
  if (known !== undefined) return known;
  const d = new Date(dateOnly ? `${value}T12:00:00Z` : value);
  const formatted = Number.isNaN(d.getTime()) ? value : dateTimeFormat(locale, { ...SHORT_DATE, timeZone: dateOnly ? "UTC" : timeZone }).format(d);
  if (formattedDates.size >= 5000) formattedDates.clear();
  formattedDates.set(key, formatted);
  return formatted;
}

/** Formats an ISO timestamp as date and time ("27/11/2026, 17:30") in the library's time zone. */
export function formatDateTime(value: string | null | undefined, language: string, timeZone: string = libraryZone): string {
  if (!value) return "";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return dateTimeFormat(localeOf(language), { ...SHORT_DATE, hour: "2-digit", minute: "2-digit", timeZone }).format(d);
}

/** A day in words ("27 de novembro de 2026", "November 27, 2026"), for sentences; a timestamp on its library day. */
export function formatLongDate(value: string | null | undefined, language: string, timeZone: string = libraryZone): string {
  if (!value) return "";
  const dateOnly = DATE_ONLY.test(value);
  const d = new Date(dateOnly ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return value;
  return dateTimeFormat(localeOf(language), { dateStyle: "long", timeZone: dateOnly ? "UTC" : timeZone }).format(d);
}

/** The hour of a timestamp ("17:30") in the library's time zone. */
export function formatTime(value: string | null | undefined, language: string, timeZone: string = libraryZone): string {
  if (!value) return "";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return dateTimeFormat(localeOf(language), { hour: "2-digit", minute: "2-digit", timeZone }).format(d);
}

/** A loan's due date: with its hour for an hourly loan (due within the day), the day alone otherwise. */
export function formatDue(value: string | null | undefined, language: string, hourly: boolean, timeZone: string = libraryZone): string {
  return hourly ? formatDateTime(value, language, timeZone) : formatDate(value, language, timeZone);
}
