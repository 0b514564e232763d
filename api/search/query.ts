import { sql, type RawBuilder } from "kysely";
import { dialectOf, type Db } from "../db/index.ts";
import { NEW_ACQUISITIONS_DAYS, NO_YEAR, type FilterType, type SelectedFilters } from "./filters.ts";
import type { TabOptionValues } from "./tab-options.ts";
import { tabOptionsWhere } from "./tab-options-store.ts";
import { fold, queryAlternatives, words } from "./text.ts";

/**
 * Ranking and counting look at no more than this many matching titles (ADR 012). Below the cap,
 * `total` is exact; at the cap the API answers `total: CANDIDATE_CAP, totalLimitado: true`.
 */
export const CANDIDATE_CAP = 5000;

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

export const online = sql`(a.acesso_remoto = 'cr' OR EXISTS (SELECT 1 FROM acervo_link l WHERE l.cod_acervo = a.cod_acervo))`;
export const classExpr = sql`upper(substr(trim(a.classificacao), 1, 1))`;

/**
 * The SQL condition one filter type's selected values put on alias `a` (OR within the type). `key` is the
 * title id the derived types test (by default `a.cod_acervo`).
 */
export function filterCondition(type: FilterType, values: string[], key?: RawBuilder<unknown>): RawBuilder<unknown> {
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
export function candidates(
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
