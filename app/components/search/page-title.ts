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

/**
 * The one rule for a page's `<title>` (docs/contributing: "Page titles"): "<page> | <institution>", or just the
 * page when the institution is unknown. "<page>" may start with "Erro:" after a failed POST, or with the
 * outcome of the action the patron came from ("Reserva cancelada – Reservas").
 */
export function withInstitution(title: string, institution: string | null | undefined): string {
  return institution ? `${title} | ${institution}` : title;
}

/** A route `meta`'s title: the page's own title plus the institution from the root loader's data. */
export function pageTitle(title: string, matches: ReadonlyArray<MatchLike | undefined>): string {
  return withInstitution(title, institutionName(matches));
}
