import { sql, type RawBuilder } from "kysely";
import { dialectOf, type Db } from "../db/index.ts";
import { DERIVED_FACET_TYPES, type DerivedFacetType } from "./derived-facets.ts";
import { columnQuery, countColumns, facetColumns, type ColumnCount, type CountedValue, type FacetColumns } from "./facet-columns.ts";
import { classLabel, filterTypesOf, languageLabel, NO_YEAR, noYearLabel, onlyWithLabel, type FilterType, type SelectedFilters } from "./filters.ts";
import {
  bucketScope,
  facetCandidates,
  facetScope,
  filterCondition,
  hitScope,
  online,
  searchStats,
  textMatchIds,
  type FacetScope,
  type SearchParams,
} from "./query.ts";
import { classExpr } from "./sql-fragments.ts";

/** One facet value (spec §3 "Filter"): `total` with every selected filter, `totalSemFiltro` without its own type's. */
export interface FacetValue {
  tipo: FilterType;
  codigo: string;
  descricao: string;
  total: number;
  totalSemFiltro: number;
  selecionado: boolean;
}

export interface FacetResult {
  /** Always false: counts cover every match (kept for clients of the earlier capped API). */
  totalLimitado: boolean;
  /** The counts are estimates from a uniform sample of a very large hit set (show "≈"; ADR 105). */
  estimado: boolean;
  /**
   * The selected types' `totalSemFiltro` are estimates (show "≈" on them): the text matches are sampled, so the
   * titles that fail only one type's selection are counted in the sample (ADR 105, "Honest facets").
   */
  estimadoSemFiltro: boolean;
  filtros: FacetValue[];
}

/** Values listed per facet type at most (by count; years by recency); selected values are always listed too. */
export const FACET_VALUES_MAX = 30;

/** Values listed of the high-cardinality derived types (R, P, C, A, E, S): the most frequent in the hit set. */
export const FACET_TOP_N = 20;

const isDerived = (t: FilterType): t is DerivedFacetType => (DERIVED_FACET_TYPES as readonly string[]).includes(t);

/**
 * Facet counts of a search: a value's `total` counts the titles passing every selected filter type, its
 * `totalSemFiltro` those passing every type but its own. Counted in the facet columns in memory when they are
 * ready (SQLite), otherwise in one SQL statement; the two give the same answer (a test compares them).
 *
 * Which titles are counted (ADR 105, "Honest facets"): every text match when there are at most facetExactMax,
 * so every count is exact. Above that, a uniform sample of them, and when filters are selected two strata:
 * the hits themselves (every one when they are at most facetExactMax: their counts, every `total` and the
 * unselected types' `totalSemFiltro`, are exact) and the text sample's titles outside the hits, which only add
 * to the selected types' `totalSemFiltro` (an estimate of the titles that fail just that type). A search
 * narrowed to a few hundred titles thus shows their exact counts, not a sample of the broad word's.
 */
