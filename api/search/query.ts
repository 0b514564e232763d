import { sql, type RawBuilder } from "kysely";
import { dialectOf, type Db } from "../db/index.ts";
import { NEW_ACQUISITIONS_DAYS, NO_YEAR, type FilterType, type SelectedFilters } from "./filters.ts";
import type { TabOptionValues } from "./tab-options.ts";
import { tabOptionsWhere } from "./tab-options-store.ts";
import { fold, queryAlternatives, words } from "./text.ts";

/**
 * The network catalogue's search (api/db/network.ts) still ranks and counts at most this many matches
 * (ADR 012). The home catalogue's search has no cap (ADR 105).
 */
export const CANDIDATE_CAP = 5000;

/** Shortest word of a contains-any term (spec §5, §9); shorter words are left out of it. */
export const ANY_MIN = 3;

export type SearchKind = "livre" | "titulo" | "assunto" | "autor";
export type SearchOrder = "C" | "T" | "A" | "Y";

/** One term of a search: its words and the field it looks in. */
export interface SearchTerm {
  termo: string;
  tipo: SearchKind;
  /** "todas" (default): every word must match; "qualquer": contains-any, words of ANY_MIN letters or more. */
  modo?: "todas" | "qualquer";
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
export function fts5Query(ws: string[], tipo: SearchKind, any = false): string {
  const col = COLUMN[tipo];
  return ws
    .map((w, i) => {
      const alts = queryAlternatives(w).map((a) => `"${a}"`);
      if (i === ws.length - 1 && fold(w).length >= 3) alts.push(`"${fold(w)}"*`);
      const group = `(${alts.join(" OR ")})`;
      return col ? `${col} : ${group}` : group;
    })
    .join(any ? " OR " : " AND ");
}

/** PostgreSQL to_tsquery expression over the same pre-stemmed tokens. */
export function tsQuery(ws: string[], tipo: SearchKind, any = false): string {
  const weight = PG_WEIGHT[tipo];
  return ws
    .map((w, i) => {
      const alts = queryAlternatives(w).map((a) => `${a}${weight}`);
      if (i === ws.length - 1 && fold(w).length >= 3) alts.push(`${fold(w)}:*${weight.slice(1)}`);
      return `(${alts.join(" | ")})`;
    })
    .join(any ? " | " : " & ");
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

/**
 * Each order's key over `busca_ordem o` (ADR 105). Every order ends with the title id, so it is total and a
 * page boundary never depends on the plan. Relevance is tiered (exact title, words in the title, the rest; see
 * `searchAcervos`); within a tier, shorter titles first: the query is a larger share of them.
 */
const ORDER: Record<SearchOrder, RawBuilder<unknown>> = {
  C: sql`o.palavras, o.cod_acervo`,
  T: sql`o.titulo_ord, o.cod_acervo`,
  A: sql`o.sem_autor, o.autor_ord, o.cod_acervo`,
  Y: sql`o.ano_ord DESC, o.cod_acervo`,
};

/**
 * Size thresholds of the search's strategies. They change the work done, never the answer (the tests run the
 * same searches with tiny thresholds and compare). Tests and benches may lower them; nothing else changes them.
 */
export const searchLimits = {
  /**
   * Up to this many matches are sorted directly; a tier with more walks its order's index instead, testing each
   * title against the text index, and stops after the page (a broad term fills a page after a few dozen titles).
   */
  directMax: 20_000,
  /** Facet counts are exact up to this many text matches; above, they are estimated from a sample. */
  facetExactMax: 20_000,
  /** Expected size of that sample. */
  facetSample: 8_000,
};

/** A text query in the database's own syntax (FTS5 MATCH or to_tsquery). */
type TextQuery = string;

interface Compiled {
  /** Every term. */
  all: TextQuery;
  /** The terms with the free ones restricted to the title: the first relevance tiers. Null when no term is free or title. */
  title: TextQuery | null;
  /** The matches that are not title matches (`all` minus `title`). */
  rest: TextQuery | null;
  /** The folded query words when one term looks in the title or everywhere: its exact-title matches come first. */
  exactKey: string | null;
}

/** The words of each term, without the terms left with none (contains-any drops words under its minimum). */
function termWords(termos: SearchTerm[]) {
  return termos
    .map((t) => ({ ...t, ws: t.modo === "qualquer" ? queryWords(t.termo).filter((w) => w.length >= ANY_MIN) : queryWords(t.termo) }))
    .filter((t) => t.ws.length > 0);
}

function compile(db: Db, termos: SearchTerm[]): Compiled | null {
  const terms = termWords(termos);
  if (terms.length === 0) return null;
  const pg = dialectOf(db) === "postgres";
  const one = (ws: string[], tipo: SearchKind, any: boolean) => (pg ? tsQuery(ws, tipo, any) : fts5Query(ws, tipo, any));
  const and = pg ? " & " : " AND ";
  const all = terms.map((t) => `(${one(t.ws, t.tipo, t.modo === "qualquer")})`).join(and);
  const titled = terms.some((t) => t.tipo === "livre");
  const title = titled ? terms.map((t) => `(${one(t.ws, t.tipo === "livre" ? "titulo" : t.tipo, t.modo === "qualquer")})`).join(and) : null;
  const rest = title ? (pg ? `(${all}) & !(${title})` : `(${all}) NOT (${title})`) : null;
  const single = terms.length === 1 && (terms[0].tipo === "livre" || terms[0].tipo === "titulo") && terms[0].modo !== "qualquer";
  return { all, title: title ?? (single ? all : null), rest, exactKey: single ? terms[0].ws.map(fold).join(" ") : null };
}

/**
 * `id IN (titles matching q)`. The set is built once per statement (in SQLite an ephemeral index, in C, about
 * as fast as counting the matches) and each title of the walk is one lookup in it. A probe of the text index
 * per title is not used: with the last word's prefix it costs milliseconds per title in FTS5.
 */
function inMatches(db: Db, q: TextQuery, id: RawBuilder<unknown>): RawBuilder<unknown> {
  return dialectOf(db) === "postgres"
    ? sql`${id} IN (SELECT b.cod_acervo FROM acervo_busca b WHERE b.documento @@ to_tsquery('simple', ${q}))`
    : sql`${id} IN (SELECT rowid FROM acervo_busca WHERE acervo_busca MATCH ${q})`;
}

/** Whether the tab, its options or the filters test the title's own row (`acervo a`), not only its id. */
function needsRow(p: Pick<SearchParams, "guia" | "opcoes" | "filtros">): boolean {
  const rowTypes = Object.entries(p.filtros ?? {}).filter(([t, v]) => v?.length && !KEY_FILTERS.has(t as FilterType));
  return ROW_TABS.has(p.guia ?? "") || Object.values(p.opcoes ?? {}).some(Boolean) || rowTypes.length > 0;
}

/** The tabs whose rule (guiaFilter) tests the title's row. */
const ROW_TABS = new Set(["ebooks", "acessibilidade", "arquivo", "atos", "jurisprudencia", "aquisicoes"]);

/** Filter types tested on the title id alone (sets read through their own index). */
const KEY_FILTERS = new Set<FilterType>(["Y", "R", "P", "C", "A", "E", "S"]);

/**
 * The ids of the titles matching `q` under the tab, its options, the filters and `extra`, as a subquery
 * (`id`). The text index drives it; the title's row is read only when a condition needs it.
 */
function matchIds(db: Db, q: TextQuery, p: Pick<SearchParams, "guia" | "opcoes" | "filtros">, extra: RawBuilder<unknown> = sql``): RawBuilder<unknown> {
  const pg = dialectOf(db) === "postgres";
  // The year and derived filters test the text index's row id, so SQLite applies them before reading acervo
  // (the unary + keeps FTS5 from taking the IN list as a row-id lookup).
  const key = pg ? sql`b.cod_acervo` : sql`+acervo_busca.rowid`;
  const conds = sql`${guiaFilter(p.guia)} ${tabOptionsWhere(p.opcoes)} ${filtersWhere(p.filtros, key)} ${extra}`;
  const row = needsRow(p);
  if (pg) {
    return sql`SELECT b.cod_acervo AS id FROM acervo_busca b ${row ? sql`JOIN acervo a ON a.cod_acervo = b.cod_acervo` : sql``}
               WHERE b.documento @@ to_tsquery('simple', ${q}) ${conds}`;
  }
  return sql`SELECT acervo_busca.rowid AS id FROM acervo_busca ${row ? sql`JOIN acervo a ON a.cod_acervo = acervo_busca.rowid` : sql``}
             WHERE acervo_busca MATCH ${q} ${conds}`;
}

async function countOf(db: Db, ids: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM (${ids}) m`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * One page (`take` titles after `skip`) of the titles matching `q`, in `order`: sorted directly when the
 * tier has at most `searchLimits.directMax` titles, otherwise by walking the order's index and looking each
 * title up in the match set. Both give the same titles in the same order.
 */
async function tierPage(
  db: Db,
  q: TextQuery,
  size: number,
  p: Pick<SearchParams, "guia" | "opcoes" | "filtros">,
  order: RawBuilder<unknown>,
  skip: number,
  take: number,
  notKey: string | null,
): Promise<number[]> {
  const pg = dialectOf(db) === "postgres";
  const excludeExact = notKey === null ? sql`` : sql`AND o.chave_titulo <> ${notKey}`;
  if (size <= searchLimits.directMax) {
    const { rows } = await sql<{ id: number }>`
      SELECT o.cod_acervo AS id FROM (${matchIds(db, q, p)}) m JOIN busca_ordem o ON o.cod_acervo = m.id
      WHERE 1 = 1 ${excludeExact} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`.execute(db);
    return rows.map((r) => Number(r.id));
  }
  const key = pg ? sql`o.cod_acervo` : sql`+o.cod_acervo`;
  const row = needsRow(p);
  // CROSS JOIN keeps busca_ordem outermost in SQLite, so its index gives the order and the walk stops early.
  const { rows } = await sql<{ id: number }>`
    SELECT o.cod_acervo AS id FROM busca_ordem o ${row ? sql`CROSS JOIN acervo a` : sql``}
    WHERE ${row ? sql`a.cod_acervo = o.cod_acervo AND` : sql``} ${inMatches(db, q, key)} ${excludeExact}
      ${guiaFilter(p.guia)} ${tabOptionsWhere(p.opcoes)} ${filtersWhere(p.filtros, key)}
    ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`.execute(db);
  return rows.map((r) => Number(r.id));
}

/**
 * Runs one catalogue search over every match (ADR 105): the exact total, and the page of the requested
 * order computed over all matches. Relevance is tiered: titles whose whole title is the query (folded), then
 * titles with every word in the title, then the other matches; within a tier, shorter titles first.
 */
export async function searchAcervos(db: Db, p: SearchParams): Promise<SearchResult> {
  const c = compile(db, p.termos);
  if (!c) return { total: 0, totalLimitado: false, resultados: [] };
  const total = await countOf(db, matchIds(db, c.all, p));
  const offset = (p.pagina - 1) * p.qtd;
  if (offset >= total) return { total, totalLimitado: false, resultados: [] };
  const ids: number[] = [];
  let skip = offset;
  let need = Math.min(p.qtd, total - offset);
  const take = async (q: TextQuery, size: number, notKey: string | null) => {
    if (need <= 0) return;
    if (skip >= size) {
      skip -= size;
      return;
    }
    const got = await tierPage(db, q, size, p, ORDER[p.ordenacao === "C" ? "C" : p.ordenacao], skip, Math.min(need, size - skip), notKey);
    ids.push(...got);
    need -= got.length;
    skip = 0;
  };
  if (p.ordenacao === "C" && c.title) {
    let exact: number[] = [];
    if (c.exactKey) {
      const pg = dialectOf(db) === "postgres";
      const key = pg ? sql`o.cod_acervo` : sql`+o.cod_acervo`;
      const row = needsRow(p);
      // A title whose words are the query's words matches the text query by construction: only the tab,
      // options and filters are tested.
      const { rows } = await sql<{ id: number }>`
        SELECT o.cod_acervo AS id FROM busca_ordem o ${row ? sql`JOIN acervo a ON a.cod_acervo = o.cod_acervo` : sql``}
        WHERE o.chave_titulo = ${c.exactKey}
          ${guiaFilter(p.guia)} ${tabOptionsWhere(p.opcoes)} ${filtersWhere(p.filtros, key)}
        ORDER BY o.cod_acervo`.execute(db);
      exact = rows.map((r) => Number(r.id));
      const shown = exact.slice(skip, skip + need);
      ids.push(...shown);
      need -= shown.length;
      skip = Math.max(0, skip - exact.length);
    }
    const inTitle = c.title === c.all ? total : await countOf(db, matchIds(db, c.title, p));
    await take(c.title, inTitle - exact.length, c.exactKey);
    if (c.rest && inTitle < total) await take(c.rest, total - inTitle, null);
  } else {
    await take(c.all, total, null);
  }
  return { total, totalLimitado: false, resultados: await hitsOf(db, ids) };
}

/** The exact number of titles a search finds (no page is read). */
export async function searchCount(db: Db, p: Pick<SearchParams, "termos" | "guia" | "opcoes" | "filtros">): Promise<number> {
  const c = compile(db, p.termos);
  return c ? countOf(db, matchIds(db, c.all, p)) : 0;
}

/** The result rows of the given titles, in the given order, with their copy counts. */
export async function hitsOf(db: Db, ids: number[]): Promise<SearchHit[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<SearchHit>`
    SELECT a.cod_acervo, a.titulo, a.subtitulo, a.autor, a.editora, a.local_publicacao, a.ano_publicacao, a.edicao,
           a.cod_tipo_obra, a.idioma, a.isbn, a.chamada, a.link_capa, a.acesso_remoto, a.possui_acessibilidade,
           t.descricao AS desc_tipo_obra,
           (SELECT count(*) FROM exemplar e WHERE e.cod_acervo = a.cod_acervo) AS exemplares,
           (SELECT count(*) FROM exemplar e WHERE e.cod_acervo = a.cod_acervo AND e.situacao = 'disponivel') AS disponiveis
    FROM acervo a LEFT JOIN tipo_obra t ON t.cod_tipo_obra = a.cod_tipo_obra
    WHERE a.cod_acervo IN (${sql.join(ids)})`.execute(db);
  const byId = new Map(rows.map((r) => [Number(r.cod_acervo), { ...r, exemplares: Number(r.exemplares), disponiveis: Number(r.disponiveis) }]));
  return ids.map((id) => byId.get(id)).filter((h): h is SearchHit => !!h);
}

const HASH_BUCKETS = 65_536;

/**
 * Whether a title falls in the facet sample: a multiplicative (Fibonacci) hash of its id below `k` of
 * HASH_BUCKETS buckets. The hash scatters consecutive ids (an import batch, a collection) over every bucket,
 * so the sample is a uniform draw of the whole hit set, never a prefix of it.
 */
function inSample(db: Db, id: RawBuilder<unknown>, k: number): RawBuilder<unknown> {
  return dialectOf(db) === "postgres"
    ? sql`AND ((${id})::bigint * 2654435761) % ${sql.lit(HASH_BUCKETS)} < ${sql.lit(k)}`
    : sql`AND (${id} * 2654435761) % ${sql.lit(HASH_BUCKETS)} < ${sql.lit(k)}`;
}

/** How a facet count is taken: every text match (`k` null), or the sample of `k` buckets of `n` matches. */
export interface FacetScope {
  /** Text matches under the tab and its options (filters not applied). */
  n: number;
  k: number | null;
}

/** The text matches (tab and options applied, filters not) the facets count, and whether they are sampled. */
export async function facetScope(db: Db, p: Pick<SearchParams, "termos" | "guia" | "opcoes">): Promise<FacetScope | null> {
  const c = compile(db, p.termos);
  if (!c) return null;
  const n = await countOf(db, matchIds(db, c.all, { guia: p.guia, opcoes: p.opcoes }));
  return { n, k: n > searchLimits.facetExactMax ? Math.min(HASH_BUCKETS, Math.ceil((HASH_BUCKETS * searchLimits.facetSample) / n)) : null };
}

/** The rows (`lean` columns of `acervo a`) the facets count: every text match, or the scope's sample. */
export function facetCandidates(db: Db, p: Pick<SearchParams, "termos" | "guia" | "opcoes">, lean: RawBuilder<unknown>, scope: FacetScope): RawBuilder<unknown> | null {
  const c = compile(db, p.termos);
  if (!c) return null;
  const conds = sql`${guiaFilter(p.guia)} ${tabOptionsWhere(p.opcoes)}`;
  if (dialectOf(db) === "postgres") {
    return sql`SELECT ${lean} FROM acervo_busca b JOIN acervo a ON a.cod_acervo = b.cod_acervo
               WHERE b.documento @@ to_tsquery('simple', ${c.all}) ${conds} ${scope.k === null ? sql`` : inSample(db, sql`b.cod_acervo`, scope.k)}`;
  }
  return sql`SELECT ${lean} FROM acervo_busca JOIN acervo a ON a.cod_acervo = acervo_busca.rowid
             WHERE acervo_busca MATCH ${c.all} ${conds} ${scope.k === null ? sql`` : inSample(db, sql`acervo_busca.rowid`, scope.k)}`;
}
