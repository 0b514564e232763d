import { sql, type Kysely, type RawBuilder } from "kysely";
import {
  classLabel,
  filterTypesOf,
  guidesOf,
  languageLabel,
  NEW_ACQUISITIONS_DAYS,
  NO_YEAR,
  noYearLabel,
  onlyWithLabel,
  type FilterType,
  type GuideSource,
  type SelectedFilters,
} from "../domain/search-filters.ts";
import { browseEntries, type BrowseSource } from "../domain/search-browse.ts";
import { DERIVED_FACET_TYPES, derivedFacets, type DerivedFacetType } from "../domain/search-facets.ts";
import type { TabOptionValues } from "../domain/tab-options.ts";
import { tabOptionsWhere } from "./search-options.ts";
import { dialectOf, type Db } from "./index.ts";
import { fold, indexText, queryAlternatives, stemmersFor, words } from "./text.ts";

/**
 * Ranking and counting look at no more than this many matching titles (ADR 012). Below the cap,
 * `total` is exact; at the cap the API answers `total: CANDIDATE_CAP, totalLimitado: true`.
 */
export const CANDIDATE_CAP = 5000;

const BATCH = 500;

interface IndexSource {
  cod_acervo: number;
  titulo: string;
  subtitulo: string | null;
  autor: string | null;
  autores_secundarios: string;
  assuntos: string;
  editora: string | null;
  serie: string | null;
  notas: string;
  isbn: string | null;
  issn: string | null;
  chamada: string | null;
  classificacao: string | null;
  local_publicacao: string | null;
  idioma: string | null;
}

function jsonList(value: string | null): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map((v) => (typeof v === "string" ? v : JSON.stringify(v))) : [];
  } catch {
    return [value];
  }
}

/** The four weighted fields of one title's index entry. */
export function searchDocument(a: IndexSource): { titulo: string; autor: string; assunto: string; outros: string } {
  const langs = stemmersFor(a.idioma);
  const compact = (v: string | null) => (v ? v.replace(/[^0-9Xx]/g, "") : null);
  return {
    titulo: indexText([a.titulo, a.subtitulo], langs),
    autor: indexText([a.autor, ...jsonList(a.autores_secundarios)], langs),
    assunto: indexText(jsonList(a.assuntos), langs),
    outros: indexText(
      [a.editora, a.serie, ...jsonList(a.notas), a.isbn, compact(a.isbn), a.issn, compact(a.issn), a.chamada, a.classificacao, a.local_publicacao],
      langs,
    ),
  };
}

/**
 * Rebuilds the search index entries of the given titles (all titles when omitted). The MARC
 * importer calls it after each batch it writes to `acervo`.
 */
export async function reindexAcervos(db: Db, codAcervos?: number[]): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  if (!codAcervos) {
    await sql`DELETE FROM acervo_busca`.execute(db);
    let last = 0;
    for (;;) {
      const ids = await db.selectFrom("acervo").select("cod_acervo").where("cod_acervo", ">", last).orderBy("cod_acervo").limit(BATCH).execute();
      if (ids.length === 0) return;
      await reindexBatch(db, ids.map((r) => r.cod_acervo), pg, false);
      await reindexGuides(db, ids.map((r) => r.cod_acervo));
      await reindexFacets(db, ids.map((r) => r.cod_acervo));
      last = ids[ids.length - 1].cod_acervo;
    }
  }
  for (let i = 0; i < codAcervos.length; i += BATCH) {
    await reindexBatch(db, codAcervos.slice(i, i + BATCH), pg, true);
  }
  await reindexGuides(db, codAcervos);
  await reindexFacets(db, codAcervos);
}

