/** Page `<title>` helpers shared by the catalogue routes. */

interface MatchLike {
  id: string;
  // Another route's loader data is `unknown` to a route's meta function.
  loaderData?: unknown;
}

/** The institution's name from the root loader's data (`site.nome`), if it loaded. */
export function institutionName(matches: ReadonlyArray<MatchLike | undefined>): string | null {
  const root = matches.find((m) => m?.id === "root");
  const site = (root?.loaderData as { site?: { nome?: unknown; sigla?: unknown } | null } | undefined)?.site;
  if (typeof site?.nome === "string" && site.nome) return site.nome;
  if (typeof site?.sigla === "string" && site.sigla) return site.sigla;
  return null;
}

/** "<page> | <institution>", or just the page title when the institution is unknown. */
export function pageTitle(title: string, matches: ReadonlyArray<MatchLike | undefined>): string {
  const inst = institutionName(matches);
  return inst ? `${title} | ${inst}` : title;
}
