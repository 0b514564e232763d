import { Link } from "~/framework/Link";
import { hasTranslation, useTranslation } from "~/framework/use-translation";
import { withParams } from "./search-url";

export interface SearchTab {
  codigo: string;
  descricao: string;
}

/**
 * Search tabs as page links (no JS needed); the active one has `aria-current="page"`.
 * The query string is kept (back to page 1) so switching tab repeats the search there.
 */
export function SearchTabs({ tabs, active, search }: { tabs: SearchTab[]; active: string; search: string }) {
  const { t, i18n } = useTranslation("catalogue");
  // A lone tab is no choice at all.
  if (tabs.length < 2) return null;
  const query = search ? withParams(search, { pagina: null }) : "";
  // The API describes tabs in Portuguese only; known codes get the page language.
  const label = (tab: SearchTab) => (hasTranslation(i18n, `catalogue:tabs.names.${tab.codigo}`) ? t(`tabs.names.${tab.codigo}`) : tab.descricao);
  return (
    <nav className="search-tabs" aria-label={t("tabs.label")}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.codigo}>
            <Link to={`/${tab.codigo === "geral" ? "" : tab.codigo}${query}`} aria-current={tab.codigo === active ? "page" : undefined}>
              {label(tab)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
