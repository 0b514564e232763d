import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import type { AccountCount, AccountScreen } from "~/routes/meu/_nav";
import { accountPath } from "~/routes/meu/_nav";
import { SKIP_TARGETS } from "~/lib/skip-links";
import "./account.css";

export interface AccountNavProps {
  /** The private area's base path, e.g. /meupergamum. */
  base: string;
  /** The entries the patron may use, in menu order. */
  screens: readonly AccountScreen[];
  /** The id of the entry the current page belongs to. */
  currentId: string | null;
  /** Counts by kind; null or absent when unknown (the count is then not shown). */
  counts: Partial<Record<AccountCount, number | null>>;
}

/**
 * The account menu. A <details> disclosure, so on small screens it collapses without JavaScript; on wide
 * screens the CSS keeps its content shown and hides the toggle (see account.css).
 */
export function AccountNav({ base, screens, currentId, counts }: AccountNavProps) {
  const { t } = useTranslation("account");
  return (
    // The whole menu, its toggle included, is one landmark before <main>; the skip link "account menu" (Alt+5)
    // leads here (ADR 138).
    <nav className="account-nav__landmark" aria-label={t("nav.label")} id={SKIP_TARGETS.accountMenu} tabIndex={-1}>
      <details className="account-nav">
        <summary className="account-nav__toggle">{t("nav.toggle")}</summary>
        <div className="account-nav__nav">
          <ul className="account-nav__list">
            {screens.map((s) => {
              const count = s.count ? counts[s.count] : null;
              const current = s.id === currentId;
              return (
                <li key={s.id} className="account-nav__item">
                  <Link to={accountPath(base, s.path)} aria-current={current ? "page" : undefined} className="account-nav__link">
                    {t(s.labelKey)}
                    {s.count && count ? (
                      <>
                        {" "}
                        <span className="account-nav__count" aria-hidden="true">
                          {count}
                        </span>
                        <span className="visually-hidden">{t(`nav.count.${s.count}`, { count })}</span>
                      </>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </details>
    </nav>
  );
}
