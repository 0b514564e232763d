/** Page `<title>` helpers shared by the catalogue routes. */

interface MatchLike {
  id: string;
  // React Router's match data is `unknown` to a route that is not its owner.
  loaderData?: unknown;
  data?: unknown;
}

/**
 * The institution's display name from the root loader's data, if the root exposes one
 * (`instituicao.nome` or `.sigla`, as `GET /api/parametros/instituicao` returns them).
 */
export function institutionName(matches: ReadonlyArray<MatchLike | undefined>): string | null {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { instituicao?: { nome?: unknown; sigla?: unknown } | null } | undefined;
  const inst = data?.instituicao;
  const name = typeof inst?.nome === "string" && inst.nome ? inst.nome : typeof inst?.sigla === "string" ? inst.sigla : null;
  return name || null;
}

/** "<page> | <institution>", or just the page title when the institution is unknown. */
export function pageTitle(title: string, matches: ReadonlyArray<MatchLike | undefined>): string {
  const inst = institutionName(matches);
  return inst ? `${title} | ${inst}` : title;
}