export async function searchFacets(
  db: Db,
  p: Pick<SearchParams, "termos" | "guia" | "filtros" | "opcoes">,
  lang: "pt" | "es" | "en",
): Promise<FacetResult> {
  const types = filterTypesOf(p.guia);
  const selected = p.filtros ?? {};
  // Only the types with a selection are tested; the others pass every title.
  const flagged = types.filter((t) => selected[t]?.length);
  // SQLite and PostgreSQL count in the facet columns when they are ready (ADR 105, "Facet columns in memory")
  // and the call lists the titles it counts; otherwise in SQL.
  const cols = await facetColumns(db);
  if (cols) return exactFacets(db, p, lang, cols, await columnQuery(db, types, selected, flagged));
  // The columns are being read (a large catalogue just after the process started, or after a large import):
  // counted in SQL meanwhile, past facetExactMax matches from a sample, marked `estimado` (ADR 105).
  // With filters, a sample of the text matches is drawn by buckets, without a pass of the text index.
  const scope = flagged.length || dialectOf(db) === "postgres" ? await bucketScope(db, p) : await facetScope(db, p);
  if (!scope) return { totalLimitado: false, estimado: false, estimadoSemFiltro: false, filtros: [] };
  // The hit set as its own stratum (s = 1) when the text matches are sampled; they are then stratum 2.
  const hits = flagged.length && scope.k !== null ? await hitScope(db, p) : null;
  // The weights: a stratum-1 title stands for w1 hits (1 when every hit is counted); a stratum-2 title for
  // (text matches − hits) / stratum-2 titles outside the hits (`n2`).
  const w1 = hits ? (hits.k === null || !hits.ids?.length ? 1 : hits.n / hits.ids.length) : 1;
  // (A sample drawn by buckets has its own weight: the matches are not counted then.)
  const restN = hits ? Math.max(0, scope.n - hits.n) : 0;
  const q: FacetQuery = { types, selected, flagged, w1, restN, weight: scope.weight };
  const { rows, n1, n2 } = await countInSql(db, p, q, scope, hits);
  // Without filters, a sampled count is scaled by the sampling ratio (matches / sampled matches): an unbiased
  // estimate. With them, each stratum by its own ratio.
  const scale1 = hits ? w1 : scope.k === null || n1 === 0 ? 1 : (scope.weight ?? scope.n / n1);
  const scale2 = scope.weight ?? (n2 === 0 ? 0 : restN / n2);
  const estimado = hits ? hits.k !== null : scope.k !== null;
  return {
    totalLimitado: false,
    estimado,
    estimadoSemFiltro: estimado || hits !== null,
    filtros: await facetValues(db, types, selected, rows, lang, scale1, scale2),
  };
}

/**
 * Exact facet counts (ADR 265): every text match of the query (tab and options applied) read once, and counted
 * in the facet columns in one pass. A match passing every selected type counts for every type's values (`total`
 * and `totalSemFiltro`); one failing exactly one selected type counts only for that type's `totalSemFiltro`;
 * the others for nothing. No sample, whatever the number of matches.
 */
async function exactFacets(
  db: Db,
  p: Pick<SearchParams, "termos" | "guia" | "filtros" | "opcoes">,
  lang: "pt" | "es" | "en",
  cols: FacetColumns,
  cq: ColumnCount,
): Promise<FacetResult> {
  const ids = await textMatchIds(db, p);
  if (!ids) return { totalLimitado: false, estimado: false, estimadoSemFiltro: false, filtros: [] };
  searchStats.columnCounts++;
  const rows = await countByColumns(db, cols, cq, ids);
  return { totalLimitado: false, estimado: false, estimadoSemFiltro: false, filtros: await facetValues(db, cq.types, cq.selected, rows, lang, 1, 0) };
}

/** The listed values of each type, labelled and ordered, from the counted rows and the strata's scales. */
async function facetValues(
  db: Db,
  types: FilterType[],
  selected: SelectedFilters,
  rows: CountRow[],
  lang: "pt" | "es" | "en",
  scale1: number,
  scale2: number,
): Promise<FacetValue[]> {
  const est = (v: number) => (v > 0 ? Math.max(1, Math.round(v)) : 0);
  const labels = await facetLabels(db, rows, lang);
  const filtros: FacetValue[] = [];
  for (const t of types) {
    const mine = rows
      .filter((r) => r.tipo === t)
      .map((r) => ({ ...r, total: est(Number(r.total1) * scale1), sem: est(Number(r.sem1) * scale1 + Number(r.sem2) * scale2) }));
    mine.sort(t === "Y" ? yearOrder : (a, b) => b.sem - a.sem || a.codigo.localeCompare(b.codigo));
    const sel = selected[t] ?? [];
    // Selected values always stay listed, so they can be seen and removed; so does "no date" (spec §4).
    const shown = mine.filter((r, i) => i < FACET_VALUES_MAX || sel.includes(r.codigo) || (t === "Y" && r.codigo === NO_YEAR));
    for (const r of shown) {
      filtros.push({
        tipo: t,
        codigo: r.codigo,
        descricao: r.descricao ?? labels(t, r.codigo),
        total: r.total,
        totalSemFiltro: r.sem,
        selecionado: sel.includes(r.codigo),
      });
    }
  }
  return filtros;
}

