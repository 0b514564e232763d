/**
 * Server-side i18n: language detection (?lng= → `lng` cookie → pt), the remix-i18next middleware and `getT`.
 */
import { createInstance, type i18n, type Resource, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { parseCookies, serializeCookie } from "./cookies";
import { baseI18nOptions, DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, SUPPORTED_LANGUAGES, type Language } from "./i18n";

// The server holds every language in memory (a few KB each).
const files = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json", { eager: true });
const resources: Resource = {};
for (const [file, mod] of Object.entries(files)) {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (m) (resources[m[1]] ??= {})[m[2]] = mod.default;
}

/** The language cookie lasts a year. */
const LANGUAGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Picks the page language: a valid `?lng=` wins, then the `lng` cookie, then pt (spec §9). */
export function detectLanguage(request: Request): Language {
  const fromQuery = new URL(request.url).searchParams.get("lng");
  if (isLanguage(fromQuery)) return fromQuery;
  const fromCookie = parseCookies(request.headers.get("Cookie"))[LANGUAGE_COOKIE];
  if (isLanguage(fromCookie)) return fromCookie;
  return DEFAULT_LANGUAGE;
}

/** The Set-Cookie value that stores the chosen language. */
export function languageCookie(language: Language, secure: boolean): string {
  return serializeCookie(LANGUAGE_COOKIE, language, { maxAge: LANGUAGE_COOKIE_MAX_AGE, sameSite: "Lax", secure });
}

const [i18nextMiddleware, getLocaleFromContext, getInstanceFromContext] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ["custom"],
    findLocale: async (request) => detectLanguage(request),
  },
  i18next: { ...baseI18nOptions, resources, initAsync: false },
  plugins: [initReactI18next],
});

/**
 * The i18n middleware. Besides detecting the language it stores a `?lng=` choice in the cookie, as the spec's
 * language picker does ("reloads with a language query"); see ADR 033 for why this GET side effect is acceptable.
 */
export const i18nMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const response = await i18nextMiddleware(args, next);
  const url = new URL(args.request.url);
  const fromQuery = url.searchParams.get("lng");
  if (response instanceof Response && isLanguage(fromQuery)) {
    const current = parseCookies(args.request.headers.get("Cookie"))[LANGUAGE_COOKIE];
    if (current !== fromQuery) response.headers.append("Set-Cookie", languageCookie(fromQuery, url.protocol === "https:"));
  }
  return response;
};

// Requests that match no route never run route middleware (STACK.md gotcha 5): render them in pt.
let fallbackInstance: i18n | null = null;
function getFallbackInstance(): i18n {
  if (!fallbackInstance) {
    fallbackInstance = createInstance();
    void fallbackInstance.use(initReactI18next).init({ ...baseI18nOptions, resources, lng: DEFAULT_LANGUAGE, initAsync: false });
  }
  return fallbackInstance;
}

/** The request's i18next instance (a pt fallback when the middleware did not run). */
export function getI18n(context: Readonly<RouterContextProvider>): i18n {
  try {
    return getInstanceFromContext(context);
  } catch {
    return getFallbackInstance();
  }
}

/** The request's language. */
export function getLanguage(context: Readonly<RouterContextProvider>): Language {
  try {
    const lng = getLocaleFromContext(context);
    return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** A translation function for loaders and actions (`t("common:auth.heading")`). */
export function getT(context: Readonly<RouterContextProvider>): TFunction {
  return getI18n(context).t;
}

/** All server-side resources (used by the locale completeness test). */
export function getAllResources(): Resource {
  return resources;
}
