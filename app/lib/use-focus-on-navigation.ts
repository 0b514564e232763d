import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Elements that took focus on purpose when their page rendered (they keep it). */
const SELF_FOCUSED = ".error-summary, [data-keeps-focus]";

/**
 * After a client-side navigation to another page (a new pathname), moves focus to the new page's `h1`, so a
 * screen reader reads where the patron landed and the next Tab starts from the top of the content (as a full
 * page load would). `preventScroll` leaves scrolling to React Router's ScrollRestoration: top of the page for
 * a new page, the saved position on Back. Navigations within one page (a search's filters or page number, a
 * `#fragment`) are left to that page, and so is a page that focused something itself (an error summary).
 */
export function useFocusOnNavigation() {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (hash) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest(SELF_FOCUSED)) return;
    focusPageHeading();
  }, [pathname, hash]);
}

/** Puts focus on the page's `h1` (else its `main`) without scrolling, as after a navigation. */
export function focusPageHeading() {
  const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("main");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
}