async function reindexBatch(db: Db, ids: number[], pg: boolean, clear: boolean) {
  if (ids.length === 0) return;
  const rows = await db
    .selectFrom("acervo")
    .select(["cod_acervo", "titulo", "subtitulo", "autor", "autores_secundarios", "assuntos", "editora", "serie", "notas", "isbn", "issn", "chamada", "classificacao", "local_publicacao", "idioma"])
    .where("cod_acervo", "in", ids)
    .execute();
  await db.transaction().execute(async (trx) => {
    if (clear) {
      if (pg) await sql`DELETE FROM acervo_busca WHERE cod_acervo IN (${sql.join(ids)})`.execute(trx);
      else await sql`DELETE FROM acervo_busca WHERE rowid IN (${sql.join(ids)})`.execute(trx);
    }
    for (const row of rows) {
      const d = searchDocument(row);
      if (pg) {
        await sql`INSERT INTO acervo_busca (cod_acervo, documento) VALUES (${row.cod_acervo},
          setweight(to_tsvector('simple', ${d.titulo}), 'A') || setweight(to_tsvector('simple', ${d.autor}), 'B') ||
          setweight(to_tsvector('simple', ${d.assunto}), 'C') || setweight(to_tsvector('simple', ${d.outros}), 'D'))`.execute(trx);
      } else {
        await sql`INSERT INTO acervo_busca (rowid, titulo, autor, assunto, outros) VALUES (${row.cod_acervo}, ${d.titulo}, ${d.autor}, ${d.assunto}, ${d.outros})`.execute(trx);
      }
    }
  });
}

export type SearchKind = "livre" | "titulo" | "assunto" | "autor";
export type SearchOrder = "C" | "T" | "A" | "Y";

/** One term of a search: its words and the field it looks in. */
export interface SearchTerm {
  termo: string;
  tipo: SearchKind;
}

export interface SearchParams {
  /** Every term must match (the advanced tab combines several fields). */
  termos: SearchTerm[];
  pagina: number;
  qtd: number;
  ordenacao: SearchOrder;
  guia?: string;
  filtros?: SelectedFilters;
  /** The tab form's own options (archive, normative acts, case law; ADR 065). */
  opcoes?: TabOptionValues;
}

export interface SearchHit {
  cod_acervo: number;
  titulo: string;
  subtitulo: string | null;
  autor: string | null;
  editora: string | null;
  local_publicacao: string | null;
  ano_publicacao: number | null;
  edicao: string | null;
  cod_tipo_obra: number;
  desc_tipo_obra: string | null;
  idioma: string | null;
  isbn: string | null;
  chamada: string | null;
  link_capa: string | null;
  acesso_remoto: string | null;
  possui_acessibilidade: string;
  exemplares: number;
  disponiveis: number;
}

export interface SearchResult {
  total: number;
  totalLimitado: boolean;
  resultados: SearchHit[];
}

/** The searchable words of a query (at least one letter or digit). */
export function queryWords(termo: string): string[] {
  return words(termo).slice(0, 12);
}

const COLUMN: Record<SearchKind, string | null> = { livre: null, titulo: "titulo", autor: "autor", assunto: "assunto" };
const PG_WEIGHT: Record<SearchKind, string> = { livre: "", titulo: ":A", autor: ":B", assunto: ":C" };

/** FTS5 MATCH expression: AND across words, OR within a word's alternatives, prefix on the last. */
export function fts5Query(ws: string[], tipo: SearchKind): string {
  const col = COLUMN[tipo];
  return ws
    .map((w, i) => {
      const alts = queryAlternatives(w).map((a) => `"${a}"`);
      if (i === ws.length - 1 && fold(w).length >= 3) alts.push(`"${fold(w)}"*`);
      const group = `(${alts.join(" OR ")})`;
      return col ? `${col} : ${group}` : group;
    })
    .join(" AND ");
}

/** PostgreSQL to_tsquery expression over the same pre-stemmed tokens. */
export function tsQuery(ws: string[], tipo: SearchKind): string {
  const weight = PG_WEIGHT[tipo];
  return ws
    .map((w, i) => {
      const alts = queryAlternatives(w).map((a) => `${a}${weight}`);
      if (i === ws.length - 1 && fold(w).length >= 3) alts.push(`${fold(w)}:*${weight.slice(1)}`);
      return `(${alts.join(" | ")})`;
    })
    .join(" & ");
}

/** Titles added to the catalogue since this date (ISO, UTC) are new acquisitions. */
export function newAcquisitionsSince(now = Date.now()): string {
  return new Date(now - NEW_ACQUISITIONS_DAYS * 86_400_000).toISOString().replace("T", " ").slice(0, 19);
}