/** What both ways of counting need: the tab's types, the selection, and the strata's weights. */
interface FacetQuery {
  types: FilterType[];
  selected: SelectedFilters;
  flagged: FilterType[];
  w1: number;
  restN: number;
  weight: number | undefined;
}

/** A counted value: `codigo` and `descricao` from the value's table for the derived types (R, P, C, A, E, S). */
interface CountRow {
  tipo: FilterType;
  codigo: string;
  descricao: string | null;
  total1: number;
  sem1: number;
  sem2: number;
}

/**
 * The counts in ONE SQL statement (ADR 060, 068, 105). Each counted title gets one 0/1 flag per selected filter
 * type ("passes that type's selection"); a value's `total` counts the titles passing every flag, its
 * `totalSemFiltro` those passing every flag but its own type's. Multi-valued facets (library, campus,
 * only-with) join their values to the titles; the derived types (R, P, C, A, E, S) are one join of the titles to
 * `acervo_faceta` grouped by value id, ranked in SQL so only the top FACET_TOP_N per type (plus the selected
 * values) are labelled and returned.
 */
async function countInSql(
  db: Db,
  p: Pick<SearchParams, "guia" | "opcoes">,
  { types, selected, flagged, w1, restN }: FacetQuery,
  scope: FacetScope,
  hits: FacetScope | null,
): Promise<{ rows: CountRow[]; n1: number; n2: number }> {
  const lean = sql`a.cod_acervo, a.cod_tipo_obra, a.ano_publicacao, a.idioma, a.possui_acessibilidade, a.link_capa, a.acesso_remoto, a.classificacao`;
  const flag = (t: FilterType) => sql.raw(`f_${t}`);
  const cand = hits
    ? sql`SELECT h.*, 1 AS s FROM (${facetCandidates(db, p, lean, hits)}) h UNION ALL SELECT r.*, 2 AS s FROM (${facetCandidates(db, p, lean, scope)}) r`
    : facetCandidates(db, p, lean, scope);
  // The derived types' flags come from one read of the titles' facet values (`fl`); the others from the row.
  const flaggedDerived = flagged.filter(isDerived);
  const flags = flagged.map((t) =>
    isDerived(t) ? sql`coalesce(fl.${flag(t)}, 0) AS ${flag(t)}` : sql`CASE WHEN ${filterCondition(t, selected[t]!)} THEN 1 ELSE 0 END AS ${flag(t)}`,
  );
  const valuesOf = (t: FilterType) => sql`SELECT cod_valor FROM faceta_valor WHERE tipo = ${sql.lit(t)} AND codigo IN (${sql.join(selected[t]!)})`;
  const fl = flaggedDerived.length
    ? sql`, fl AS MATERIALIZED (
        SELECT af.cod_acervo, ${sql.join(
          flaggedDerived.map((t) => sql`max(CASE WHEN af.cod_valor IN (${valuesOf(t)}) THEN 1 ELSE 0 END) AS ${flag(t)}`),
          sql`, `,
        )}
        FROM (SELECT DISTINCT cod_acervo FROM cand) u CROSS JOIN acervo_faceta af WHERE af.cod_acervo = u.cod_acervo GROUP BY af.cod_acervo)`
    : sql``;
  const product = (list: FilterType[]) => (list.length ? sql.join(list.map(flag), sql` * `) : sql`1`);
  const all = product(flagged);
  // A stratum-2 title counts only where it fails exactly one type's selection (`c` keeps those alone).
  const flagSum = flagged.length ? sql.join(flagged.map(flag), sql` + `) : sql`0`;
  const others = (t: FilterType) => product(flagged.filter((x) => x !== t));
  // Per value: the hits (total1), the stratum-1 titles passing the other types' flags (sem1) and the stratum-2
  // titles that fail only this type (sem2; they are outside the hits, so some flag is 0).
  // (One stratum without filters: the plain sums.)
  const sums = hits
    ? sql`sum(CASE WHEN c.s = 1 THEN ${all} ELSE 0 END) AS total1, sum(CASE WHEN c.s = 1 THEN 1 ELSE 0 END) AS sem1,
          sum(CASE WHEN c.s = 2 AND ${all} = 0 THEN 1 ELSE 0 END) AS sem2`
    : sql`sum(${all}) AS total1, count(*) AS sem1, 0 AS sem2`;
  const group = (t: FilterType, value: RawBuilder<unknown>, from: RawBuilder<unknown>, where: RawBuilder<unknown> = sql`1 = 1`) =>
    sql`SELECT ${sql.lit(t)} AS tipo, ${value} AS codigo, NULL AS descricao, ${sums}
        FROM ${from} WHERE ${others(t)} = 1 AND ${where} GROUP BY ${value}`;
  // The titles a type's counts read, as `c`: stratum-2 titles count only for the selected types (they fail
  // exactly one), so an unselected type reads the hits alone.
  const rowsOf = (t: FilterType | null) => (t && selected[t]?.length ? sql`c` : hits ? sql`(SELECT * FROM c WHERE c.s = 1) c` : sql`c`);
  const parts: Partial<Record<FilterType, RawBuilder<unknown>>> = {
    T: group("T", sql`CAST(c.cod_tipo_obra AS TEXT)`, rowsOf("T")),
    // A literal, not a parameter: PostgreSQL matches GROUP BY to the select list by text, and two parameters differ.
    Y: group("Y", sql`coalesce(CAST(c.ano_publicacao AS TEXT), ${sql.lit(NO_YEAR)})`, rowsOf("Y")),
    I: group("I", sql`coalesce(c.idioma, 'und')`, rowsOf("I")),
    X: sql`SELECT 'X' AS tipo, x.codigo, NULL AS descricao, ${sums} FROM ${rowsOf("X")}
           JOIN (SELECT 'C' AS codigo UNION ALL SELECT 'O' UNION ALL SELECT 'A') x
             ON (x.codigo = 'C' AND c.has_capa = 1) OR (x.codigo = 'O' AND c.is_online = 1) OR (x.codigo = 'A' AND c.possui_acessibilidade = 'S')
           WHERE ${others("X")} = 1 GROUP BY x.codigo`,
    K: group("K", sql`c.classe`, rowsOf("K"), sql`c.classe IS NOT NULL`),
    NA_A: group("NA_A", sql`c.classe`, rowsOf("NA_A"), sql`c.classe IS NOT NULL`),
    // One probe of the (title, library) index per title; DISTINCT counts a title once per library and stratum.
    B: group(
      "B",
      sql`CAST(c.cod_biblioteca AS TEXT)`,
      sql`(SELECT DISTINCT c.cod_acervo, c.s, e.cod_biblioteca ${sql.join(
        flagged.map((t) => sql`, c.${flag(t)}`),
        sql``,
      )}
           FROM ${rowsOf("B")} CROSS JOIN exemplar e WHERE e.cod_acervo = c.cod_acervo) c`,
    ),
    NA_C: group(
      "NA_C",
      sql`CAST(ec.cod_campus AS TEXT)`,
      sql`${rowsOf("NA_C")} JOIN (SELECT DISTINCT e.cod_acervo, bb.cod_campus FROM exemplar e JOIN biblioteca bb ON bb.cod_biblioteca = e.cod_biblioteca WHERE e.cod_acervo IN (SELECT cod_acervo FROM c)) ec ON ec.cod_acervo = c.cod_acervo`,
    ),
  };
  const w2 =
    scope.weight !== undefined
      ? sql.lit(scope.weight)
      : sql`(${sql.lit(restN)} * 1.0 / (SELECT CASE WHEN rest.n > 0 THEN rest.n ELSE 1 END FROM rest))`;
  const derived = types.filter(isDerived);
  const unions = types.filter((t) => !isDerived(t)).map((t) => parts[t]!);
  if (derived.length) {
    // Every derived type in one pass: a title's rows in acervo_faceta are one range of the primary key.
    // CROSS JOIN keeps that order in SQLite (never a scan of the whole table by value).
    const othersOf = flagged.length
      ? sql`CASE af.tipo ${sql.join(
          derived.map((t) => sql`WHEN ${sql.lit(t)} THEN ${others(t)}`),
          sql` `,
        )} END`
      : sql`1`;
    const chosen = derived.filter((t) => selected[t]?.length);
    const sel = chosen.length
      ? sql.join(
          chosen.map((t) => sql`SELECT cod_valor FROM faceta_valor WHERE tipo = ${sql.lit(t)} AND codigo IN (${sql.join(selected[t]!)})`),
          sql` UNION ALL `,
        )
      : sql`SELECT CAST(NULL AS INTEGER) AS cod_valor WHERE 1 = 0`; // typed: PostgreSQL reads a bare NULL as text
    // acervo_faceta holds derived types only, and every tab offers them all: no filter on the type, and the
    // grouping is by the integer value id alone (the type comes with the label, after grouping). Ranked by the
    // weighted totalSemFiltro (the strata's weights differ by a factor, so w1 divides out).
    unions.push(sql`SELECT r.tipo, r.codigo, r.descricao, r.total1, r.sem1, r.sem2 FROM (
        SELECT v.tipo, v.codigo, v.descricao, g.cod_valor, g.total1, g.sem1, g.sem2,
               row_number() OVER (PARTITION BY v.tipo ORDER BY ${hits ? sql`g.sem1 + g.sem2 * ${w2} / ${sql.lit(w1)}` : sql`g.sem1`} DESC, g.cod_valor) AS rn
        FROM (
          SELECT af.cod_valor, ${sums}
          FROM ${rowsOf(chosen[0] ?? null)} CROSS JOIN acervo_faceta af
          WHERE af.cod_acervo = c.cod_acervo AND ${othersOf} = 1
          GROUP BY af.cod_valor
        ) g JOIN faceta_valor v ON v.cod_valor = g.cod_valor
      ) r
      WHERE r.rn <= ${FACET_TOP_N} OR r.cod_valor IN (${sel})`);
  }
  const { rows } = await sql<{
    tipo: FilterType;
    codigo: string;
    descricao: string | null;
    total1: number;
    sem1: number;
    sem2: number;
    n1: number;
    n2: number;
  }>`
    WITH cand AS MATERIALIZED (${cand}) ${fl},
    ${hits ? sql`c0` : sql`c`} AS MATERIALIZED (
      SELECT a.cod_acervo, ${hits ? sql`a.s` : sql`1 AS s`}, a.cod_tipo_obra, a.ano_publicacao, a.idioma, a.possui_acessibilidade,
             CASE WHEN a.link_capa IS NOT NULL THEN 1 ELSE 0 END AS has_capa,
             CASE WHEN ${online} THEN 1 ELSE 0 END AS is_online,
             ${classExpr} AS classe
             ${flags.length ? sql`, ${sql.join(flags, sql`, `)}` : sql``}
      FROM cand a ${flaggedDerived.length ? sql`LEFT JOIN fl ON fl.cod_acervo = a.cod_acervo` : sql``}
    ),
    ${
      hits
        ? sql`rest AS (SELECT count(*) AS n FROM c0 c WHERE c.s = 2 AND ${all} = 0),
              c AS MATERIALIZED (SELECT * FROM c0 c WHERE c.s = 1 OR ${flagSum} = ${sql.lit(flagged.length - 1)}),`
        : sql`rest AS (SELECT 0 AS n),`
    }
    facets AS (${sql.join(unions, sql` UNION ALL `)})
    SELECT facets.*, (SELECT count(*) FROM cand ${hits ? sql`WHERE s = 1` : sql``}) AS n1, (SELECT n FROM rest) AS n2 FROM facets`.execute(db);
  return { rows, n1: Number(rows[0]?.n1 ?? 0), n2: Number(rows[0]?.n2 ?? 0) };
}

