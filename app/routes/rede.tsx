import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "~/framework/use-translation";
import { NetworkResults } from "~/components/network/NetworkResults";
import { NetworkSearchForm } from "~/components/network/NetworkSearchForm";
import { FacetPanel } from "~/components/search/FacetPanel";
import { SearchLayout } from "~/components/search/SearchLayout";
import { SEARCH_LANDMARK_HANDLE, SKIP_TARGETS } from "~/lib/skip-links";
import { pageTitle } from "~/components/search/page-title";
import { useResultCountText } from "~/components/search/SearchResults";
import { SearchTabs } from "~/components/search/SearchTabs";
import { PRODUCT_NAME } from "~/lib/product";
import { useNavigationAnnouncement } from "~/lib/use-navigation-announcement";
import "~/styles/catalogue.css";
import "~/components/search/search.css";
import "~/components/network/network.css";
import type { Route } from "./+types/rede";
import { loadNetworkSearch } from "./rede.server";

/** The page holds the search form the "search" skip link (Alt+3) leads to. */
export const handle = SEARCH_LANDMARK_HANDLE;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.pageTitle ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadNetworkSearch(request, context);
}

/** The network (OAI) search tab: the member institutions' catalogues (spec §2, §4 Z filter, §7 Rede-{product}). */
export default function NetworkSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("network");
  const location = useLocation();
  const { results, error, searchText, filtro } = loaderData;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const countText = useResultCountText(results ?? { total: 0, totalLimitado: false }, searchText);
  const announcement = error
    ? t(error.key, error.values)
    : results
      ? results.total === 0
        ? t("catalogue:results.noResults", { termo: searchText })
        : countText
      : "";
  const liveText = useNavigationAnnouncement(announcement, location.key);

  // After a page change of the same search the clicked link is gone: move focus to the results heading.
  const previous = useRef<{ search: string; page: number } | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const page = Number(params.get("pagina") ?? 1);
    params.delete("pagina");
    const before = previous.current;
    previous.current = { search: params.toString(), page };
    if (before && before.search === params.toString() && before.page !== page) headingRef.current?.focus();
  }, [location.search]);

  return (
    <div className="catalogue-home">
      <h1>{t("heading", { product: PRODUCT_NAME })}</h1>
      <p className="catalogue-home__intro">{t("intro", { product: PRODUCT_NAME })}</p>
      <SearchTabs tabs={loaderData.tabs} active="rede" search={results ? location.search : ""} />
      {/* Remount on each URL so the form shows the values of the search being displayed. */}
      <div id={SKIP_TARGETS.search} tabIndex={-1}>
        <NetworkSearchForm
          key={location.key}
          action="/rede"
          defaults={loaderData.defaults}
          instituicoes={loaderData.instituicoes}
          lastResult={loaderData.lastResult}
        />
      </div>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {liveText}
      </div>
      {error ? (
        <div className="notice notice--error" role="alert">
          <h2>{t("catalogue:results.errorTitle")}</h2>
          <p>{t(error.key, error.values)}</p>
        </div>
      ) : null}
      {results ? (
        <SearchLayout
          filters={
            results.filtros.length ? (
              <FacetPanel
                facets={{ totalLimitado: results.totalLimitado, filtros: results.filtros }}
                action="/rede"
                search={location.search}
                selected={filtro}
              />
            ) : null
          }
          results={<NetworkResults results={results} termo={searchText} search={location.search} headingRef={headingRef} />}
        />
      ) : null}
    </div>
  );
}
