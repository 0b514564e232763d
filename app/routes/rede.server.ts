/** Loader orchestration of the network (OAI) search ("/rede") and a network record ("/rede/acervo/:id"). */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError, pageStatusFor, withoutRefusedFilters, type ErrorMessage } from "~/lib/api/errors";
import {
  getNetworkInstitutions,
  getNetworkRecord,
  searchNetwork,
  type InstituicaoRede,
  type RedeConsulta,
  type RedeRegistro,
} from "~/lib/api/rede.server";
import { apiLangId } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { PRODUCT_NAME } from "~/lib/product";
import { getSiteConfig } from "~/lib/site-config.server";
import { NETWORK_ORDERINGS, PAGE_SIZES, SEARCH_DEFAULTS, SEARCH_TYPES, TabSearchSchema } from "~/schemas/search";
import { WORKING_GUIDES, type Tab } from "./home.server";

/** The network tab's code in the institution's search tabs (spec §2). */
export const NETWORK_GUIDE = "rede";

/** The form's values from the URL (shown again in the form). */
export interface NetworkDefaults {
  termo?: string;
  tipo: string;
  ordenacao: string;
  qtd: number;
  /** The institutions chosen (Z filter codes). */
  instituicoes: string[];
}

export interface NetworkPageData {
  tabs: Tab[];
  /** The member institutions (the form's choice); empty when the service failed. */
  instituicoes: InstituicaoRede[];
  defaults: NetworkDefaults;
  lastResult: SubmissionResult<string[]> | null;
  /** The selected filters of the search that ran. */
  filtro: string[];
  searchText: string;
  results: RedeConsulta | null;
  /** The spec §8 message when the network service failed. */
  error: ErrorMessage | null;
  pageTitle: string;
}

/**
 * The message of a failed network call: a 5xx from the service, or no answer at all, is the spec §8
 * "Serviço Rede {product} não disponível!"; anything else follows the generic catalogue.
 */
export function networkError(error: unknown): { message: ErrorMessage; status: number } {
  const status = pageStatusFor(error);
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return { message: { key: "common:errors.network_catalogue", values: { product: PRODUCT_NAME } }, status };
  }
  return { message: describeError(error), status };
}

const notFound = () => data(null, { status: 404, statusText: "Not Found" });

/** The search tabs, as the home page shows them; a failing configuration gives none (the search still works). */
async function loadTabs(api: ReturnType<typeof getApi>, langId: string): Promise<Tab[]> {
  try {
    const config = await getSiteConfig(api, langId);
    return config.guias.filter((g) => WORKING_GUIDES.includes(g.codigo)).map((g) => ({ codigo: g.codigo, descricao: g.descricao ?? g.codigo }));
  } catch {
    return [];
  }
}

