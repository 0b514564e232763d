import { useTranslation } from "~/framework/use-translation";
import { useMatches } from "react-router";
import { ACCESS_KEYS, ACCESSIBILITY_PAGE, hasAccountMenu, hasSearchLandmark, SKIP_TARGETS } from "~/lib/skip-links";

/**
 * The skip links of eMAG 3.1 (recommendation 1.5): content, menu, search and footer, each with its standard
 * access key (Alt+1..4 in most browsers). Plain fragment links, so they work without JavaScript; the targets
 * take focus (tabindex=-1). Every target is on the page itself: "search" is offered only where the page has a
 * search form, and the account area adds its menu (Alt+5; ADR 138).
 */
export function SkipLinks() {
  const { t } = useTranslation("a11y");
  const matches = useMatches();
  const searchHere = hasSearchLandmark(matches);
  const links = [
    { key: ACCESS_KEYS.content, href: `#${SKIP_TARGETS.content}`, label: t("skip.content") },
    { key: ACCESS_KEYS.menu, href: `#${SKIP_TARGETS.menu}`, label: t("skip.menu") },
    ...(hasAccountMenu(matches) ? [{ key: ACCESS_KEYS.accountMenu, href: `#${SKIP_TARGETS.accountMenu}`, label: t("skip.account_menu") }] : []),
    ...(searchHere ? [{ key: ACCESS_KEYS.search, href: `#${SKIP_TARGETS.search}`, label: t("skip.search") }] : []),
    { key: ACCESS_KEYS.footer, href: `#${SKIP_TARGETS.footer}`, label: t("skip.footer") },
  ];
  return (
    <nav className="skip-links" aria-label={t("skip.label")}>
      <ul>
        {links.map((l) => (
          <li key={l.key}>
            {/* eMAG 3.1 requires these access keys (Alt+1..4); they are listed on the accessibility page. */}
            {/* eslint-disable-next-line jsx-a11y/no-access-key */}
            <a
              className="skip-link"
              href={l.href}
              accessKey={l.key}
              onClick={searchHere && l.key === ACCESS_KEYS.search ? focusSearchField : undefined}
            >
              {l.label} <span className="skip-link__key">[{l.key}]</span>
            </a>
          </li>
        ))}
        <li>
          <a className="skip-link" href={ACCESSIBILITY_PAGE}>
            {t("skip.accessibility")}
          </a>
        </li>
      </ul>
    </nav>
  );
}

/** With JS, "search" puts the cursor in the first field of the search form (without JS, Tab goes there next). */
function focusSearchField(event: React.MouseEvent<HTMLAnchorElement>) {
  const field = document.querySelector<HTMLElement>(`#${SKIP_TARGETS.search} :is(input:not([type=hidden]), select, textarea)`);
  if (!field) return;
  event.preventDefault();
  field.focus();
}
