import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/framework/use-translation";
import { Form, useFetcher, useLocation } from "react-router";
import { Link } from "~/framework/Link";
import { useBasketIds } from "~/components/basket/use-basket";
import { LoginLink } from "~/components/identity/LoginLink";
import { SUPPORTED_LANGUAGES } from "~/lib/i18n";
import { ZOOM_LEVELS, type Prefs } from "~/lib/prefs";
import { ACCESSIBILITY_PAGE, SKIP_TARGETS } from "~/lib/skip-links";
import { isPrivateAreaPath, privateAreaPath, PRODUCT_NAME } from "~/lib/product";
import { focusPageHeading } from "~/lib/use-focus-on-navigation";
import { useHydrated } from "~/lib/use-hydrated";
import { useRootData } from "~/lib/use-root-data";
import "./site-header.css";

/** The current path and query, for `redirectTo` fields and the login link. */
function useHere(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/**
 * The accessibility panel: a <details> disclosure holding a plain POST form to /preferencias (works without JS;
 * the server redirects back). With JS it is a fetcher: the cookie is set and the page revalidates, no reload.
 */
function AccessibilityPanel({ prefs, vlibrasOffered = false }: { prefs: Prefs; vlibrasOffered?: boolean }) {
  const { t } = useTranslation("common");
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const here = useHere();
  return (
    <details className="a11y-panel">
      <summary className="a11y-panel__toggle">{t("layout.accessibility.toggle")}</summary>
      <fetcher.Form method="post" action="/preferencias" className="a11y-panel__form">
        <input type="hidden" name="redirectTo" value={here} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <fieldset>
          <legend>{t("layout.accessibility.legend")}</legend>
          <div className="a11y-panel__row">
            <label htmlFor="pref-zoom">{t("layout.accessibility.zoom")}</label>
            <select id="pref-zoom" name="zoom" defaultValue={String(prefs.zoom)} key={`z${prefs.zoom}`}>
              {ZOOM_LEVELS.map((z) => (
                <option key={z} value={z}>
                  {t("layout.accessibility.zoom_option", { value: z })}
                </option>
              ))}
            </select>
          </div>
          <div className="a11y-panel__row">
            <label htmlFor="pref-scheme">{t("layout.accessibility.scheme")}</label>
            <select id="pref-scheme" name="scheme" defaultValue={prefs.scheme} key={`c${prefs.scheme}`}>
              <option value="normal">{t("layout.accessibility.scheme_normal")}</option>
              <option value="inverted">{t("layout.accessibility.scheme_inverted")}</option>
              <option value="greyscale">{t("layout.accessibility.scheme_greyscale")}</option>
              <option value="high-contrast">{t("layout.accessibility.scheme_high_contrast")}</option>
            </select>
          </div>
          <div className="a11y-panel__check">
            <input id="pref-bold" type="checkbox" name="bold" value="1" defaultChecked={prefs.bold} key={`b${prefs.bold}`} />
            <label htmlFor="pref-bold">{t("layout.accessibility.bold")}</label>
          </div>
          <div className="a11y-panel__check">
            <input
              id="pref-libras"
              type="checkbox"
              name="libras"
              value="1"
              defaultChecked={prefs.libras}
              key={`l${prefs.libras}`}
              aria-describedby="pref-libras-hint"
            />
            <label htmlFor="pref-libras">{t("layout.accessibility.sign_language")}</label>
            <p className="hint" id="pref-libras-hint">
              {t("layout.accessibility.sign_language_hint")}
              {/* The patron learns before turning it on that a government server is then contacted (ADR 256). */}
              {vlibrasOffered ? ` ${t("layout.accessibility.sign_language_vlibras_hint")}` : null}
            </p>
          </div>
          <div className="a11y-panel__check">
            <input id="pref-dark" type="checkbox" name="dark" value="1" defaultChecked={prefs.dark} key={`d${prefs.dark}`} />
            <label htmlFor="pref-dark">{t("layout.accessibility.dark")}</label>
          </div>
          <button type="submit" className="button button--secondary">
            {t("layout.accessibility.apply")}
          </button>
          <p className="visually-hidden" role="status">
            {fetcher.state === "idle" && fetcher.data ? t("layout.accessibility.saved") : ""}
          </p>
        </fieldset>
      </fetcher.Form>
    </details>
  );
}

/** The language picker: a native select in a POST form (stores the `lng` cookie, then redirects back). */
function LanguagePicker({ lang }: { lang: string }) {
  const { t } = useTranslation("common");
  const here = useHere();
  return (
    <Form method="post" action="/preferencias/idioma" className="language-picker" reloadDocument>
      <input type="hidden" name="redirectTo" value={here} />
      <label htmlFor="lang-select">{t("layout.language.label")}</label>
      <select id="lang-select" name="lng" defaultValue={lang} key={lang}>
        {SUPPORTED_LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`layout.language.${l}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">
        {t("layout.language.apply")}
      </button>
    </Form>
  );
}

/**
 * A sign-in without a new document (the login dialog, or the login page's client-side submission): returns the
 * name to announce, and when focus was lost with the dialog (on `<body>`), puts it on the page's `h1` (ADR 138).
 */
function useSignInAnnouncement(firstName: string | undefined): string | null {
  const hydrated = useHydrated();
  const before = useRef<string | undefined | null>(null);
  const [announced, setAnnounced] = useState<string | null>(null);
  useEffect(() => {
    if (!hydrated) return;
    const was = before.current;
    before.current = firstName;
    // null: the first render after hydration (a session from the server is no news).
    if (was === null || was || !firstName) return;
    setAnnounced(firstName);
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    focusPageHeading();
  }, [hydrated, firstName]);
  return firstName ? announced : null;
}

/** Greeting, personal-area link and logout (a POST form), or a login link back to this page. */
function UserMenu() {
  const { t } = useTranslation("common");
  const root = useRootData();
  const here = useHere();
  const onLogin = useLocation().pathname === "/login";
  const user = root?.user;
  const signedInHere = useSignInAnnouncement(user?.firstName);
  return (
    <nav className="user-menu" aria-label={t("layout.user_menu.label")}>
      <p className="visually-hidden" role="status">
        {signedInHere ? t("layout.user_menu.signed_in", { name: signedInHere }) : ""}
      </p>
      {user ? (
        <ul className="user-menu__list">
          <li className="user-menu__greeting">{t("layout.user_menu.greeting", { name: user.firstName })}</li>
          {user.canUsePrivateArea ? (
            <li>
              <Link to={privateAreaPath}>{t("layout.user_menu.personal_area", { product: PRODUCT_NAME })}</Link>
            </li>
          ) : null}
          {user.canUsePrivateArea && user.unreadAlerts ? (
            <li>
              <Link to={`${privateAreaPath}/alertas`}>{t("account:user_bar.unread_alerts", { count: user.unreadAlerts })}</Link>
            </li>
          ) : null}
          <li>
            <Form method="post" action="/sair" reloadDocument>
              {/* A named control: Lynx sends a form with no named control as a GET (ADR 151). */}
              <button type="submit" name="intent" value="logout" className="button button--link">
                {t("layout.user_menu.logout")}
              </button>
            </Form>
          </li>
        </ul>
      ) : onLogin ? null : (
        <ul className="user-menu__list">
          <li>
            <LoginLink here={here} label={t("layout.user_menu.login")} />
          </li>
        </ul>
      )}
    </nav>
  );
}

/** "Basket (N)": the count when the root data carries the basket (see useBasketIds). */
function BasketLink() {
  const { t } = useTranslation("basket");
  const count = useBasketIds().length;
  return (
    <Link className="site-header__basket" to="/cesta">
      {count > 0 ? t("header.linkCount", { count }) : t("header.link")}
    </Link>
  );
}

/** The page header: the accessibility bar (panel, language, mobile title, self-service) and the user menu. */
export function SiteHeader() {
  const { t, i18n } = useTranslation("common");
  const { t: ta } = useTranslation("a11y");
  const root = useRootData();
  const location = useLocation();
  const lang = root?.lang ?? i18n.language;
  const mobileTitle = isPrivateAreaPath(location.pathname) ? t("layout.my_account") : t("layout.online_catalogue");
  return (
    <header className="site-header">
      <div className="top-bar">
        <div className="top-bar__inner">
          {root ? <AccessibilityPanel prefs={root.prefs} vlibrasOffered={root.vlibrasOffered} /> : null}
          {/* eMAG 3.1: the accessibility page is reachable from the top of every page. */}
          <Link className="top-bar__a11y-page" to={ACCESSIBILITY_PAGE}>
            {ta("page.link")}
          </Link>
          {root?.prefs.libras ? (
            <span className="libras-indicator" role="status">
              {t("layout.accessibility.sign_language_on")}
            </span>
          ) : null}
          <p className="top-bar__mobile-title">
            {mobileTitle}
            {root?.site?.sigla ? <span className="top-bar__sigla"> · {root.site.sigla}</span> : null}
          </p>
          {root?.site?.selfServiceUrl ? (
            <a className="top-bar__self-service" href={root.site.selfServiceUrl} target="_blank" rel="noopener noreferrer">
              {t("layout.self_service")} <span className="visually-hidden">{t("layout.opens_new_window")}</span>
            </a>
          ) : null}
          <LanguagePicker lang={lang} />
        </div>
      </div>
      {/* The "menu" skip link (Alt+2) lands here: the site's name, the basket and the patron's menu. */}
      <div className="site-header__main" id={SKIP_TARGETS.menu} tabIndex={-1}>
        <p className="site-header__brand">
          <Link to="/">
            {root?.site?.sigla ? `${root.site.sigla} · ` : ""}
            {t("layout.online_catalogue")}
          </Link>
        </p>
        <BasketLink />
        <UserMenu />
      </div>
    </header>
  );
}
