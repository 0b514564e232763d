/** Loader orchestration of the browse page ("/indice", spec §2 "Index browsing"). */
import { data, type RouterContextProvider } from "react-router";
import { browseIndex, browseTitles, getBrowseOptions, type BrowsePage, type BrowseTitles } from "~/lib/api/catalogue.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError, type ErrorMessage } from "~/lib/api/errors";
import { getT } from "~/lib/i18n.server";

export interface IndiceData {
  indices: Array<{ codigo: string; descricao: string }>;
  indice: string;
  termo: string;
  /** The index page (when no entry is chosen). */
  page: BrowsePage | null;
  /** The chosen entry and its titles. */
  entrada: { chave: string; titles: BrowseTitles } | null;
  error: ErrorMessage | null;
  pageTitle: string;
}

const clip = (v: string | null) => (v ? v.slice(0, 300) : undefined);

/** Loads the index options and either one page of the index or the titles of the chosen entry, in parallel. */
export async function loadIndice(request: Request, context: Readonly<RouterContextProvider>) {
  const api = getApi(context);
  const t = getT(context);
  const params = new URL(request.url).searchParams;
  const termo = clip(params.get("termo"))?.trim() ?? "";
  const chave = clip(params.get("entrada"));
  const pagina = Math.max(1, Math.min(10_000, Number(params.get("pagina")) || 1));
  const optionsPromise = getBrowseOptions(api);
  let indices: IndiceData["indices"] = [];
  try {
    indices = await optionsPromise;
  } catch (error) {
    return data(
      {
        indices,
        indice: "titulo",
        termo,
        page: null,
        entrada: null,
        error: describeError(error),
        pageTitle: t("catalogue:browse.title"),
      } satisfies IndiceData,
      { status: error instanceof ApiError && error.status > 0 ? 502 : 503 },
    );
  }
  const asked = params.get("indice") ?? indices[0]?.codigo ?? "titulo";
  // An index the API does not offer falls back to the first one instead of failing.
  const indice = indices.some((i) => i.codigo === asked) ? asked : (indices[0]?.codigo ?? "titulo");
  const name = indices.find((i) => i.codigo === indice)?.descricao ?? indice;
  const base: IndiceData = {
    indices,
    indice,
    termo,
    page: null,
    entrada: null,
    error: null,
    pageTitle: t("catalogue:browse.titleOf", { indice: name }),
  };
  try {
    if (chave) {
      const titles = await browseTitles(api, indice, chave, pagina);
      const heading = t("catalogue:browse.titlesOf", { valor: titles.valor ?? chave });
      return data({ ...base, entrada: { chave, titles }, pageTitle: heading } satisfies IndiceData, { status: titles.total === 0 ? 404 : 200 });
    }
    const at = params.get("de") ? { de: clip(params.get("de")) } : params.get("ate") ? { ate: clip(params.get("ate")) } : termo ? { termo } : {};
    const page = await browseIndex(api, indice, at);
    return data({ ...base, page } satisfies IndiceData);
  } catch (error) {
    const status = error instanceof ApiError && error.status > 0 ? 502 : 503;
    return data({ ...base, error: describeError(error), pageTitle: `${t("catalogue:meta.searchError")}: ${base.pageTitle}` } satisfies IndiceData, {
      status,
    });
  }
}
