/** Loader orchestration of the home and search page ("/" and "/:guia"). */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import {
  getOrdenacoes,
  getSearchFilters,
  getTabOptions,
  searchCatalogue,
  type CatalogueQuery,
  type Consulta,
  type Filtros,
  type Ordenacao,
  type TabOptionGroup,
} from "~/lib/api/catalogue.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError, pageStatusFor, withoutRefusedFilters, type ErrorMessage } from "~/lib/api/errors";
import { apiLangId } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { getSiteConfig } from "~/lib/site-config.server";
import { recordSearch } from "~/lib/search-history.server";
import { joinedRowsText } from "~/lib/search-summary";
import {
  AdvancedSearchSchema,
  DISPLAYS,
  MATCH_MODES,
  PAGE_SIZES,
  readRowOperator,
  SEARCH_DEFAULTS,
  SEARCH_TYPES,
  TAB_OPTION_FIELDS,
  TabSearchSchema,
  type Display,
} from "~/schemas/search";
import { loadAuthorityTab, loadTeachingPlanTab, type AuthorityTab, type TeachingPlanTab } from "./home-tabs.server";
import { loadArrivalsPreview, type ArrivalsData } from "./novidades.server";
import type { Route } from "./+types/home";

/**
 * Search tabs (guides) whose search works in this version (ADR 061): each has a rule in the reference API
 * (online titles, MARC-derived archive / normative acts / case law, accessible titles, the recent window)
 * or its own form (advanced, authorities, teaching plan). Tabs the institution lists but that are not here get no tab and a 404.
 */
export const WORKING_GUIDES: readonly string[] = [
  "geral",
  "ebooks",
  "arquivo",
  "atos",
  "jurisprudencia",
  "avancada",
  "acessibilidade",
  "aquisicoes",
  "autoridades",
  "plano-ensino",
  "rede",
];

/** The tab whose results default to the compact display (spec §3). */
const COMPACT_GUIDE = "aquisicoes";

/** The i18n key shown when the API refuses the term itself (e.g. only punctuation). */
const TERM_INVALID_KEY = "catalogue:search.termInvalid";

/** A search tab as the page renders it. */
export interface Tab {
  codigo: string;
  descricao: string;
}

/** The form's values from the URL (shown again in the form). */
export interface SearchDefaults {
  termo?: string;
  tipo?: string;
  titulo?: string;
  autor?: string;
  assunto?: string;
  /** The advanced form's ISBN/ISSN, publisher and years (issue 28). */
  isbn?: string;
  editora?: string;
  ano_de?: string;
  ano_ate?: string;
  /** The advanced form's word matching (todas | qualquer). */
  modo?: string;
  /** How the author and subject rows join the rows before them (E | OU | NAO; ADR 257). */
  op_autor?: string;
  op_assunto?: string;
  ordenacao?: string;
  qtd?: number;
  exibicao: Display;
  /** The tab's own options (archive, normative acts, case law), by field. */
  opcoes: Record<string, string>;
}

export interface HomeData {
  guia: string;
  /** The action of the search form: "/" or "/{guia}". */
  action: string;
  /** The advanced tab: title/author/subject fields instead of one term. */
  advanced: boolean;
  tabs: Tab[];
  defaults: SearchDefaults;
  /** Sort options of `GET /consulta/ordenacao`. */
  ordenacoes: Ordenacao[];
  /** conform's reply when the term failed validation. */
  lastResult: SubmissionResult<string[]> | null;
  /** The validated search, when one ran (with the display in effect). */
  query: (CatalogueQuery & { exibicao: Display; filtro: string[] }) | null;
  /** The words searched, as the result headings quote them. */
  searchText: string;
  results: Consulta | null;
  /** The facets of the search; null when none ran or they could not be loaded. */
  facets: Filtros | null;
  /** True when the facets failed while the results loaded (spec §8 list failures). */
  facetsError: boolean;
  /** The spec §8 message (i18n key and values) when the API failed. */
  error: ErrorMessage | null;
  /** The translated name of the active tab, except for the general one. */
  tabName: string | null;
  /** The translated page title, without the institution (meta adds it). */
  pageTitle: string;
  /** The tab form's option fields (archive, normative acts, case law; ADR 065); empty elsewhere. */
  tabOptions: TabOptionGroup[];
  /** The authorities tab's form and results (ADR 066). */
  authority: AuthorityTab | null;
  /** The teaching-plan tab's form and results (ADR 067). */
  teachingPlan: TeachingPlanTab | null;
  /** The general tab's landing page only: the latest arrivals and the libraries of their filter (ADR 255). */
  arrivals?: ArrivalsData;
}