/**
 * The same counts from the facet columns (`countColumns`: one stratum, every title), then the derived types
 * ranked as the SQL statement ranks them (by `totalSemFiltro`, then value id) and the kept ones labelled from
 * their table.
 */
async function countByColumns(db: Db, cols: FacetColumns, cq: ColumnCount, ids: ArrayLike<number>): Promise<CountRow[]> {
  const counted = countColumns(cols, cq, ids, { derivedTop: FACET_TOP_N });
  const selectedIds = new Set(Object.values(cq.derivedIds).flat());
  const kept: CountedValue[] = [];
  const byType = new Map<FilterType, CountedValue[]>();
  for (const r of counted) {
    if (r.valor === null) kept.push(r);
    else {
      const list = byType.get(r.tipo);
      if (list) list.push(r);
      else byType.set(r.tipo, [r]);
    }
  }
  for (const list of byType.values()) {
    list.sort((a, b) => b.sem - a.sem || a.valor! - b.valor!);
    list.forEach((r, i) => (i < FACET_TOP_N || selectedIds.has(r.valor!)) && kept.push(r));
  }
  const valueIds = kept.filter((r) => r.valor !== null).map((r) => r.valor!);
  const labels = new Map<number, { tipo: string; codigo: string; descricao: string }>();
  for (let i = 0; i < valueIds.length; i += 500) {
    const part = valueIds.slice(i, i + 500);
    for (const r of await db
      .selectFrom("faceta_valor")
      .select(["cod_valor", "tipo", "codigo", "descricao"])
      .where("cod_valor", "in", part)
      .execute()) {
      labels.set(Number(r.cod_valor), r);
    }
  }
  const rows: CountRow[] = [];
  for (const r of kept) {
    if (r.valor === null) rows.push({ tipo: r.tipo, codigo: r.codigo, descricao: null, total1: r.total, sem1: r.sem, sem2: 0 });
    else {
      const v = labels.get(r.valor);
      if (v) rows.push({ tipo: v.tipo as FilterType, codigo: v.codigo, descricao: v.descricao, total1: r.total, sem1: r.sem, sem2: 0 });
    }
  }
  return rows;
}

