import { useTranslation } from "~/framework/use-translation";
import { lazy, useState } from "react";
import { Link } from "~/framework/Link";
import { PRODUCT_NAME } from "~/lib/product";
import { useHydrated } from "~/lib/use-hydrated";
import { useRootData } from "~/lib/use-root-data";
import { ACTIVITY } from "~/lib/activities";
import { SKIP_TARGETS } from "~/lib/skip-links";
import { LIBRARY_PAGES } from "~/lib/library-pages";
import { CommentFooterLink, SuggestionFooterLink } from "~/components/requests/FooterDialogs";
import { LazyDialogButton } from "./LazyDialogButton";
import "./site-footer.css";

const loadSupportModal = () => import("./SupportModal");
const SupportModal = lazy(loadSupportModal);

/**
 * The support button: without JS a link to the /suporte page; with JS a modal dialog with the same message
 * (its code, react-aria included, loads when it is about to be used).
 */
function SupportButton({ html }: { html: string }) {
  const { t } = useTranslation("common");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // A plain link until hydrated: a press while the page hydrates is the browser's own navigation, never a
  // client navigation React Router drops because its effects have not run yet (seen in 1 of 3 presses there).
  if (!hydrated) return <a href="/suporte">{t("layout.footer.support")}</a>;
  return (
    <LazyDialogButton label={t("layout.footer.support")} isOpen={open} onOpenChange={setOpen} preload={loadSupportModal}>
      <SupportModal html={html} isOpen={open} onOpenChange={setOpen} />
    </LazyDialogButton>
  );
}

/** The footer: activity-gated links (spec §2), privacy, support, minimum browsers and copyright. */
export function SiteFooter() {
  const { t } = useTranslation("common");
  const root = useRootData();
  const site = root?.site;
  const has = (code: number) => Boolean(site?.activities.includes(code));
  const year = new Date().getFullYear();
  const links: React.ReactNode[] = [];
  if (site) {
    // Comment (13) and acquisition suggestion (12): modal dialogs with JS, pages without.
    if (has(ACTIVITY.COMMENT)) links.push(<CommentFooterLink />);
    if (has(ACTIVITY.SUGGESTION)) links.push(<SuggestionFooterLink />);
    if (has(ACTIVITY.ICAP) && site.icapUrl)
      links.push(
        <a href={site.icapUrl} target="_blank" rel="noopener noreferrer">
          {t("layout.footer.icap")} <span className="visually-hidden">{t("layout.opens_new_window")}</span>
        </a>,
      );
    if (has(ACTIVITY.NETWORK) && site.networkUrl)
      links.push(
        <a href={site.networkUrl} target="_blank" rel="noopener noreferrer">
          {t("layout.footer.network", { product: PRODUCT_NAME })} <span className="visually-hidden">{t("layout.opens_new_window")}</span>
        </a>,
      );
    links.push(<Link to="/bibliotecas">{t("directory:footer")}</Link>);
    // The library's own pages, each only when it has content (ADR 194).
    for (const page of LIBRARY_PAGES) if (site.pages[page.has]) links.push(<Link to={page.path}>{t(page.label)}</Link>);
    if (site.privacyUrl) links.push(<a href={site.privacyUrl}>{t("layout.footer.privacy")}</a>);
    if (site.supportHtml) links.push(<SupportButton html={site.supportHtml} />);
  }
  return (
    <footer className="site-footer" id={SKIP_TARGETS.footer} tabIndex={-1}>
      <div className="site-footer__inner">
        {links.length > 0 ? (
          <nav aria-label={t("layout.footer.links")}>
            <ul className="site-footer__links">
              {links.map((node, i) => (
                <li key={i}>{node}</li>
              ))}
            </ul>
          </nav>
        ) : null}
        {has(ACTIVITY.PRODUCT_LOGO) ? (
          <p className="site-footer__logo">
            {/* The alt text is the text the image shows (WCAG 1.1.1): the logo reads "Estante" in every language. */}
            <img src="/logo.svg" alt="Estante" width="140" height="32" />
          </p>
        ) : null}
        <p className="site-footer__browsers">{t("layout.footer.browsers")}</p>
        <p className="site-footer__copyright">{t("layout.footer.copyright", { year, institution: site?.nome || site?.sigla || PRODUCT_NAME })}</p>
      </div>
    </footer>
  );
}
