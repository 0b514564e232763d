/** Loader orchestration of the library's own pages (/informacoes, /perguntas-frequentes, /eventos; ADR 194). */
import { data, type RouterContextProvider } from "react-router";
import { getApi } from "~/lib/api/client.server";
import { getLibraryPages, type LibraryPages } from "~/lib/api/library-pages.server";
import { apiLangId } from "~/lib/i18n";
import { getLanguage } from "~/lib/i18n.server";

/**
 * The library's pages in the visitor's language. A page with no content answers 404 (its link is not shown);
 * when the API cannot be reached, 503.
 */
export async function loadLibraryPage<K extends keyof LibraryPages>(context: Readonly<RouterContextProvider>, key: K) {
  const lang = getLanguage(context);
  try {
    const pages = await getLibraryPages(getApi(context), String(apiLangId(lang)));
    const content = pages[key];
    return data({ lang, content, unavailable: false }, { status: content.length > 0 ? 200 : 404 });
  } catch {
    return data({ lang, content: [] as LibraryPages[K], unavailable: true }, { status: 503 });
  }
}
