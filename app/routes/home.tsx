import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { HistoryLink } from "~/components/history/HistoryLink";
import { LibraryLinks } from "~/components/library-pages/LibraryLinks";
import { feedHref, NewArrivals } from "~/components/arrivals/NewArrivals";
import "~/components/arrivals/arrivals.css";
import { FacetPanel } from "~/components/search/FacetPanel";
import { AvailableNow } from "~/components/search/AvailableNow";
import { AuthorityResults, AuthoritySearchForm } from "~/components/search/AuthoritySearch";
import { pageTitle } from "~/components/search/page-title";
import { SearchForm } from "~/components/search/SearchForm";
import { SearchLayout } from "~/components/search/SearchLayout";
import { SearchResults, useResultCountText } from "~/components/search/SearchResults";
import { SaveSearchForm } from "~/components/account/SaveSearchForm";
import { useRootData } from "~/lib/use-root-data";
import { SearchTabs } from "~/components/search/SearchTabs";
import { useNavigationAnnouncement } from "~/lib/use-navigation-announcement";
import { TeachingPlanForm, TeachingPlanResults } from "~/components/search/TeachingPlan";
import { SEARCH_LANDMARK_HANDLE, SKIP_TARGETS } from "~/lib/skip-links";
import "~/styles/catalogue.css";
import "~/components/search/search.css";
import type { Route } from "./+types/home";
import { loadHomePage } from "./home.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const title = loaderData?.pageTitle;
  if (!title) return [];
  // The home page with new arrivals names their Atom feed (ADR 255).
  const feed = loaderData.arrivals?.arrivals
    ? [{ tagName: "link", rel: "alternate", type: "application/atom+xml", href: feedHref(), title: loaderData.arrivals.feedTitle }]
    : [];
  return [{ title: pageTitle(title, matches) }, ...feed];
};

/** The page holds the search form the "search" skip link (Alt+3) leads to. */
export const handle = SEARCH_LANDMARK_HANDLE;

export function loader(args: Route.LoaderArgs) {
  return loadHomePage(args);
}

/** Home and search page: "/" and "/:guia" (spec §2). */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogue");
  const location = useLocation();
  const { results, query, error, searchText, facets, authority, teachingPlan } = loaderData;
  const signedIn = Boolean(useRootData()?.user);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const countText = useResultCountText(results ?? { total: 0, totalLimitado: false }, searchText);
  const announcement = error
    ? t("results.errorTitle")
    : results
      ? results.total === 0
        ? t("results.noResults", { termo: searchText })
        : countText
      : authority?.results
        ? t("authorities.count", { count: authority.results.total, formatted: String(authority.results.total), termo: searchText })
        : teachingPlan?.results
          ? t("teachingPlan.count", { count: teachingPlan.results.total, formatted: String(teachingPlan.results.total) })
          : "";
  const liveText = useNavigationAnnouncement(announcement, location.key);

  // After a page change (same search, other page) the clicked link is gone: move focus to the results heading.
  const previous = useRef(query);
  useEffect(() => {
    const before = previous.current;
    previous.current = query;
    if (before && query && searchTextOf(before) === searchTextOf(query) && before.pagina !== query.pagina) headingRef.current?.focus();
  }, [query]);

  return (
    <div className="catalogue-home">
      <h1>
        {t("home.heading")}
        {loaderData.tabName ? <span className="catalogue-home__tab">: {loaderData.tabName}</span> : null}
      </h1>
      <p className="catalogue-home__intro">
        {t("home.intro")} <Link to="/indice">{t("browse.link")}</Link> · <HistoryLink />
      </p>
      <SearchTabs tabs={loaderData.tabs} active={loaderData.guia} search={query ? location.search : ""} />
      {/* Remount on each URL so the form shows the values of the search being displayed. */}
      <div id={SKIP_TARGETS.search} tabIndex={-1}>
        {authority ? (
          <AuthoritySearchForm
            key={location.key}
            action={loaderData.action}
            types={authority.types}
            defaults={authority.defaults}
            lastResult={loaderData.lastResult}
          />
        ) : teachingPlan ? (
          <TeachingPlanForm
            key={location.key}
            action={loaderData.action}
            options={teachingPlan.options}
            defaults={teachingPlan.defaults}
            lastResult={loaderData.lastResult}
          />
        ) : (
          <SearchForm
            key={location.key}
            action={loaderData.action}
            defaults={loaderData.defaults}
            lastResult={loaderData.lastResult}
            ordenacoes={loaderData.ordenacoes}
            advanced={loaderData.advanced}
            tabOptions={loaderData.tabOptions}
          />
        )}
      </div>
      {/* Announces the outcome of searches made without a full page load (JS navigation). */}
      <div id="anuncio-resultados" className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {liveText}
      </div>
      {error ? (
        <div className="notice notice--error" role="alert">
          <h2>{t("results.errorTitle")}</h2>
          <p>{t(error.key, error.values)}</p>
        </div>
      ) : null}
      {authority?.results ? (
        <AuthorityResults results={authority.results} termo={searchText} search={location.search} headingRef={headingRef} />
      ) : null}
      {teachingPlan?.results ? <TeachingPlanResults results={teachingPlan.results} /> : null}
      {results && query ? (
        <SearchLayout
          filters={
            results.total > 0 || query.disponivel || facets?.filtros.length ? (
              <>
                {results.total > 0 || query.disponivel ? (
                  <AvailableNow
                    action={loaderData.action}
                    search={location.search}
                    value={query.disponivel}
                    libraries={facets?.filtros.filter((f) => f.tipo === "B") ?? []}
                  />
                ) : null}
                {facets?.filtros.length ? (
                  <FacetPanel facets={facets} action={loaderData.action} search={location.search} selected={query.filtro} />
                ) : null}
              </>
            ) : null
          }
          results={
            <>
              {loaderData.facetsError ? (
                <p className="notice notice--warning" role="status">
                  {t("facets.error")}
                </p>
              ) : null}
              <SearchResults results={results} termo={searchText} search={location.search} headingRef={headingRef} display={query.exibicao} />
              {signedIn && results.total > 0 ? <SaveSearchForm search={location.search} name={searchText} /> : null}
            </>
          }
        />
      ) : null}
      {/* Before any search, the library's own pages (opening hours, information, FAQ, events; ADR 194). */}
      {!query && loaderData.arrivals ? <NewArrivals arrivals={loaderData.arrivals.arrivals} libraries={loaderData.arrivals.libraries} /> : null}
      {!query && !authority?.results && !teachingPlan?.results ? <LibraryLinks /> : null}
    </div>
  );
}

/** What distinguishes one search from another (not its page): the terms and the filters. */
function searchTextOf(q: Record<string, unknown>): string {
  return JSON.stringify([q.termo, q.tipo, q.titulo, q.autor, q.assunto, q.op_autor, q.op_assunto, q.filtro]);
}