/** Runs the network search named by the URL (if any), with the institutions and the tabs, in parallel. */
export async function loadNetworkSearch(request: Request, context: Readonly<RouterContextProvider>) {
  const api = getApi(context);
  const t = getT(context);
  const url = new URL(request.url);
  const langId = String(apiLangId(getLanguage(context)));

  const tabsPromise = loadTabs(api, langId);
  const instituicoesPromise = getNetworkInstitutions(api).then(
    (list) => ({ list, error: null as unknown }),
    (error: unknown) => ({ list: [] as InstituicaoRede[], error }),
  );
  const tabs = await tabsPromise;
  // The institution must offer the tab (when its configuration loaded at all).
  if (tabs.length && !tabs.some((g) => g.codigo === NETWORK_GUIDE)) throw notFound();

  const heading = t("network:meta.title", { product: PRODUCT_NAME });
  const defaults = readDefaults(url.searchParams);
  const base: NetworkPageData = {
    tabs,
    instituicoes: [],
    defaults,
    lastResult: null,
    filtro: [],
    searchText: "",
    results: null,
    error: null,
    pageTitle: heading,
  };
  const errorTitle = `${t("catalogue:meta.searchError")}: ${heading}`;

  if (!url.searchParams.has("termo")) {
    const inst = await instituicoesPromise;
    if (inst.error) {
      const failure = networkError(inst.error);
      return data({ ...base, error: failure.message, pageTitle: errorTitle }, { status: failure.status });
    }
    return data({ ...base, instituicoes: inst.list });
  }

  const submission = parseWithZod(url.searchParams, { schema: TabSearchSchema });
  if (submission.status !== "success") {
    const inst = await instituicoesPromise;
    return data({ ...base, instituicoes: inst.list, lastResult: submission.reply(), pageTitle: errorTitle }, { status: 400 });
  }
  const { exibicao: _display, ...submitted } = submission.value;
  let query = submitted;
  try {
    let results: Awaited<ReturnType<typeof searchNetwork>>;
    try {
      results = await searchNetwork(api, query);
    } catch (error) {
      // A filter value that no longer exists (or never did) is ignored, not a failed search.
      const kept = withoutRefusedFilters(error, query, ["termo"]);
      if (!kept) throw error;
      query = kept;
      results = await searchNetwork(api, query);
    }
    const inst = await instituicoesPromise;
    return data({
      ...base,
      instituicoes: inst.list,
      filtro: query.filtro,
      searchText: query.termo,
      results,
      pageTitle: `${t("catalogue:meta.search", { termo: query.termo, pagina: results.pagina })} – ${heading}`,
    });
  } catch (error) {
    const inst = await instituicoesPromise;
    if (error instanceof ApiError && error.status === 422 && error.errors?.termo) {
      const lastResult = submission.reply({ fieldErrors: { termo: ["catalogue:search.termInvalid"] } });
      return data({ ...base, instituicoes: inst.list, lastResult, pageTitle: errorTitle }, { status: 400 });
    }
    const failure = networkError(error);
    return data(
      { ...base, instituicoes: inst.list, filtro: query.filtro, searchText: query.termo, error: failure.message, pageTitle: errorTitle },
      { status: failure.status },
    );
  }
}

/** The form's values from the URL; malformed options fall back to their defaults, as in the schema. */
function readDefaults(params: URLSearchParams): NetworkDefaults {
  const tipo = params.get("tipo");
  const ordenacao = params.get("ordenacao");
  const qtd = Number(params.get("qtd"));
  return {
    termo: params.get("termo") ?? undefined,
    tipo: tipo && (SEARCH_TYPES as readonly string[]).includes(tipo) ? tipo : SEARCH_DEFAULTS.tipo,
    ordenacao: ordenacao && (NETWORK_ORDERINGS as readonly string[]).includes(ordenacao) ? ordenacao : SEARCH_DEFAULTS.ordenacao,
    qtd: (PAGE_SIZES as readonly number[]).includes(qtd) ? qtd : SEARCH_DEFAULTS.qtd,
    instituicoes: params
      .getAll("filtro")
      .filter((v) => /^Z:\d{1,6}$/.test(v))
      .map((v) => v.slice(2)),
  };
}

/** A network record for its page; 404 for an unknown or malformed id, the network message when the service fails. */
export async function loadNetworkRecord(
  params: { id?: string },
  context: Readonly<RouterContextProvider>,
): Promise<{ registro: RedeRegistro; pageTitle: string }> {
  const t = getT(context);
  const id = Number(params.id);
  const notFoundData = { pageTitle: t("network:record.notFoundHeading") };
  if (!Number.isInteger(id) || id <= 0) throw data(notFoundData, { status: 404 });
  try {
    const registro = await getNetworkRecord(getApi(context), id);
    return { registro, pageTitle: `${registro.titulo} – ${t("network:meta.title", { product: PRODUCT_NAME })}` };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(notFoundData, { status: 404 });
    const failure = networkError(error);
    throw data({ pageTitle: t("network:record.errorHeading"), message: failure.message }, { status: failure.status });
  }
}
