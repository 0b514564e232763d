import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { pageWindow, withParams } from "./search-url";

export interface PaginationProps {
  /** The current query string (every parameter is kept; only `pagina` changes). */
  search: string;
  page: number;
  pages: number;
}

/** Result pages as plain links in a labelled `<nav>`; the current page has `aria-current="page"`. */
export function Pagination({ search, page, pages }: PaginationProps) {
  const { t } = useTranslation("catalogue");
  if (pages <= 1) return null;
  const href = (p: number) => withParams(search, { pagina: p });

  return (
    <nav className="pagination" aria-label={t("pagination.label")}>
      <ul>
        {page > 1 ? (
          <li className="pagination__step">
            <Link to={href(page - 1)} rel="prev" aria-label={t("pagination.previousPage")}>
              <span aria-hidden="true">‹</span>
              {t("pagination.previous")}
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pages).map((p, i) =>
          p === "gap" ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link to={href(p)} aria-current={p === page ? "page" : undefined} aria-label={t("pagination.page", { page: p })}>
                {p}
              </Link>
            </li>
          ),
        )}
        {page < pages ? (
          <li className="pagination__step">
            <Link to={href(page + 1)} rel="next" aria-label={t("pagination.nextPage")}>
              {t("pagination.next")}
              <span aria-hidden="true">›</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