const notFound = () => data(null, { status: 404, statusText: "Not Found" });

/** Runs the search named by the URL (if any) with its facets, and loads the tabs and sort options, in parallel. */
export async function loadHome(request: Request, params: { guia?: string }, context: Readonly<RouterContextProvider>) {
  const guia = params.guia ?? "geral";
  // "/:guia" matches any one-segment path, so anything that is not a working tab is a real 404.
  if (!WORKING_GUIDES.includes(guia)) throw notFound();

  const api = getApi(context);
  const t = getT(context);
  const url = new URL(request.url);
  const langId = String(apiLangId(getLanguage(context)));

  // The tabs come from the site configuration the layout loads too (cached per process, spec §7
  // "loaded once"). A failing configuration must not cost the visitor the search itself.
  const tabsPromise = getSiteConfig(api, langId)
    .then((config) =>
      config.guias.filter((g) => WORKING_GUIDES.includes(g.codigo)).map((g) => ({ codigo: g.codigo, descricao: g.descricao ?? g.codigo })),
    )
    .catch((): Tab[] => []);
  const ordenacoesPromise = getOrdenacoes(api, langId).catch((): Ordenacao[] => []);
  // A working tab the institution has not enabled does not exist for it either.
  if (guia !== "geral" && !(await tabsPromise).some((g) => g.codigo === guia)) throw notFound();

  const advanced = guia === "avancada";
  const tabName = guia === "geral" ? null : t(`catalogue:tabs.names.${guia}`);
  const withTab = (title: string) => (tabName ? `${title} – ${tabName}` : title);
  const defaults = readDefaults(url.searchParams, guia);
  const base: HomeData = {
    guia,
    action: params.guia ? `/${guia}` : "/",
    advanced,
    tabs: [],
    defaults,
    ordenacoes: [],
    lastResult: null,
    query: null,
    searchText: "",
    results: null,
    facets: null,
    facetsError: false,
    error: null,
    tabName,
    pageTitle: withTab(t("catalogue:meta.home")),
    tabOptions: [],
    authority: null,
    teachingPlan: null,
  };
  const errorTitle = `${t("catalogue:meta.searchError")}: ${base.pageTitle}`;

  // Tabs with forms of their own: the authority search and the teaching plans.
  if (guia === "autoridades" || guia === "plano-ensino") {
    const [outcome, tabs] = await Promise.all([
      guia === "autoridades" ? loadAuthorityTab(api, url.searchParams) : loadTeachingPlanTab(api, url.searchParams),
      tabsPromise,
    ]);
    const { tab, lastResult, error, searchText, status } = outcome;
    const title =
      status !== 200
        ? errorTitle
        : searchText
          ? withTab(t("catalogue:meta.search", { termo: searchText, pagina: Number(url.searchParams.get("pagina")) || 1 }))
          : base.pageTitle;
    const own = guia === "autoridades" ? { authority: tab as AuthorityTab } : { teachingPlan: tab as TeachingPlanTab };
    return data({ ...base, ...own, tabs, lastResult, error, searchText, pageTitle: title }, { status });
  }

  // The option fields of the tab's form never block the search: a failure only leaves the selects out.
  const tabOptionsPromise = TAB_OPTION_FIELDS[guia] ? getTabOptions(api, guia).catch((): TabOptionGroup[] => []) : Promise.resolve([]);
  const extras = async () => ({ tabs: await tabsPromise, ordenacoes: await ordenacoesPromise, tabOptions: await tabOptionsPromise });

  const fields = advanced ? ["titulo", "autor", "assunto", "isbn"] : ["termo"];
  // Landing on the page without a search: just the form.
  if (!fields.some((f) => url.searchParams.has(f))) {
    const arrivals = guia === "geral" ? await loadArrivalsPreview(context) : undefined;
    return data({ ...base, ...(await extras()), arrivals });
  }

  const submission = advanced
    ? parseWithZod(url.searchParams, { schema: AdvancedSearchSchema })
    : parseWithZod(url.searchParams, { schema: TabSearchSchema });
  if (submission.status !== "success") {
    return data({ ...base, ...(await extras()), lastResult: submission.reply(), pageTitle: errorTitle }, { status: 400 });
  }

  const { exibicao: _display, ...submitted } = submission.value;
  let value = submitted;
  let query = { ...value, exibicao: defaults.exibicao };
  // The advanced rows with their operators in words when one is OR or NOT (ADR 257); else the words, as before.
  const joined = "termo" in value ? null : joinedRowsText(value, (row) => t(`catalogue:advanced.fields.${row}`), t);
  const searchText =
    "termo" in value
      ? value.termo
      : [joined ?? [value.titulo, value.autor, value.assunto].filter(Boolean).join(" · "), value.isbn].filter(Boolean).join(" · ");
  const attempt = (v: typeof value) =>
    Promise.all([
      searchCatalogue(api, v, guia),
      extras(),
      // Facets never block the results: a failure there only hides the filter panel (with a message).
      getSearchFilters(api, v, guia).then(
        (f) => ({ facets: f, facetsError: false }),
        () => ({ facets: null, facetsError: true }),
      ),
    ]);
  try {
    let outcome: Awaited<ReturnType<typeof attempt>>;
    try {
      outcome = await attempt(value);
    } catch (error) {
      // A filter or option value that no longer exists (or never did) is ignored, not a failed search.
      const kept = withoutRefusedFilters(error, value, fields);
      if (!kept) throw error;
      value = kept;
      query = { ...value, exibicao: defaults.exibicao };
      outcome = await attempt(value);
    }
    const [results, more, facetState] = outcome;
    return data({
      ...base,
      ...more,
      ...facetState,
      query,
      searchText,
      results,
      pageTitle: withTab(t("catalogue:meta.search", { termo: searchText, pagina: results.pagina })),
    });
  } catch (error) {
    const more = await extras();
    // The API has the last word on the term (e.g. "!!" has no searchable word): show it on the field.
    if (error instanceof ApiError && error.status === 422 && error.errors) {
      const field = fields.find((f) => error.errors?.[f]) ?? (error.errors.termo ? fields[0] : null);
      if (field) {
        const lastResult = submission.reply({ fieldErrors: { [field]: [TERM_INVALID_KEY] } });
        return data({ ...base, ...more, lastResult, pageTitle: errorTitle }, { status: 400 });
      }
    }
    // The API refused the URL's values (400), answered with an error (502) or could not be reached (503).
    const status = pageStatusFor(error);
    return data({ ...base, ...more, query, searchText, error: describeError(error), pageTitle: errorTitle }, { status });
  }
}

