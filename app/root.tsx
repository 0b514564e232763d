import { useEffect } from "react";
import { useTranslation } from "~/framework/use-translation";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteError } from "react-router";
import type { Route } from "./+types/root";
import { SiteFooter } from "./components/layout/SiteFooter";
import { SiteHeader } from "./components/layout/SiteHeader";
import { PRODUCT_NAME } from "~/lib/product";
import { ErrorPage } from "./components/layout/ErrorPage";
import { SkipLinks } from "./components/layout/SkipLinks";
import { apiMiddleware } from "./lib/api/client.server";
import { csrfMiddleware } from "./lib/csrf.server";
import { DEFAULT_LANGUAGE } from "./lib/i18n";
import { i18nMiddleware } from "./lib/i18n.server";
import { useNonce } from "./lib/nonce";
import { vlibrasMarkup } from "./lib/vlibras";
import { hasAccountMenu, SKIP_TARGETS } from "./lib/skip-links";
import { useFocusOnNavigation } from "./lib/use-focus-on-navigation";
import { htmlClassFor, DEFAULT_PREFS } from "./lib/prefs";
import { loadRootData } from "./lib/root-data.server";
import { useRootData } from "./lib/use-root-data";
import { sessionMiddleware } from "./lib/session.server";
import "./styles/base.css";

// Order matters: language first (so every error page is translated), then CSRF (refuse before any work),
// the session, and the API client that uses both.
export const middleware: Route.MiddlewareFunction[] = [i18nMiddleware, csrfMiddleware, sessionMiddleware, apiMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const root = await loadRootData(request, context);
  return data(root, { status: root.site ? 200 : 503 });
}

/** Marks <html data-hydrated> once React has hydrated (JS-only enhancements are live); tests wait on it. */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

/** Moves focus to the new page's heading after client-side navigations (see useFocusOnNavigation). */
function NavigationFocus() {
  useFocusOnNavigation();
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { i18n } = useTranslation("common");
  const nonce = useNonce();
  const lang = root?.lang ?? i18n.language ?? DEFAULT_LANGUAGE;
  // The embedded login (`/login?embed=1`, spec §1; ADR 174) is drawn without the site's header and footer.
  const location = useLocation();
  const embedded = location.pathname === "/login" && new URLSearchParams(location.search).get("embed") === "1";
  // The account area draws its menu landmark and then its own <main> (ADR 138); an error page always gets this one.
  const matches = useMatches();
  const routeError = useRouteError();
  const ownMain = !routeError && hasAccountMenu(matches);
  return (
    <html lang={lang} dir={root?.dir ?? "ltr"} className={root?.htmlClass ?? htmlClassFor(DEFAULT_PREFS)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={root?.prefs.dark ? "dark" : "light"} />
        {/* react-aria and Vite read the CSP nonce from this tag (its `nonce` property) for the few <style> elements
            they inject. `content` is required by HTML; it stays empty so the nonce never shows in an attribute. */}
        <meta property="csp-nonce" content="" nonce={nonce} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Browsers offer the catalogue as a search engine (ADR 255). */}
        <link rel="search" type="application/opensearchdescription+xml" href="/opensearch.xml" title={root?.site?.nome || PRODUCT_NAME} />
        <Meta />
        <Links />
      </head>
      <body>
        {embedded ? null : <SkipLinks />}
        {embedded ? null : <SiteHeader />}
        {ownMain ? (
          children
        ) : (
          <main id={SKIP_TARGETS.content} tabIndex={-1}>
            {children}
          </main>
        )}
        {embedded ? null : <SiteFooter />}
        {/* The VLibras widget (ADR 256): server HTML that React does not hydrate, so the plugin may fill it. */}
        {root?.vlibras && !embedded ? <div id="vlibras" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: vlibrasMarkup(nonce) }} /> : null}
        <HydrationMarker />
        <NavigationFocus />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const root = useRootData();
  const { t } = useTranslation("common");
  if (root && !root.site) {
    return <ErrorPage title={t("errors.unavailable_title")} text={t("errors.unavailable_text")} />;
  }
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("common");
  // Never show a stack trace or a raw server message: only the status-specific, translated text.
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <ErrorPage title={t("errors.not_found_heading")} text={t("errors.not_found_text")} />;
    if (error.status === 403 && (error.data as { reason?: string } | null)?.reason === "csrf") {
      return <ErrorPage title={t("errors.forbidden")} text={t("errors.csrf")} />;
    }
    if (error.status === 403 && (error.data as { reason?: string } | null)?.reason === "private_area_off") {
      return (
        <ErrorPage
          title={t("errors.private_area_off_title", { product: PRODUCT_NAME })}
          text={t("errors.private_area_off_text", { product: PRODUCT_NAME })}
        />
      );
    }
    if (error.status === 403) return <ErrorPage title={t("errors.forbidden")} text={t("errors.generic_text")} />;
    if (error.status === 503) return <ErrorPage title={t("errors.unavailable_title")} text={t("errors.unavailable_text")} />;
  }
  if (error && typeof error === "object" && "status" in error && (error as { status: unknown }).status === 0) {
    return <ErrorPage title={t("errors.unavailable_title")} text={t("errors.unavailable_text")} />;
  }
  return <ErrorPage title={t("errors.generic_heading")} text={t("errors.generic_text")} />;
}
