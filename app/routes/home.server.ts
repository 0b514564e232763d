/** Loader orchestration of the home and search page ("/" and "/:guia"). */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError, type ErrorMessage } from "~/lib/api/errors";
import { getSearchGuides, searchCatalogue, type Consulta, type Guia } from "~/lib/api/catalogue.server";
import { getT } from "~/lib/i18n.server";
import { SearchSchema, type SearchInput } from "~/schemas/search";

/**
 * Search tabs (guides) whose search really works in this version. The others listed by
 * `/api/parametros/guias` (e-books, archive, …) need their own filters and forms; until they
 * exist their URL is a 404 and they get no tab (ADR 041).
 */
export const WORKING_GUIDES: readonly string[] = ["geral"];

export interface HomeData {
  guia: string;
  /** The action of the search form: "/" or "/{guia}". */
  action: string;
  tabs: Guia[];
  /** What the form shows again: the URL's values (valid or not). */
  defaults: Partial<SearchInput> & { termo?: string };
  /** conform's reply when the term failed validation. */
  lastResult: SubmissionResult<string[]> | null;
  /** The validated search, when one ran. */
  query: SearchInput | null;
  results: Consulta | null;
  /** The spec §8 message (i18n key and values) when the API failed. */
  error: ErrorMessage | null;
  /** The translated page title, without the institution (meta adds it). */
  pageTitle: string;
}

/** Runs the search named by the URL (if any) and loads the tabs, in parallel. */
export async function loadHome(request: Request, params: { guia?: string }, context: Readonly<RouterContextProvider>) {
  const guia = params.guia ?? "geral";
  // "/:guia" matches any one-segment path, so anything that is not a working tab is a real 404.
  if (!WORKING_GUIDES.includes(guia)) throw data(null, { status: 404, statusText: "Not Found" });

  const api = getApi(context);
  const t = getT(context);
  const url = new URL(request.url);
  const base: HomeData = {
    guia,
    action: params.guia ? `/${guia}` : "/",
    tabs: [],
    defaults: readDefaults(url.searchParams),
    lastResult: null,
    query: null,
    results: null,
    error: null,
    pageTitle: t("catalogue:meta.home"),
  };

  // A failing tab list must not cost the visitor the search itself.
  const tabsPromise = getSearchGuides(api)
    .then((guias) => guias.filter((g) => WORKING_GUIDES.includes(g.codigo)))
    .catch(() => []);

  // Landing on the page without a search: just the form.
  if (!url.searchParams.has("termo")) return data({ ...base, tabs: await tabsPromise });

  const submission = parseWithZod(url.searchParams, { schema: SearchSchema });
  if (submission.status !== "success") {
    return data(
      { ...base, tabs: await tabsPromise, lastResult: submission.reply(), pageTitle: `${t("catalogue:meta.searchError")}: ${base.pageTitle}` },
      { status: 400 },
    );
  }

  const query = submission.value;
  try {
    const [results, tabs] = await Promise.all([searchCatalogue(api, query, guia), tabsPromise]);
    return data({
      ...base,
      tabs,
      query,
      results,
      pageTitle: t("catalogue:meta.search", { termo: query.termo, pagina: results.pagina }),
    });
  } catch (error) {
    // The API answered with an error (502) or could not be reached at all (503).
    const status = error instanceof ApiError && error.status > 0 ? 502 : 503;
    return data(
      { ...base, tabs: await tabsPromise, query, error: describeError(error), pageTitle: `${t("catalogue:meta.searchError")}: ${base.pageTitle}` },
      { status },
    );
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
