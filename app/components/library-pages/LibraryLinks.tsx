import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import { LIBRARY_PAGES } from "~/lib/library-pages";
import { useRootData } from "~/lib/use-root-data";

/** The home page's links to the library's own pages: the directory with opening hours, then each page with content. */
export function LibraryLinks() {
  const { t } = useTranslation("pages");
  const site = useRootData()?.site;
  if (!site) return null;
  const pages = LIBRARY_PAGES.filter((p) => site.pages[p.has]);
  return (
    <section className="library-links" aria-labelledby="library-links-heading">
      <h2 id="library-links-heading">{t("home.heading")}</h2>
      <ul>
        <li>
          <Link to="/bibliotecas">{t("directory:footer")}</Link>
        </li>
        {pages.map((p) => (
          <li key={p.path}>
            <Link to={p.path}>{t(p.label)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
