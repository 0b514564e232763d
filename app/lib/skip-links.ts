/** Skip-link targets and access keys (eMAG 3.1, recommendation 1.5). See ADR 135. */

/** Ids of the elements the skip links lead to; each takes focus (tabindex=-1). */
export const SKIP_TARGETS = { content: "conteudo", menu: "menu", search: "busca", footer: "rodape", accountMenu: "menu-conta" } as const;

/** The standard eMAG access keys: Alt+1 content, Alt+2 menu, Alt+3 search, Alt+4 footer; Alt+5 the account menu (ADR 138). */
export const ACCESS_KEYS = { content: "1", menu: "2", search: "3", footer: "4", accountMenu: "5" } as const;

/** The page that describes the site's accessibility (keys, settings, conformance). */
export const ACCESSIBILITY_PAGE = "/sobre/acessibilidade";

/** A route module's `handle` that says its page holds a search form wrapped in the `busca` target. */
export const SEARCH_LANDMARK_HANDLE = { searchLandmark: true } as const;

/** True when one of the matched routes renders the search target (its handle is SEARCH_LANDMARK_HANDLE). */
export function hasSearchLandmark(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.some((m) => Boolean((m.handle as { searchLandmark?: boolean } | undefined)?.searchLandmark));
}

/**
 * A layout route's `handle` that says it draws its own `<main>` (with the content target) beside its own menu
 * landmark, so the menu is not inside `main` and the content skip link lands on the page's content (ADR 138).
 */
export const ACCOUNT_MENU_HANDLE = { accountMenu: true } as const;

/** True when one of the matched routes draws the account menu and its own `<main>` (ACCOUNT_MENU_HANDLE). */
export function hasAccountMenu(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.some((m) => Boolean((m.handle as { accountMenu?: boolean } | undefined)?.accountMenu));
}
