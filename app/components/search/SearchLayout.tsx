import type { ReactNode } from "react";
import { useTranslation } from "~/framework/use-translation";

/** Ids the search page's skip links lead to. */
export const RESULTS_TARGET = "resultados-titulo";
export const FILTERS_TARGET = "filtros";

/**
 * The results page frame (catalogue and network): results first in reading order, then the filters, which
 * sit in the right-hand column on wide screens and below the results on narrow ones, so visual and reading
 * order agree. Skip links at the top lead to the results and to the filters (ADR 135).
 */
export function SearchLayout({ results, filters }: { results: ReactNode; filters: ReactNode | null }) {
  const { t } = useTranslation("a11y");
  if (!filters) return <div>{results}</div>;
  return (
    <div className="search-layout">
      <nav className="search-layout__skip" aria-label={t("searchLayout.skipLabel")}>
        <ul>
          <li>
            <a href={`#${RESULTS_TARGET}`}>{t("searchLayout.toResults")}</a>
          </li>
          <li>
            <a href={`#${FILTERS_TARGET}`} onClick={openFilters}>
              {t("searchLayout.toFilters")}
            </a>
          </li>
        </ul>
      </nav>
      <div className="search-layout__results">{results}</div>
      <div className="search-layout__filters">{filters}</div>
    </div>
  );
}

/** With JS, "skip to filters" also opens the filters' disclosure and focuses its toggle. */
function openFilters(event: React.MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(FILTERS_TARGET);
  const details = target?.querySelector<HTMLDetailsElement>("details.facets__disclosure");
  if (!target || !details) return;
  event.preventDefault();
  details.open = true;
  details.querySelector<HTMLElement>("summary")?.focus();
}
