/**
 * Server-side i18n: language detection (?lng= → `lng` cookie → pt), the middleware, and `getT`.
 */
import { createInstance, type i18n, type Resource, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { parseCookies, serializeCookie } from "./cookies";
import { baseI18nOptions, DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from "./i18n";
import { serverAnswer } from "~/framework/use-translation";

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

/**
 * One initialized i18next instance per language, shared by every request in that language (ADR 210). Creating
 * and initializing an instance per request (remix-i18next's middleware) cost more than rendering the page.
 * Sharing is safe because nothing changes an instance after `init`: the language is fixed per instance (no
 * `changeLanguage` on the server) and the resources are read-only, so two requests never see each other's state.
 */
const instances = new Map<Language, i18n>();

/** The shared, initialized instance of `language` (created on first use). */
export function instanceFor(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance();
    void instance.use(initReactI18next).init({ ...baseI18nOptions, resources, lng: language, initAsync: false });
    instances.set(language, instance);
  }
  return instance;
}

const languageContext = createContext<Language | null>(null);

/**
 * The i18n middleware. Besides detecting the language it stores a `?lng=` choice in the cookie, as the spec's
 * language picker does ("reloads with a language query"); see ADR 033 for why this GET side effect is acceptable.
 */
export const i18nMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  args.context.set(languageContext, detectLanguage(args.request));
  const response = await next();
  const url = new URL(args.request.url);
  const fromQuery = url.searchParams.get("lng");
  if (response instanceof Response && isLanguage(fromQuery)) {
    const current = parseCookies(args.request.headers.get("Cookie"))[LANGUAGE_COOKIE];
    if (current !== fromQuery) response.headers.append("Set-Cookie", languageCookie(fromQuery, url.protocol === "https:"));
  }
  return response;
};

/**
 * The request's language; pt when the middleware did not run (requests that match no route never run route
 * middleware, STACK.md gotcha 5).
 */
export function getLanguage(context: Readonly<RouterContextProvider>): Language {
  try {
    return context.get(languageContext) ?? DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The request's i18next instance: the shared one of its language. */
export function getI18n(context: Readonly<RouterContextProvider>): i18n {
  return instanceFor(getLanguage(context));
}

/**
 * A translation function for loaders and actions (`t("common:auth.heading")`): the default namespace's fixed `t`
 * of the request's shared instance, whose answers are kept (ADR 210), as components' `useTranslation` on the server.
 */
export function getT(context: Readonly<RouterContextProvider>): TFunction {
  return serverAnswer(getI18n(context)).t as unknown as TFunction;
}

/** All server-side resources (used by the locale completeness test). */
export function getAllResources(): Resource {
  return resources;
}
