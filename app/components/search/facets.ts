/** Pure helpers of the search filters (facets): grouping, counts and the URLs that add or remove them. */
import type { Filtro } from "~/lib/api/types/catalogue";

/** The order facet groups are shown in (spec §4 codes); unknown types from another backend come last. */
export const FACET_ORDER = ["X", "T", "Y", "I", "K", "B", "R", "P", "C", "A", "E", "S", "Z", "NA_C", "NA_A"];

/** Facet values grouped by type, in FACET_ORDER. */
export function groupFacets(filtros: Filtro[]): Array<{ tipo: string; values: Filtro[] }> {
  const groups = new Map<string, Filtro[]>();
  for (const f of filtros) {
    const list = groups.get(f.tipo) ?? [];
    list.push(f);
    groups.set(f.tipo, list);
  }
  const rank = (tipo: string) => {
    const i = FACET_ORDER.indexOf(tipo);
    return i < 0 ? FACET_ORDER.length : i;
  };
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b)).map(([tipo, values]) => ({ tipo, values }));
}

/** The URL value of one facet value: `TYPE:code`. */
export const filterValue = (f: Pick<Filtro, "tipo" | "codigo">) => `${f.tipo}:${f.codigo}`;

/**
 * The id of a facet value's checkbox: unique in the page even for codes that differ only in characters an id
 * cannot hold (authors in other scripts, "a.b" and "a-b"), by its position in its group.
 */
export const facetInputId = (f: Pick<Filtro, "tipo">, position: number) => `filtro-${f.tipo}-${position}`;

/** The query string with the selected filters replaced by `filtros` (and back to page 1). */
export function withFilters(search: string, filtros: string[]): string {
  const params = new URLSearchParams(search);
  params.delete("filtro");
  params.delete("pagina");
  for (const f of filtros) params.append("filtro", f);
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** The query-string entries a facet form must resend as hidden fields (everything but the filters and the page). */
export function carriedParams(search: string): Array<[string, string]> {
  return [...new URLSearchParams(search).entries()].filter(([k]) => k !== "filtro" && k !== "pagina");
}
