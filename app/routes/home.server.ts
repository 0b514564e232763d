/** Loader orchestration of the home and search page ("/" and "/:guia"). */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { searchCatalogue, type Consulta } from "~/lib/api/catalogue.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError, type ErrorMessage } from "~/lib/api/errors";
import { apiLangId } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { getSiteConfig } from "~/lib/site-config.server";
import { SearchSchema, type SearchInput } from "~/schemas/search";

/**
 * Search tabs (guides) whose search really works in this version: the reference API filters
 * `ebooks` (online access) and `acessibilidade` (accessible titles). The other tabs of spec §2
 * (archive, normative acts, advanced…) need their own forms; until then they get no tab and
 * their URL is a 404 (ADR 041).
 */
export const WORKING_GUIDES: readonly string[] = ["geral", "ebooks", "acessibilidade"];

/** The i18n key shown when the API refuses the term itself (e.g. only punctuation). */
const TERM_INVALID_KEY = "catalogue:search.termInvalid";

/** A search tab as the page renders it. */
export interface Tab {
  codigo: string;
  descricao: string;
}

export interface HomeData {
  guia: string;
  /** The action of the search form: "/" or "/{guia}". */
  action: string;
  tabs: Tab[];
  /** What the form shows again: the URL's values. */
  defaults: Partial<SearchInput> & { termo?: string };
  /** conform's reply when the term failed validation. */
  lastResult: SubmissionResult<string[]> | null;
  /** The validated search, when one ran. */
  query: SearchInput | null;
  results: Consulta | null;
  /** The spec §8 message (i18n key and values) when the API failed. */
  error: ErrorMessage | null;
  /** The translated name of the active tab, except for the general one. */
  tabName: string | null;
  /** The translated page title, without the institution (meta adds it). */
  pageTitle: string;
}

const notFound = () => data(null, { status: 404, statusText: "Not Found" });

/** Runs the search named by the URL (if any) and loads the tabs, in parallel. */
export async function loadHome(request: Request, params: { guia?: string }, context: Readonly<RouterContextProvider>) {
  const guia = params.guia ?? "geral";
  // "/:guia" matches any one-segment path, so anything that is not a working tab is a real 404.
  if (!WORKING_GUIDES.includes(guia)) throw notFound();

  const api = getApi(context);
  const t = getT(context);
  const url = new URL(request.url);

  // The tabs come from the site configuration the layout loads too (cached per process, spec §7
  // "loaded once"). A failing configuration must not cost the visitor the search itself.
  const tabsPromise = getSiteConfig(api, String(apiLangId(getLanguage(context))))
    .then((config) =>
      config.guias.filter((g) => WORKING_GUIDES.includes(g.codigo)).map((g) => ({ codigo: g.codigo, descricao: g.descricao ?? g.codigo })),
    )
    .catch((): Tab[] => []);
  // A working tab the institution has not enabled does not exist for it either.
  if (guia !== "geral" && !(await tabsPromise).some((g) => g.codigo === guia)) throw notFound();

  const tabName = guia === "geral" ? null : t(`catalogue:tabs.names.${guia}`);
  const withTab = (title: string) => (tabName ? `${title} – ${tabName}` : title);
  const base: HomeData = {
    guia,
    action: params.guia ? `/${guia}` : "/",
    tabs: [],
    defaults: readDefaults(url.searchParams),
    lastResult: null,
    query: null,
    results: null,
    error: null,
    tabName,
    pageTitle: withTab(t("catalogue:meta.home")),
  };
  const errorTitle = `${t("catalogue:meta.searchError")}: ${base.pageTitle}`;

  // Landing on the page without a search: just the form.
  if (!url.searchParams.has("termo")) return data({ ...base, tabs: await tabsPromise });

  const submission = parseWithZod(url.searchParams, { schema: SearchSchema });
  if (submission.status !== "success") {
    return data({ ...base, tabs: await tabsPromise, lastResult: submission.reply(), pageTitle: errorTitle }, { status: 400 });
  }

  const query = submission.value;
  try {
    const [results, tabs] = await Promise.all([searchCatalogue(api, query, guia), tabsPromise]);
    return data({ ...base, tabs, query, results, pageTitle: withTab(t("catalogue:meta.search", { termo: query.termo, pagina: results.pagina })) });
  } catch (error) {
    const tabs = await tabsPromise;
    // The API has the last word on the term (e.g. "!!" has no searchable word): show it on the field.
    if (error instanceof ApiError && error.status === 422 && error.errors?.termo) {
      const lastResult = submission.reply({ fieldErrors: { termo: [TERM_INVALID_KEY] } });
      return data({ ...base, tabs, lastResult, pageTitle: errorTitle }, { status: 400 });
    }
    // The API answered with an error (502) or could not be reached at all (503).
    const status = error instanceof ApiError && error.status > 0 ? 502 : 503;
    return data({ ...base, tabs, query, error: describeError(error), pageTitle: errorTitle }, { status });
  }
}

/** The form's values from the URL; malformed options fall back to their defaults, as in the schema. */
function readDefaults(params: URLSearchParams): HomeData["defaults"] {
  const shape = SearchSchema.shape;
  return {
    termo: params.get("termo") ?? undefined,
    tipo: shape.tipo.parse(params.get("tipo") ?? undefined),
    ordenacao: shape.ordenacao.parse(params.get("ordenacao") ?? undefined),
    qtd: shape.qtd.parse(Number(params.get("qtd") ?? undefined)),
  };
}