/** The year filter on `column`: the selected years, or no year at all for "no date" (OR within the type). */
export function yearCondition(column: RawBuilder<unknown>, values: readonly string[]): RawBuilder<unknown> {
  const years = values.filter((v) => v !== NO_YEAR).map(Number);
  const parts: RawBuilder<unknown>[] = [];
  if (years.length) parts.push(sql`${column} IN (${sql.join(years)})`);
  if (values.includes(NO_YEAR)) parts.push(sql`${column} IS NULL`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/** The tab's own restriction of the hit set (ADR 061), as an `AND …` SQL fragment over alias `a`. */
export function guiaFilter(guia: string | undefined, now = Date.now()): RawBuilder<unknown> {
  switch (guia) {
    case "ebooks":
      return sql`AND a.acesso_remoto = 'cr'`;
    case "acessibilidade":
      return sql`AND a.possui_acessibilidade = 'S'`;
    case "arquivo":
    case "atos":
    case "jurisprudencia":
      return sql`AND EXISTS (SELECT 1 FROM acervo_guia g WHERE g.guia = ${guia} AND g.cod_acervo = a.cod_acervo)`;
    case "aquisicoes":
      return sql`AND a.created_at >= ${newAcquisitionsSince(now)}`;
    default:
      return sql``;
  }
}

const online = sql`(a.acesso_remoto = 'cr' OR EXISTS (SELECT 1 FROM acervo_link l WHERE l.cod_acervo = a.cod_acervo))`;
const classExpr = sql`upper(substr(trim(a.classificacao), 1, 1))`;

/**
 * The SQL condition one filter type's selected values put on alias `a` (OR within the type). `key` is the
 * title id the derived types test (by default `a.cod_acervo`).
 */
function filterCondition(type: FilterType, values: string[], key?: RawBuilder<unknown>): RawBuilder<unknown> {
  const ints = () => values.map(Number);
  switch (type) {
    case "T":
      return sql`a.cod_tipo_obra IN (${sql.join(ints())})`;
    case "Y": {
      const years = values.filter((v) => v !== NO_YEAR).map(Number);
      if (key) {
        // In the text search: the selected years' titles as a set read through the year index, tested on
        // the text index's row id, so titles of other years are never read (ADR 069).
        const sets: RawBuilder<unknown>[] = [];
        if (years.length) sets.push(sql`SELECT cod_acervo FROM acervo WHERE ano_publicacao IN (${sql.join(years)})`);
        if (values.includes(NO_YEAR)) sets.push(sql`SELECT cod_acervo FROM acervo WHERE ano_publicacao IS NULL`);
        return sql`${key} IN (${sql.join(sets, sql` UNION ALL `)})`;
      }
      return yearCondition(sql.ref("a.ano_publicacao"), values);
    }
    case "I":
      return sql`coalesce(a.idioma, 'und') IN (${sql.join(values)})`;
    case "X": {
      const parts = values.map((v) => (v === "C" ? sql`a.link_capa IS NOT NULL` : v === "O" ? online : sql`a.possui_acessibilidade = 'S'`));
      return sql`(${sql.join(parts, sql` OR `)})`;
    }
    case "K":
    case "NA_A":
      return sql`${classExpr} IN (${sql.join(values)})`;
    case "B":
      return sql`EXISTS (SELECT 1 FROM exemplar e WHERE e.cod_acervo = a.cod_acervo AND e.cod_biblioteca IN (${sql.join(ints())}))`;
    case "NA_C":
      return sql`EXISTS (SELECT 1 FROM exemplar e JOIN biblioteca bb ON bb.cod_biblioteca = e.cod_biblioteca
                         WHERE e.cod_acervo = a.cod_acervo AND bb.cod_campus IN (${sql.join(ints())}))`;
    case "R":
    case "P":
    case "C":
    case "A":
    case "E":
    case "S":
      // An uncorrelated list: the titles of the selected values are read once (index by value), then each
      // candidate is a probe into that in-memory set, not a query of its own.
      return sql`${key ?? sql`a.cod_acervo`} IN (SELECT af.cod_acervo FROM faceta_valor v JOIN acervo_faceta af ON af.cod_valor = v.cod_valor
                         WHERE v.tipo = ${type} AND v.codigo IN (${sql.join(values)}))`;
  }
}

/** `AND …` for every selected filter type (AND across types); `key` as in filterCondition. */
function filtersWhere(filtros: SelectedFilters | undefined, key?: RawBuilder<unknown>): RawBuilder<unknown> {
  const parts = Object.entries(filtros ?? {})
    .filter(([, v]) => v && v.length)
    .map(([type, v]) => sql`AND ${filterCondition(type as FilterType, v!, key)}`);
  return parts.length ? sql.join(parts, sql` `) : sql``;
}

const ORDER: Record<SearchOrder, string> = {
  C: "score ASC, cod_acervo ASC",
  T: "titulo_ord ASC, cod_acervo ASC",
  A: "(autor IS NULL) ASC, autor_ord ASC, cod_acervo ASC",
  Y: "(ano_publicacao IS NULL) ASC, ano_publicacao DESC, score ASC, cod_acervo ASC",
};

/** The capped candidate rows (every `acervo` column, or `lean`, plus `score` when ranked) of a text query, with the tab and `extra` conditions. */
function candidates(
  db: Db,
  p: Pick<SearchParams, "termos" | "guia" | "opcoes">,
  extra: RawBuilder<unknown>,
  /** Only these columns of `acervo` (beside the rank): the whole row is read for the page's titles only. */
  lean?: RawBuilder<unknown>,
  /** Whether the rows carry `score`. Facet counts do not rank, and the rank is a good part of their cost. */
  ranked = true,
): RawBuilder<unknown> | null {
  const terms = p.termos.map((t) => ({ tipo: t.tipo, ws: queryWords(t.termo) })).filter((t) => t.ws.length > 0);
  if (terms.length === 0) return null;
  if (dialectOf(db) === "postgres") {
    const q = terms.map((t) => tsQuery(t.ws, t.tipo)).join(" & ");
    return sql`SELECT ${lean ?? sql`a.*`}${ranked ? sql`, -ts_rank(b.documento, q.query) AS score` : sql``}
          FROM acervo_busca b CROSS JOIN (SELECT to_tsquery('simple', ${q}) AS query) q
          JOIN acervo a ON a.cod_acervo = b.cod_acervo
          WHERE b.documento @@ q.query ${guiaFilter(p.guia)} ${tabOptionsWhere(p.opcoes)} ${extra} LIMIT ${CANDIDATE_CAP + 1}`;
  }
  const q = terms.map((t) => fts5Query(t.ws, t.tipo)).join(" AND ");
  // Without ORDER BY the capped set is the same with or without the rank (the text index's row order).
  return sql`SELECT ${lean ?? sql`a.*`}${ranked ? sql`, bm25(acervo_busca, 20.0, 4.0, 3.0, 1.0) AS score` : sql``}
          FROM acervo_busca JOIN acervo a ON a.cod_acervo = acervo_busca.rowid
          WHERE acervo_busca MATCH ${q} ${guiaFilter(p.guia)} ${tabOptionsWhere(p.opcoes)} ${extra} LIMIT ${CANDIDATE_CAP + 1}`;
}

/**
 * Runs one catalogue search as a single SQL statement: candidates (capped, after the tab's rule and the
 * selected filters) with their rank, the total, the requested page, and per-title copy counts.
 */
export async function searchAcervos(db: Db, p: SearchParams): Promise<SearchResult> {
  // Candidates carry only what ranking and sorting read; the page's rows are read from acervo afterwards.
  // The year and derived filters test the text index's row id, so SQLite applies them before reading acervo
  // (the unary + keeps FTS5 from taking the IN list as a row-id lookup).
  const key = dialectOf(db) === "postgres" ? sql`b.cod_acervo` : sql`+acervo_busca.rowid`;
  const cand = candidates(db, p, filtersWhere(p.filtros, key), sql`a.cod_acervo, a.titulo, a.autor, a.ano_publicacao`);
  if (!cand) return { total: 0, totalLimitado: false, resultados: [] };
  const offset = (p.pagina - 1) * p.qtd;
  const order = sql.raw(ORDER[p.ordenacao]);
  const { rows } = await sql<SearchHit & { total: number; pos: number | null }>`
    WITH cand AS MATERIALIZED (${cand}),
    ranked AS (
      SELECT cod_acervo, row_number() OVER (ORDER BY ${order}) AS pos
      FROM (SELECT cand.*, lower(titulo) AS titulo_ord, lower(autor) AS autor_ord FROM cand) c
      ORDER BY ${order} LIMIT ${p.qtd} OFFSET ${offset}
    ),
    page AS (
      SELECT a.cod_acervo, a.titulo, a.subtitulo, a.autor, a.editora, a.local_publicacao, a.ano_publicacao, a.edicao,
             a.cod_tipo_obra, a.idioma, a.isbn, a.chamada, a.link_capa, a.acesso_remoto, a.possui_acessibilidade, ranked.pos
      FROM ranked JOIN acervo a ON a.cod_acervo = ranked.cod_acervo
    ),
    copies AS (
      SELECT e.cod_acervo, count(*) AS exemplares,
             sum(CASE WHEN e.situacao = 'disponivel' THEN 1 ELSE 0 END) AS disponiveis
      FROM exemplar e WHERE e.cod_acervo IN (SELECT cod_acervo FROM page) GROUP BY e.cod_acervo
    )
    SELECT page.*, t.descricao AS desc_tipo_obra, n.total,
           coalesce(copies.exemplares, 0) AS exemplares, coalesce(copies.disponiveis, 0) AS disponiveis
    FROM (SELECT count(*) AS total FROM cand) n
    LEFT JOIN page ON 1 = 1
    LEFT JOIN tipo_obra t ON t.cod_tipo_obra = page.cod_tipo_obra
    LEFT JOIN copies ON copies.cod_acervo = page.cod_acervo
    ORDER BY page.pos`.execute(db);
  const counted = Number(rows[0]?.total ?? 0);
  const resultados = rows
    .filter((r) => r.cod_acervo != null)
    .map(({ total: _t, pos: _p, ...hit }) => ({ ...hit, exemplares: Number(hit.exemplares), disponiveis: Number(hit.disponiveis) }));
  return { total: Math.min(counted, CANDIDATE_CAP), totalLimitado: counted > CANDIDATE_CAP, resultados };
}

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
  /** More text matches than the candidate cap: counts are over the first CANDIDATE_CAP only (show "N+"). */
  totalLimitado: boolean;
  filtros: FacetValue[];
}

/** Values listed per facet type at most (by count; years by recency); selected values are always listed too. */
export const FACET_VALUES_MAX = 30;

/** Values listed of the high-cardinality derived types (R, P, C, A, E, S): the most frequent in the hit set. */
export const FACET_TOP_N = 20;

const isDerived = (t: FilterType): t is DerivedFacetType => (DERIVED_FACET_TYPES as readonly string[]).includes(t);

/**
 * Facet counts of a search in ONE SQL statement over the capped hit set (ADR 060, 068). Each candidate row gets
 * one 0/1 flag per filter type ("passes that type's selection"); a value's `total` counts rows passing every
 * flag, its `totalSemFiltro` rows passing every flag but its own type's. Multi-valued facets (library,
 * campus, only-with) join their values to the candidates; the derived types (R, P, C, A, E, S) are one join
 * of the candidates to `acervo_faceta` grouped by value id, ranked in SQL so only the top FACET_TOP_N per type
 * (plus the selected values) are labelled and returned.
 */
export async function searchFacets(db: Db, p: Pick<SearchParams, "termos" | "guia" | "filtros" | "opcoes">, lang: "pt" | "es" | "en"): Promise<FacetResult> {
  const types = filterTypesOf(p.guia);
  const lean = sql`a.cod_acervo, a.cod_tipo_obra, a.ano_publicacao, a.idioma, a.possui_acessibilidade, a.link_capa, a.acesso_remoto, a.classificacao`;
  const cand = candidates(db, p, sql``, lean, false);
  if (!cand) return { totalLimitado: false, filtros: [] };
  const selected = p.filtros ?? {};
  const flag = (t: FilterType) => sql.raw(`f_${t}`);
  // Only the types with a selection get a flag column; the others pass every row (constant 1).
  const flagged = types.filter((t) => selected[t]?.length);
  const flags = flagged.map((t) => sql`CASE WHEN ${filterCondition(t, selected[t]!)} THEN 1 ELSE 0 END AS ${flag(t)}`);
  const product = (list: FilterType[]) => (list.length ? sql.join(list.map(flag), sql` * `) : sql`1`);
  const all = product(flagged);
  const others = (t: FilterType) => product(flagged.filter((x) => x !== t));
  const group = (t: FilterType, value: RawBuilder<unknown>, from: RawBuilder<unknown>, where: RawBuilder<unknown> = sql`1 = 1`) =>
    sql`SELECT ${sql.lit(t)} AS tipo, ${value} AS codigo, NULL AS descricao, sum(${all}) AS total, count(*) AS sem
        FROM ${from} WHERE ${others(t)} = 1 AND ${where} GROUP BY ${value}`;
  const c = sql`c`;
  const parts: Partial<Record<FilterType, RawBuilder<unknown>>> = {
    T: group("T", sql`CAST(c.cod_tipo_obra AS TEXT)`, c),
    // A literal, not a parameter: PostgreSQL matches GROUP BY to the select list by text, and two parameters differ.
    Y: group("Y", sql`coalesce(CAST(c.ano_publicacao AS TEXT), ${sql.lit(NO_YEAR)})`, c),
    I: group("I", sql`coalesce(c.idioma, 'und')`, c),
    X: sql`SELECT 'X' AS tipo, x.codigo, NULL AS descricao, sum(${all}) AS total, count(*) AS sem FROM c
           JOIN (SELECT 'C' AS codigo UNION ALL SELECT 'O' UNION ALL SELECT 'A') x
             ON (x.codigo = 'C' AND c.has_capa = 1) OR (x.codigo = 'O' AND c.is_online = 1) OR (x.codigo = 'A' AND c.possui_acessibilidade = 'S')
           WHERE ${others("X")} = 1 GROUP BY x.codigo`,
    K: group("K", sql`c.classe`, c, sql`c.classe IS NOT NULL`),
    NA_A: group("NA_A", sql`c.classe`, c, sql`c.classe IS NOT NULL`),
    // One probe of the (title, library) index per candidate; DISTINCT counts a title once per library.
    B: group("B", sql`CAST(eb.cod_biblioteca AS TEXT)`, sql`(SELECT DISTINCT c.*, e.cod_biblioteca FROM c CROSS JOIN exemplar e WHERE e.cod_acervo = c.cod_acervo) eb`),
    NA_C: group("NA_C", sql`CAST(ec.cod_campus AS TEXT)`, sql`c JOIN (SELECT DISTINCT e.cod_acervo, bb.cod_campus FROM exemplar e JOIN biblioteca bb ON bb.cod_biblioteca = e.cod_biblioteca WHERE e.cod_acervo IN (SELECT cod_acervo FROM c)) ec ON ec.cod_acervo = c.cod_acervo`),
  };
  const derived = types.filter(isDerived);
  const unions = types.filter((t) => !isDerived(t)).map((t) => parts[t]!);
  if (derived.length) {
    // Every derived type in one pass: a candidate's rows in acervo_faceta are one range of the primary key.
    // CROSS JOIN keeps that order in SQLite (never a scan of the whole table by value).
    const othersOf = flagged.length ? sql`CASE af.tipo ${sql.join(derived.map((t) => sql`WHEN ${sql.lit(t)} THEN ${others(t)}`), sql` `)} END` : sql`1`;
    const chosen = derived.filter((t) => selected[t]?.length);
    const sel = chosen.length
      ? sql.join(chosen.map((t) => sql`SELECT cod_valor FROM faceta_valor WHERE tipo = ${sql.lit(t)} AND codigo IN (${sql.join(selected[t]!)})`), sql` UNION ALL `)
      : sql`SELECT CAST(NULL AS INTEGER) AS cod_valor WHERE 1 = 0`; // typed: PostgreSQL reads a bare NULL as text
    // acervo_faceta holds derived types only, and every tab offers them all: no filter on the type, and the
    // grouping is by the integer value id alone (the type comes with the label, after grouping).
    unions.push(sql`SELECT r.tipo, r.codigo, r.descricao, r.total, r.sem FROM (
        SELECT v.tipo, v.codigo, v.descricao, g.cod_valor, g.total, g.sem,
               row_number() OVER (PARTITION BY v.tipo ORDER BY g.sem DESC, g.cod_valor) AS rn
        FROM (
          SELECT af.cod_valor, sum(${all}) AS total, count(*) AS sem
          FROM c CROSS JOIN acervo_faceta af
          WHERE af.cod_acervo = c.cod_acervo AND ${othersOf} = 1
          GROUP BY af.cod_valor
        ) g JOIN faceta_valor v ON v.cod_valor = g.cod_valor
      ) r
      WHERE r.rn <= ${FACET_TOP_N} OR r.cod_valor IN (${sel})`);
  }
  const { rows } = await sql<{ tipo: FilterType; codigo: string; descricao: string | null; total: number; sem: number; n: number }>`
    WITH cand AS MATERIALIZED (${cand}),
    c AS MATERIALIZED (
      SELECT a.cod_acervo, a.cod_tipo_obra, a.ano_publicacao, a.idioma, a.possui_acessibilidade,
             CASE WHEN a.link_capa IS NOT NULL THEN 1 ELSE 0 END AS has_capa,
             CASE WHEN ${online} THEN 1 ELSE 0 END AS is_online,
             ${classExpr} AS classe
             ${flags.length ? sql`, ${sql.join(flags, sql`, `)}` : sql``}
      FROM cand a
    ),
    facets AS (${sql.join(unions, sql` UNION ALL `)})
    SELECT facets.*, (SELECT count(*) FROM cand) AS n FROM facets`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  const labels = await facetLabels(db, rows, lang);
  const filtros: FacetValue[] = [];
  for (const t of types) {
    const mine = rows.filter((r) => r.tipo === t).map((r) => ({ ...r, total: Number(r.total), sem: Number(r.sem) }));
    mine.sort(t === "Y" ? yearOrder : (a, b) => b.sem - a.sem || a.codigo.localeCompare(b.codigo));
    const sel = selected[t] ?? [];
    // Selected values always stay listed, so they can be seen and removed; so does "no date" (spec §4).
    const shown = mine.filter((r, i) => i < FACET_VALUES_MAX || sel.includes(r.codigo) || (t === "Y" && r.codigo === NO_YEAR));
    for (const r of shown) {
      filtros.push({ tipo: t, codigo: r.codigo, descricao: r.descricao ?? labels(t, r.codigo), total: r.total, totalSemFiltro: r.sem, selecionado: sel.includes(r.codigo) });
    }
  }
  return { totalLimitado: n > CANDIDATE_CAP, filtros };
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
    ids("T").length ? db.selectFrom("tipo_obra").select(["cod_tipo_obra as id", "descricao as nome"]).where("cod_tipo_obra", "in", ids("T")).execute() : [],
    ids("B").length ? db.selectFrom("biblioteca").select(["cod_biblioteca as id", "desc_biblioteca as nome"]).where("cod_biblioteca", "in", ids("B")).execute() : [],
    ids("NA_C").length ? db.selectFrom("campus").select(["cod_campus as id", "nome_campus as nome"]).where("cod_campus", "in", ids("NA_C")).execute() : [],
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

/** Reads the leader, subjects and genre/form headings of a stored MARC-in-JSON record. */
function guideSource(marc: string, assuntos: string): GuideSource {
  const src: GuideSource = { leader: "", assuntos: jsonList(assuntos), formas: [] };
  try {
    const rec = JSON.parse(marc) as { leader?: string; fields?: Array<Record<string, unknown>> };
    src.leader = rec.leader ?? "";
    for (const f of rec.fields ?? []) {
      const [tag, body] = Object.entries(f)[0] ?? [];
      if (!tag || !/^6\d\d$/.test(tag) || typeof body !== "object" || body === null) continue;
      for (const sf of (body as { subfields?: Array<Record<string, string>> }).subfields ?? []) {
        const [code, value] = Object.entries(sf)[0] ?? [];
        if (code === "v" || (tag === "655" && code === "a")) src.formas.push(String(value));
      }
    }
  } catch {
    // A record that is not MARC-in-JSON simply belongs to no MARC-derived tab.
  }
  return src;
}

/**
 * Recomputes the derived facet values (acervo_faceta, faceta_valor; ADR 068) of the given titles, or of every
 * title when omitted. Values are shared: a new (type, code) gets an id once and keeps its first label.
 */
export async function reindexFacets(db: Kysely<any>, codAcervos?: number[]): Promise<void> {
  const run = async (ids: number[]) => {
    const [rows, links] = await Promise.all([
      db.selectFrom("acervo").select(["cod_acervo", "autor", "autores_secundarios", "assuntos", "editora", "local_publicacao", "serie", "marc"]).where("cod_acervo", "in", ids).execute(),
      db.selectFrom("acervo_link").select(["cod_acervo", "url"]).where("cod_acervo", "in", ids).execute(),
    ]);
    const linksOf = new Map<number, string[]>();
    for (const l of links as Array<{ cod_acervo: number; url: string }>) linksOf.set(l.cod_acervo, [...(linksOf.get(l.cod_acervo) ?? []), l.url]);
    const perTitle = (rows as Array<Parameters<typeof derivedFacets>[0] & { cod_acervo: number }>).map((r) => ({
      cod_acervo: r.cod_acervo,
      values: derivedFacets({ ...r, links: linksOf.get(r.cod_acervo) ?? [] }),
    }));
    const distinct = new Map(perTitle.flatMap((t) => t.values).map((v) => [`${v.tipo}:${v.codigo}`, v]));
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("acervo_faceta").where("cod_acervo", "in", ids).execute();
      const all = [...distinct.values()];
      const idOf = new Map<string, number>();
      // Bound parameters per statement stay well under SQLite's limit.
      for (let i = 0; i < all.length; i += 200) {
        const chunk = all.slice(i, i + 200);
        await trx.insertInto("faceta_valor").values(chunk).onConflict((oc) => oc.columns(["tipo", "codigo"]).doNothing()).execute();
        for (const tipo of DERIVED_FACET_TYPES) {
          const codes = chunk.filter((v) => v.tipo === tipo).map((v) => v.codigo);
          if (!codes.length) continue;
          const found = (await trx.selectFrom("faceta_valor").select(["cod_valor", "codigo"]).where("tipo", "=", tipo).where("codigo", "in", codes).execute()) as Array<{ cod_valor: number; codigo: string }>;
          for (const f of found) idOf.set(`${tipo}:${f.codigo}`, f.cod_valor);
        }
      }
      const links = perTitle.flatMap((t) => t.values.map((v) => ({ cod_acervo: t.cod_acervo, tipo: v.tipo, cod_valor: idOf.get(`${v.tipo}:${v.codigo}`)! })));
      for (let i = 0; i < links.length; i += 300) await trx.insertInto("acervo_faceta").values(links.slice(i, i + 300)).execute();
    });
  };
  await forEachBatch(db, codAcervos, run);
}

