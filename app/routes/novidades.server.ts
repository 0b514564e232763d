/** Loader orchestration of the new arrivals (issue 28, ADR 255): the page, the home page's section and the Atom feed. */
import { data, type RouterContextProvider } from "react-router";
import { getApi, type ApiClient } from "~/lib/api/client.server";
import { listLibraries } from "~/lib/api/directory.server";
import { ApiError } from "~/lib/api/errors";
import { getNewArrivals, type ArrivalLibrary, type NewArrival } from "~/lib/api/new-arrivals.server";
import { apiLangId } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { getSiteConfig } from "~/lib/site-config.server";
import { NEW_ARRIVALS_HOME, NEW_ARRIVALS_MAX } from "../../contract/new-arrivals";

export interface ArrivalsData {
  /** Null when the API could not give them (the section says so). */
  arrivals: NewArrival[] | null;
  /** The libraries of the filter's select (empty when they could not be loaded: the select is left out). */
  libraries: ArrivalLibrary[];
  /** The library asked for, when it is a known one. */
  library: ArrivalLibrary | null;
  /** What the visitor sent as `biblioteca` (kept in the select), and whether it was refused. */
  value: string;
  invalid: boolean;
  /** The page's heading and the feed's title, translated (of the library when one is asked). */
  title: string;
  feedTitle: string;
}

const librariesOf = (api: ApiClient) =>
  listLibraries(api)
    .then((p) => p.resultados.map((b) => ({ cod: b.cod_biblioteca, nome: b.desc_biblioteca })))
    .catch((): ArrivalLibrary[] => []);

/**
 * The arrivals the URL asks for (`?biblioteca=` one library's; empty, all). A value that is not a library of the
 * select, or that the API refuses, is `invalid` (the page answers 400 with the list of every library's arrivals).
 */
export async function loadArrivals(context: Readonly<RouterContextProvider>, params: URLSearchParams, qtd = NEW_ARRIVALS_MAX): Promise<ArrivalsData> {
  const api = getApi(context);
  const value = (params.get("biblioteca") ?? "").trim().slice(0, 20);
  const libraries = await librariesOf(api);
  let library: ArrivalLibrary | null = null;
  let invalid = false;
  if (value !== "") {
    const cod = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
    library = libraries.find((l) => l.cod === cod) ?? null;
    // Without the directory, the API's own check decides (below).
    if (!library && (libraries.length > 0 || Number.isNaN(cod))) invalid = true;
    else if (!library) library = { cod, nome: value };
  }
  const ask = (biblioteca?: number) => getNewArrivals(api, { biblioteca, qtd });
  let arrivals: NewArrival[] | null;
  try {
    arrivals = await ask(invalid ? undefined : library?.cod);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 422 && library)) {
      arrivals = null;
    } else {
      invalid = true;
      library = null;
      arrivals = await ask().catch(() => null);
    }
  }
  const t = getT(context);
  const title = library ? t("arrivals:pageTitleOf", { library: library.nome }) : t("arrivals:heading");
  const feedTitle = library ? t("arrivals:feedTitleOf", { library: library.nome }) : t("arrivals:feedTitle");
  return { arrivals, libraries, library, value, invalid, title, feedTitle };
}

/** The home page's section: the latest few of every library, and the libraries for its filter form. */
export function loadArrivalsPreview(context: Readonly<RouterContextProvider>): Promise<ArrivalsData> {
  return loadArrivals(context, new URLSearchParams(), NEW_ARRIVALS_HOME);
}

/** The institution's name for feeds and the search description ("" when the configuration cannot be loaded). */
export async function institutionName(context: Readonly<RouterContextProvider>): Promise<{ nome: string; sigla: string }> {
  try {
    const config = await getSiteConfig(getApi(context), String(apiLangId(getLanguage(context))));
    return { nome: config.instituicao.nome?.trim() || "", sigla: config.instituicao.sigla?.trim() || "" };
  } catch {
    return { nome: "", sigla: "" };
  }
}

/** /novidades's loader: the arrivals, 400 for an unknown library (the page says so beside the select). */
export async function loadArrivalsPage({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const arrivals = await loadArrivals(context, new URL(request.url).searchParams);
  return data(arrivals, { status: arrivals.invalid ? 400 : 200, headers: { "Cache-Control": "private, max-age=60" } });
}
