import { sql, type RawBuilder } from "kysely";
import { facetKey } from "./derived-facets.ts";
import { words } from "./text.ts";

/**
 * Search-wide conditions of issue 28 beside the terms, on every tab: a copy on the shelf now ("available now",
 * anywhere or at one library), the publisher's words and a range of years (the advanced search). They go where
 * a tab's options go (`tabOptionsWhere`), so the search, its total and its facets all count exactly the same
 * titles, on SQLite and PostgreSQL alike; a search with any of them is never answered from a cached pass
 * (a copy's status changes with every loan and return).
 */
export const SCOPE_FIELDS = ["disponivel", "editora", "ano_de", "ano_ate"] as const;
export type ScopeField = (typeof SCOPE_FIELDS)[number];

/** `disponivel`'s value for "at any library" (otherwise a library's id). */
export const AVAILABLE_ANYWHERE = "S";
/** Earliest and latest year of a range. */
export const SCOPE_YEAR_MIN = 1000;
export const SCOPE_YEAR_MAX = 2999;
/** Words of the publisher read at most. */
const PUBLISHER_WORDS_MAX = 6;

export function isScopeField(field: string): field is ScopeField {
  return (SCOPE_FIELDS as readonly string[]).includes(field);
}

const year = (v: string) => /^\d{4}$/.test(v) && Number(v) >= SCOPE_YEAR_MIN && Number(v) <= SCOPE_YEAR_MAX;

const VALUE_RULES: Record<ScopeField, (v: string) => boolean> = {
  disponivel: (v) => v === AVAILABLE_ANYWHERE || /^\d{1,6}$/.test(v),
  editora: (v) => v.length <= 200 && words(v).length > 0,
  ano_de: year,
  ano_ate: year,
};

/**
 * Reads the scope fields of a query (empty means "any"). Returns the selection and the fields whose value is
 * malformed, with `ano_ate` refused when it is before `ano_de` (the route answers 422 for those).
 */
export function parseScopeOptions(query: Record<string, unknown>): { selected: Partial<Record<ScopeField, string>>; invalid: ScopeField[] } {
  const selected: Partial<Record<ScopeField, string>> = {};
  const invalid: ScopeField[] = [];
  for (const field of SCOPE_FIELDS) {
    const raw = query[field];
    const v = typeof raw === "string" ? raw.trim() : "";
    if (!v) continue;
    if (VALUE_RULES[field](v)) selected[field] = v;
    else invalid.push(field);
  }
  if (selected.ano_de && selected.ano_ate && Number(selected.ano_ate) < Number(selected.ano_de)) {
    invalid.push("ano_ate");
    delete selected.ano_ate;
  }
  return { selected, invalid };
}

/** The scope fields tested on the title's id alone (no column of its row): a search need not read `acervo a` for them. */
export const KEY_SCOPE_FIELDS: ReadonlySet<string> = new Set<ScopeField>(["disponivel"]);

/**
 * The condition a copy on the shelf puts on title `id` (by default alias `a`'s): anywhere, or at library `value`.
 * Read from the titles on the shelf (migration 115, ADR 269: a row per title and library with a copy on the
 * shelf, kept by triggers), by the title's id, so a search need not read its row nor its copies.
 */
export function availableCondition(value: string, id: RawBuilder<unknown> = sql`a.cod_acervo`): RawBuilder<unknown> {
  const at = value === AVAILABLE_ANYWHERE ? sql`` : sql`AND e.cod_biblioteca = ${Number(value)}`;
  return sql`EXISTS (SELECT 1 FROM acervo_na_estante e WHERE e.cod_acervo = ${id} ${at})`;
}

/** The condition one scope field puts on alias `a` (`disponivel`: on title `id`, when given). */
export function scopeCondition(field: ScopeField, value: string, id?: RawBuilder<unknown>): RawBuilder<unknown> {
  switch (field) {
    case "disponivel":
      return availableCondition(value, id);
    case "editora": {
      // The publisher's folded key (derived facet E, ADR 068) holds every word typed, in any case and accent.
      const ws = words(value)
        .slice(0, PUBLISHER_WORDS_MAX)
        .map((w) => facetKey(w))
        .filter(Boolean);
      const likes = ws.map((w) => sql`v.codigo LIKE ${`%${w}%`}`);
      return sql`a.cod_acervo IN (SELECT af.cod_acervo FROM faceta_valor v JOIN acervo_faceta af ON af.cod_valor = v.cod_valor
                                  WHERE v.tipo = 'E' AND ${sql.join(likes, sql` AND `)})`;
    }
    case "ano_de":
      return sql`a.ano_publicacao >= ${Number(value)}`;
    case "ano_ate":
      return sql`a.ano_publicacao <= ${Number(value)}`;
  }
}