/** The form's values from the URL; malformed options fall back to their defaults, as in the schema. */
function readDefaults(params: URLSearchParams, guia: string): SearchDefaults {
  const pick = <T extends string>(list: readonly T[], v: string | null, fallback: T): T =>
    v && (list as readonly string[]).includes(v) ? (v as T) : fallback;
  const qtd = Number(params.get("qtd"));
  return {
    termo: params.get("termo") ?? undefined,
    tipo: pick(SEARCH_TYPES, params.get("tipo"), SEARCH_DEFAULTS.tipo),
    titulo: params.get("titulo") ?? undefined,
    autor: params.get("autor") ?? undefined,
    assunto: params.get("assunto") ?? undefined,
    isbn: params.get("isbn") ?? undefined,
    editora: params.get("editora") ?? undefined,
    ano_de: params.get("ano_de") ?? undefined,
    ano_ate: params.get("ano_ate") ?? undefined,
    modo: pick(MATCH_MODES, params.get("modo"), "todas"),
    op_autor: readRowOperator(params.get("op_autor")),
    op_assunto: readRowOperator(params.get("op_assunto")),
    ordenacao: params.get("ordenacao") ?? SEARCH_DEFAULTS.ordenacao,
    qtd: (PAGE_SIZES as readonly number[]).includes(qtd) ? qtd : SEARCH_DEFAULTS.qtd,
    exibicao: pick(DISPLAYS, params.get("exibicao"), guia === COMPACT_GUIDE ? "C" : SEARCH_DEFAULTS.exibicao),
    opcoes: Object.fromEntries((TAB_OPTION_FIELDS[guia] ?? []).map((f) => [f, params.get(f) ?? ""])),
  };
}

/** The route's loader: the page's data, and a search that ran goes into the session's search history (a cookie set on this response). */
export async function loadHomePage({ request, params, context }: Route.LoaderArgs) {
  return recordSearch(request, await loadHome(request, params, context));
}