/** Runs `run` over the given titles (or every title) in batches of BATCH ids. */
async function forEachBatch(db: Kysely<any>, codAcervos: number[] | undefined, run: (ids: number[]) => Promise<void>) {
  if (codAcervos) {
    for (let i = 0; i < codAcervos.length; i += BATCH) await run(codAcervos.slice(i, i + BATCH));
    return;
  }
  let last = 0;
  for (;;) {
    const ids = (await db.selectFrom("acervo").select("cod_acervo").where("cod_acervo", ">", last).orderBy("cod_acervo").limit(BATCH).execute()) as Array<{ cod_acervo: number }>;
    if (ids.length === 0) return;
    await run(ids.map((r) => r.cod_acervo));
    last = ids[ids.length - 1].cod_acervo;
  }
}

/** Recomputes the tables derived from each title: its MARC-derived tabs (acervo_guia) and browse entries (indice_entrada). */
export async function reindexGuides(db: Kysely<any>, codAcervos?: number[]): Promise<void> {
  const run = async (ids: number[]) => {
    const rows = (await db
      .selectFrom("acervo")
      .select(["cod_acervo", "marc", "assuntos", "titulo", "subtitulo", "serie", "autor", "autores_secundarios", "chamada", "isbn", "issn"])
      .where("cod_acervo", "in", ids)
      .execute()) as Array<BrowseSource & { cod_acervo: number; marc: string; assuntos: string }>;
    const guides = rows.flatMap((r) => guidesOf(guideSource(r.marc, r.assuntos)).map((guia) => ({ guia, cod_acervo: r.cod_acervo })));
    const entries = rows.flatMap((r) => browseEntries(r).map((e) => ({ ...e, cod_acervo: r.cod_acervo })));
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("acervo_guia").where("cod_acervo", "in", ids).execute();
      await trx.deleteFrom("indice_entrada").where("cod_acervo", "in", ids).execute();
      if (guides.length) await trx.insertInto("acervo_guia").values(guides).execute();
      // Bound parameters per statement stay well under SQLite's limit.
      for (let i = 0; i < entries.length; i += 200) await trx.insertInto("indice_entrada").values(entries.slice(i, i + 200)).execute();
    });
  };
  await forEachBatch(db, codAcervos, run);
}
