/** Loader orchestration of the library's own pages (/informacoes, /perguntas-frequentes, /eventos; ADR 194). */
import { data, type RouterContextProvider } from "react-router";
import { getApi } from "~/lib/api/client.server";
import { getLibraryPages, type LibraryPages } from "~/lib/api/library-pages.server";
import { apiLangId } from "~/lib/i18n";
import { getLanguage } from "~/lib/i18n.server";

/**
 * The library's pages in the visitor's language. A page with no content answers 404 (its link is not shown);
 * when the API cannot be reached, 503; when only the events service failed, the events page answers 503 with
 * the spec §8 "contact support" message (`unavailable: "support"`).
 */
export async function loadLibraryPage<K extends "blocks" | "faq" | "events">(context: Readonly<RouterContextProvider>, key: K) {
  const lang = getLanguage(context);
  try {
    const pages = await getLibraryPages(getApi(context), String(apiLangId(lang)));
    // Spec §8: the events service could not be reached, so the page says to contact support.
    if (key === "events" && pages.eventsFailed)
      return data({ lang, content: [] as LibraryPages[K], unavailable: "support" as const }, { status: 503 });
    const content = pages[key];
    return data({ lang, content, unavailable: false as const }, { status: content.length > 0 ? 200 : 404 });
  } catch {
    return data({ lang, content: [] as LibraryPages[K], unavailable: "network" as const }, { status: 503 });
  }
}