/** Years most recent first; "no date" last. */
function yearOrder(a: { codigo: string }, b: { codigo: string }): number {
  if (a.codigo === NO_YEAR) return 1;
  if (b.codigo === NO_YEAR) return -1;
  return Number(b.codigo) - Number(a.codigo);
}

/** The labels of the facet values: names from their tables (one query each for the few ids), the rest computed. */
async function facetLabels(db: Db, rows: Array<{ tipo: FilterType; codigo: string }>, lang: "pt" | "es" | "en") {
  const ids = (t: FilterType) => [...new Set(rows.filter((r) => r.tipo === t).map((r) => Number(r.codigo)))];
  const [tipos, bibs, campi] = await Promise.all([
    ids("T").length
      ? db.selectFrom("tipo_obra").select(["cod_tipo_obra as id", "descricao as nome"]).where("cod_tipo_obra", "in", ids("T")).execute()
      : [],
    ids("B").length
      ? db.selectFrom("biblioteca").select(["cod_biblioteca as id", "desc_biblioteca as nome"]).where("cod_biblioteca", "in", ids("B")).execute()
      : [],
    ids("NA_C").length
      ? db.selectFrom("campus").select(["cod_campus as id", "nome_campus as nome"]).where("cod_campus", "in", ids("NA_C")).execute()
      : [],
  ]);
  const named = (list: Array<{ id: number; nome: string }>) => new Map(list.map((r) => [String(r.id), r.nome]));
  const maps: Partial<Record<FilterType, Map<string, string>>> = { T: named(tipos), B: named(bibs), NA_C: named(campi) };
  return (t: FilterType, codigo: string): string => {
    switch (t) {
      case "Y":
        return codigo === NO_YEAR ? noYearLabel(lang) : codigo;
      case "I":
        return languageLabel(codigo, lang);
      case "X":
        return onlyWithLabel(codigo, lang);
      case "K":
      case "NA_A":
        return classLabel(codigo, lang);
      default:
        return maps[t]?.get(codigo) ?? codigo;
    }
  };
}
