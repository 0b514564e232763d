import { Link } from "react-router";
import { useTranslation } from "react-i18next";

export interface SearchTab {
  codigo: string;
  descricao: string;
}

/**
 * Search tabs as page links (no JS needed); the active one has `aria-current="page"`.
 * The query string is kept so switching tab repeats the search there.
 */
export function SearchTabs({ tabs, active, search }: { tabs: SearchTab[]; active: string; search: string }) {
  const { t } = useTranslation("catalogue");
  if (tabs.length === 0) return null;
  return (
    <nav className="search-tabs" aria-label={t("tabs.label")}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.codigo}>
            <Link to={`/${tab.codigo === "geral" ? "" : tab.codigo}${search}`} aria-current={tab.codigo === active ? "page" : undefined}>
              {tab.descricao}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
