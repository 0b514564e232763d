/**
 * Rules of the network (OAI) catalogue (ADR 063): its filter types and where a record lives at home.
 * Pure functions: the SQL lives in api/search/network.ts.
 */
import { parseFilters, type NetworkFilters } from "../search/index.ts";

/**
 * Parses `filtro` values (`Z:2`, `T:1`, `Y:2006`, `Y:SD`, `I:fre`). Z takes an institution code; the others
 * follow the catalogue's rules. Returns the selection and the values that are not valid (422 for those).
 */
export function parseNetworkFilters(values: readonly string[]): { selected: NetworkFilters; invalid: string[] } {
  const selected: NetworkFilters = {};
  const invalid: string[] = [];
  const rest: string[] = [];
  for (const raw of values) {
    if (!raw.startsWith("Z:")) {
      rest.push(raw);
      continue;
    }
    const value = raw.slice(2);
    if (!/^\d{1,6}$/.test(value)) invalid.push(raw);
    else if (!(selected.Z ??= []).includes(value)) selected.Z.push(value);
  }
  const others = parseFilters(rest, ["T", "Y", "I"]);
  for (const t of ["T", "Y", "I"] as const) if (others.selected[t]) selected[t] = others.selected[t];
  return { selected, invalid: [...invalid, ...others.invalid] };
}

/**
 * Where a record can be seen in its home catalogue: the portal's own title page for the local institution,
 * else the member's public catalogue (`<url_catalogo>/acervo/<local id>`).
 */
export function homeRecordLink(inst: { local: boolean; url_catalogo: string }, codOrigem: string): string {
  const id = encodeURIComponent(codOrigem);
  return inst.local ? `/acervo/${id}` : `${inst.url_catalogo.replace(/\/+$/, "")}/acervo/${id}`;
}
