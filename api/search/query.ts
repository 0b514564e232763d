import { sql, type RawBuilder } from "kysely";
import { MIN_ANY_WORD_LENGTH } from "../../contract/search-terms.ts";
import { dialectOf, firstColumn, type Db } from "../db/index.ts";
import { NEW_ACQUISITIONS_DAYS, NO_YEAR, type FilterType, type SelectedFilters } from "./filters.ts";
import type { TabOptionValues } from "./tab-options.ts";
import { tabOptionsWhere } from "./tab-options-store.ts";
import { KEY_SCOPE_FIELDS } from "./scope-options.ts";
import { fold, indexesPatronStems, indexText, patronStem, queryAlternatives, stemmersFor, words } from "./text.ts";
import { prefixTerms, textGeneration } from "./terms.ts";
import { columnQuery, currentSeq, facetColumns, passingIds } from "./facet-columns.ts";
import { classExpr, idList } from "./sql-fragments.ts";
import { parseTerm, queryWords, type WordGroup } from "./operators.ts";

export { queryWords };

/**
 * The network catalogue's search (api/search/network.ts) still ranks and counts at most this many matches
 * (ADR 012). The home catalogue's search has no cap (ADR 105).
 */
export const CANDIDATE_CAP = 5000;

export type SearchKind = "livre" | "titulo" | "assunto" | "autor";
/** C relevance, T title, A author, Y newest year, O oldest year, E newest acquisitions, N call number (ADR 251). */
export type SearchOrder = "C" | "T" | "A" | "Y" | "O" | "E" | "N";
/** The orderings of the network search (its records have no copies nor dates added). */
export type NetworkOrder = "C" | "T" | "A" | "Y";

/** One term of a search: its words and the field it looks in. */
export interface SearchTerm {
  termo: string;
  tipo: SearchKind;
  /** "todas" (default): every word must match; "qualquer": contains-any, words of MIN_ANY_WORD_LENGTH letters or more. */
  modo?: "todas" | "qualquer";
  /**
   * How this term joins the terms before it (the advanced search's rows, ADR 257): "and" (the default), "or",
   * "not" (titles matching the terms before it, less this term's). Read left to right, without precedence:
   * A OR B AND C is (A OR B) AND C. The first term's is ignored, except "not": a NOT with nothing before it has
   * nothing to exclude from, and that term is left out.
   */
  operator?: RowOperator;
}

/** How an advanced search's row joins the rows before it (ADR 257). */
export type RowOperator = "and" | "or" | "not";

/** The operators' wire codes (`op_autor`, `op_assunto`; ADR 257): E (AND), OU (OR), NAO (NOT). */
export const ROW_OPERATOR_CODES = { E: "and", OU: "or", NAO: "not" } as const satisfies Record<string, RowOperator>;

/** A wire code's operator; undefined (AND) for E, a missing or an unknown code. */
export function rowOperatorOf(code: string | null | undefined): RowOperator | undefined {
  const op = code && Object.hasOwn(ROW_OPERATOR_CODES, code) ? ROW_OPERATOR_CODES[code as keyof typeof ROW_OPERATOR_CODES] : undefined;
  return op === "and" ? undefined : op;
}

/**
 * The terms' text queries joined left to right by their operators (ADR 257): each step wraps what came before
 * in parentheses, because FTS5 and to_tsquery bind NOT before AND before OR, and the rows read as typed.
 */
export function joinTerms(parts: readonly string[], operators: ReadonlyArray<RowOperator | undefined>, pg: boolean): string {
  const join = pg ? { and: " & (", or: " | (", not: " & !(" } : { and: " AND (", or: " OR (", not: " NOT (" };
  return parts.slice(1).reduce((acc, part, i) => `(${acc})${join[operators[i + 1] ?? "and"]}${part})`, parts[0]);
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
  /** The patron's language (API code: pt, en, es, fr, it; pt when absent): its stems rank before other languages' (ADR 250). */
  lingua?: string;
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
  /** Editions of the hit's work, itself included (ADR 244); a search's hits have it, a browse list's not. */
  edicoes?: number;
}

export interface SearchResult {
  total: number;
  totalLimitado: boolean;
  resultados: SearchHit[];
}

const COLUMN: Record<SearchKind, string | null> = { livre: null, titulo: "titulo", autor: "autor", assunto: "assunto" };
const PG_WEIGHT: Record<SearchKind, string> = { livre: "", titulo: ":A", autor: ":B", assunto: ":C" };

/**
 * FTS5 MATCH expression: AND across words, OR within a word's alternatives, prefix on the last. `prefixes`
 * gives, per folded last word, the index terms it is a prefix of (ADR 105): those exact terms then replace
 * FTS5's prefix query, which re-reads every matching term's postings on each evaluation.
 */
export function fts5Query(ws: string[], tipo: SearchKind, any = false, prefixes?: ReadonlyMap<string, readonly string[]>): string {
  const col = COLUMN[tipo];
  return ws
    .map((w, i) => {
      const plain = queryAlternatives(w);
      const alts = plain.map((a) => `"${a}"`);
      const f = fold(w);
      if (i === ws.length - 1 && f.length >= 3) {
        const terms = prefixes?.get(f);
        if (terms) alts.push(...terms.filter((t) => !plain.includes(t)).map((t) => `"${t}"`));
        else alts.push(`"${f}"*`);
      }
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

/** A term's alternatives (ADR 223): which word, if any, is also a prefix (the last word typed, when wanted). */
interface TermGroups {
  groups: WordGroup[];
  lastIsPrefix: boolean;
}

/** Whether word `i` of group `g` is the term's prefix word. */
const isPrefix = (t: TermGroups, g: number, i: number) =>
  t.lastIsPrefix && g === t.groups.length - 1 && i === t.groups[g].pos.length - 1 && fold(t.groups[g].pos[i]).length >= 3;

/**
 * FTS5 MATCH expression of a term's alternatives (OR), each its wanted words (AND, in `tipo`'s column) less its
 * unwanted ones (NOT, in `notTipo`'s column: the title tier wants the words in the title and none anywhere).
 */
export function fts5Groups(t: TermGroups, tipo: SearchKind, notTipo: SearchKind, prefixes?: ReadonlyMap<string, readonly string[]>): string {
  const col = COLUMN[tipo];
  const notCol = COLUMN[notTipo];
  const word = (w: string, prefix: boolean, c: string | null) => {
    const plain = queryAlternatives(w);
    const alts = plain.map((a) => `"${a}"`);
    if (prefix) {
      const terms = prefixes?.get(fold(w));
      if (terms) alts.push(...terms.filter((x) => !plain.includes(x)).map((x) => `"${x}"`));
      else alts.push(`"${fold(w)}"*`);
    }
    return c ? `${c} : (${alts.join(" OR ")})` : `(${alts.join(" OR ")})`;
  };
  return t.groups
    .map((g, gi) => {
      const pos = g.pos.map((w, i) => word(w, isPrefix(t, gi, i), col)).join(" AND ");
      return g.neg.length ? `((${pos}) NOT (${g.neg.map((w) => word(w, false, notCol)).join(" OR ")}))` : `(${pos})`;
    })
    .join(" OR ");
}

/** PostgreSQL to_tsquery expression of a term's alternatives, as `fts5Groups`. */
export function tsGroups(t: TermGroups, tipo: SearchKind, notTipo: SearchKind): string {
  const word = (w: string, prefix: boolean, weight: string) => {
    const alts = queryAlternatives(w).map((a) => `${a}${weight}`);
    if (prefix) alts.push(`${fold(w)}:*${weight.slice(1)}`);
    return `(${alts.join(" | ")})`;
  };
  return t.groups
    .map((g, gi) => {
      const parts = g.pos.map((w, i) => word(w, isPrefix(t, gi, i), PG_WEIGHT[tipo]));
      for (const w of g.neg) parts.push(`!${word(w, false, PG_WEIGHT[notTipo])}`);
      return `(${parts.join(" & ")})`;
    })
    .join(" | ");
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
/**
 * The SQL condition one filter type's selected values put on alias `a` (OR within the type). `key` is the
 * title id the derived types test (by default `a.cod_acervo`). `correlated`: each title is looked up on its
 * own (its row, its facet values by primary key) instead of in a set of every title with the values, for a
 * search driven by a few titles (ADR 105).
 */
export function filterCondition(type: FilterType, values: string[], key?: RawBuilder<unknown>, correlated = false): RawBuilder<unknown> {
  const ints = () => values.map(Number);
  switch (type) {
    case "T":
      return sql`a.cod_tipo_obra IN (${sql.join(ints())})`;
    case "Y": {
      const years = values.filter((v) => v !== NO_YEAR).map(Number);
      if (key && !correlated) {
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
      if (correlated) {
        return sql`EXISTS (SELECT 1 FROM acervo_faceta af WHERE af.cod_acervo = ${key ?? sql`a.cod_acervo`} AND af.tipo = ${type}
                           AND af.cod_valor IN (SELECT v.cod_valor FROM faceta_valor v WHERE v.tipo = ${type} AND v.codigo IN (${sql.join(values)})))`;
      }
      // An uncorrelated list: the titles of the selected values are read once (index by value), then each
      // candidate is a probe into that in-memory set, not a query of its own.
      return sql`${key ?? sql`a.cod_acervo`} IN (SELECT af.cod_acervo FROM faceta_valor v JOIN acervo_faceta af ON af.cod_valor = v.cod_valor
                         WHERE v.tipo = ${type} AND v.codigo IN (${sql.join(values)}))`;
  }
}

/** `AND …` for every selected filter type (AND across types); `key` and `correlated` as in filterCondition. */
function filtersWhere(filtros: SelectedFilters | undefined, key?: RawBuilder<unknown>, correlated = false): RawBuilder<unknown> {
  const parts = Object.entries(filtros ?? {})
    .filter(([, v]) => v && v.length)
    .map(([type, v]) => sql`AND ${filterCondition(type as FilterType, v!, key, correlated)}`);
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
  // Oldest first: titles without a year (ano_ord -1) still come last; migration 113 indexes this very expression.
  O: sql`CASE WHEN o.ano_ord < 0 THEN 1 ELSE 0 END, o.ano_ord, o.cod_acervo`,
  // Date added, newest first: a title's id is given as it enters the catalogue (its created_at is that moment and
  // never changes), so the id's order is the entry order, read from the primary key with no other row (ADR 251).
  E: sql`o.cod_acervo DESC`,
  // Call number: the smallest call number of the title's copies, kept in `chamada_ord` by triggers on the copies;
  // titles without a copy's call number last (ADR 251); migration 114 indexes this very expression (ADR 271).
  N: sql`CASE WHEN o.chamada_ord IS NULL THEN 1 ELSE 0 END, o.chamada_ord, o.cod_acervo`,
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
  /**
   * A walk probes each title it reads in the text index when it expects to read at most this many; beyond, it
   * builds the match set once and looks each title up in it (SQLite).
   */
  probeMax: 5_000,
  /** A selected filter with at most this many titles may drive the search (SQLite; see `Plan`). */
  driveMax: 20_000,
  /**
   * A relevance page is read from the title tier's best level in the order's own order (`levelZeroPage`, ADR 259)
   * when at least this many titles are listed; fewer are grouped in full at once, which costs no more.
   */
  walkMin: 1_000,
  /** Titles of the first chunk such a walk classifies; each next chunk doubles. */
  walkChunk: 256,
  /**
   * Listed matches from which the title tier is found by another pass of the text index (its title field) rather
   * than by reading each match's stored title (`titleTier`, SQLite): a pass reads only row ids (about 3 ms for
   * 18,000 at a million titles), each stored title is a row (41 ms for the same 18,000; issue 27).
   */
  tierPassMin: 2_000,
  /**
   * A title tier of at least this many titles asks the text index which titles can be at which match level
   * (`typedCandidates`, `foundWithoutPrefix`; SQLite) before any title is read; a smaller one is read title by title, which costs no more.
   */
  levelHintMin: 1_000,
  /**
   * A tier walked from its best level (`levelZeroPage`) is read from the order's index, each title tested in JS, when
   * its first chunks need at most this many index entries per title of the tier; else the tier is sorted in SQL
   * (an entry read costs about a tenth of a title's key looked up and sorted). The same rule reads a listed tier's page.
   */
  orderWalkMax: 8,
  /** Facet counts are exact up to this many text matches; above, they are estimated from a sample. */
  facetExactMax: 20_000,
  /** Expected size of that sample. */
  facetSample: 8_000,
  /**
   * Expected size of the sample a search with filters draws from its text matches (`bucketScope`): it only adds
   * to the selected types' other values their "without this filter" estimate; every hit is counted on its own.
   */
  facetRestSample: 2_000,
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
  /**
   * Whether testing one title against the query is cheap (SQLite, no FTS5 prefix query left: every prefix
   * expanded into exact terms): the search may then walk an order or a filter's titles and probe each one.
   */
  probe: boolean;
  /**
   * The title tier's rule as data (SQLite): the free terms, each its alternatives (ADR 223: every wanted word in
   * the title, no unwanted word anywhere), each word its exact alternatives and, for the prefix word, the prefix.
   */
  titleRule: Array<{ groups: RuleGroup[] }>;
  /**
   * The whole query as data (SQLite), to test a title's stored index text (`textMatches`): each term its
   * column (null: any) and words as in `titleRule`. Null when a word is not plain ASCII letters and digits,
   * where FTS5's tokenizer and JS might not agree on a token.
   */
  rule: Array<{ col: number | null; groups: RuleGroup[] }> | null;
}

/** A word of a rule: its exact alternatives and, for the term's prefix word, the prefix. */
interface RuleWord {
  alts: string[];
  prefix: string | null;
}

/** An alternative of a rule's term: every word of `words`, none of `not` (ADR 223). */
interface RuleGroup {
  words: RuleWord[];
  not: RuleWord[];
}

/** The text index's columns, in `acervo_busca`'s order. */
const TEXT_COLUMNS = ["titulo", "autor", "assunto", "outros"];
const PLAIN = /^[a-z0-9]+$/;

/** Each term's alternatives (ADR 223), without the terms left with none (contains-any drops words under its minimum). */
function termWords(termos: SearchTerm[]) {
  return termos.map((t) => ({ ...t, ...parseTerm(t.termo, t.modo === "qualquer", MIN_ANY_WORD_LENGTH) })).filter((t) => t.groups.length > 0);
}

/** A word of a rule: its exact alternatives and, when it is the term's prefix word, the prefix. */
const ruleWord = (w: string, prefix: boolean) => ({ alts: queryAlternatives(w), prefix: prefix ? fold(w) : null });

/** A term's alternatives as a rule's data (see `Compiled.rule`). */
const ruleGroups = (t: TermGroups) =>
  t.groups.map((g, gi) => ({ words: g.pos.map((w, i) => ruleWord(w, isPrefix(t, gi, i))), not: g.neg.map((w) => ruleWord(w, false)) }));

async function compile(db: Db, termos: SearchTerm[]): Promise<Compiled | null> {
  const terms = termWords(termos);
  // A NOT with nothing before it excludes from nothing (ADR 257; the API refuses it, this covers a term left empty).
  while (terms[0]?.operator === "not") terms.shift();
  if (terms.length === 0) return null;
  const joined = terms.some((t, i) => i > 0 && t.operator !== undefined && t.operator !== "and");
  const pg = dialectOf(db) === "postgres";
  // SQLite: each term's last word is a prefix; expanded into the index's exact terms when they are few.
  const prefixes = new Map<string, string[]>();
  let probe = !pg;
  if (!pg) {
    const lasts = terms.filter((t) => t.lastIsPrefix).map((t) => fold(t.groups[t.groups.length - 1].pos.at(-1)!));
    for (const last of new Set(lasts.filter((w) => w.length >= 3))) {
      const found = await prefixTerms(db, last);
      if (found) prefixes.set(last, found);
      else probe = false;
    }
  }
  const one = (t: TermGroups, tipo: SearchKind, notTipo: SearchKind) => (pg ? tsGroups(t, tipo, notTipo) : fts5Groups(t, tipo, notTipo, prefixes));
  if (joined) {
    // Rows joined by OR or NOT (ADR 257): one relevance tier (a title tier of "A OR NOT B" would need rules of
    // its own), and every title test is the text index's own MATCH (the JavaScript rule is AND-only).
    const all = joinTerms(
      terms.map((t) => one(t, t.tipo, t.tipo)),
      terms.map((t) => t.operator),
      pg,
    );
    return { all, title: null, rest: null, exactKey: null, probe, titleRule: [], rule: null };
  }
  const and = pg ? " & " : " AND ";
  const all = terms.map((t) => `(${one(t, t.tipo, t.tipo)})`).join(and);
  const titled = terms.some((t) => t.tipo === "livre");
  const title = titled ? terms.map((t) => `(${one(t, t.tipo === "livre" ? "titulo" : t.tipo, t.tipo)})`).join(and) : null;
  const rest = title ? (pg ? `(${all}) & !(${title})` : `(${all}) NOT (${title})`) : null;
  const single = terms.length === 1 && (terms[0].tipo === "livre" || terms[0].tipo === "titulo") && terms[0].modo !== "qualquer";
  // The exact-title tier: one term of one alternative without unwanted words (a title whose words are the query's
  // then matches it by construction).
  const exact = single && terms[0].groups.length === 1 && terms[0].groups[0].neg.length === 0;
  const titleRule = terms.filter((t) => t.tipo === "livre").map((t) => ({ groups: ruleGroups(t) }));
  const rule = terms.map((t) => ({ col: COLUMN[t.tipo] === null ? null : TEXT_COLUMNS.indexOf(COLUMN[t.tipo]!), groups: ruleGroups(t) }));
  const plainWord = (w: RuleWord) => w.alts.every((a) => PLAIN.test(a)) && (w.prefix === null || PLAIN.test(w.prefix));
  const plainRule = rule.every((t) => t.groups.every((g) => g.words.every(plainWord) && g.not.every(plainWord)));
  return {
    all,
    title: title ?? (single ? all : null),
    rest,
    exactKey: exact ? terms[0].groups[0].pos.map(fold).join(" ") : null,
    probe,
    titleRule,
    rule: !pg && plainRule ? rule : null,
  };
}

/**
 * PostgreSQL: the titles matching `q` as a row source `b(cod_acervo)`, always read through the text index
 * (`busca_texto_ids`, migration 117, ADR 278): the planner would test every row's tsvector for a broad word.
 */
function pgTextIds(q: TextQuery): RawBuilder<unknown> {
  return sql`busca_texto_ids(to_tsquery('simple', ${q})) AS b(cod_acervo)`;
}

/**
 * PostgreSQL: {@link pgTextIds} with `b.no_titulo`, whether the title matches `title` too (the relevance's title
 * tier), tested on each match's tsvector in the same pass (`busca_texto_titulo`, migration 119, ADR 281).
 */
function pgTextIdsWithTitle(q: TextQuery, title: TextQuery): RawBuilder<unknown> {
  return sql`busca_texto_titulo(to_tsquery('simple', ${q}), to_tsquery('simple', ${title})) AS b(cod_acervo, no_titulo)`;
}

/**
 * `id IN (titles matching q)`. The set is built once per statement (in SQLite an ephemeral index, in C, about
 * as fast as counting the matches) and each title of the walk is one lookup in it.
 */
function inMatches(db: Db, q: TextQuery, id: RawBuilder<unknown>): RawBuilder<unknown> {
  return dialectOf(db) === "postgres"
    ? sql`${id} IN (SELECT b.cod_acervo FROM ${pgTextIds(q)})`
    : sql`${id} IN (SELECT rowid FROM acervo_busca WHERE acervo_busca MATCH ${q})`;
}

/**
 * Whether title `id` matches `q`, as one probe of the SQLite text index by row id (ADR 105): tens of
 * microseconds on a merged index when the query has no FTS5 prefix query left (`Compiled.probe`).
 */
function probeMatch(db: Db, q: TextQuery, id: RawBuilder<unknown>): RawBuilder<unknown> {
  return dialectOf(db) === "postgres"
    ? sql`EXISTS (SELECT 1 FROM acervo_busca pb WHERE pb.cod_acervo = ${id} AND pb.documento @@ to_tsquery('simple', ${q}))`
    : sql`EXISTS (SELECT 1 FROM acervo_busca WHERE acervo_busca MATCH ${q} AND rowid = ${id})`;
}

/** Whether the tab, its options or the filters test the title's own row (`acervo a`), not only its id. */
function needsRow(p: Pick<SearchParams, "guia" | "opcoes" | "filtros">): boolean {
  const rowTypes = Object.entries(p.filtros ?? {}).filter(([t, v]) => v?.length && !KEY_FILTERS.has(t as FilterType));
  const rowOptions = Object.entries(p.opcoes ?? {}).filter(([field, v]) => v && !KEY_SCOPE_FIELDS.has(field));
  return ROW_TABS.has(p.guia ?? "") || rowOptions.length > 0 || rowTypes.length > 0;
}

/** The tabs whose rule (guiaFilter) tests the title's row. */
const ROW_TABS = new Set(["ebooks", "acessibilidade", "arquivo", "atos", "jurisprudencia", "aquisicoes"]);

/** Filter types tested on the title id alone (sets read through their own index). */
const KEY_FILTERS = new Set<FilterType>(["Y", "R", "P", "C", "A", "E", "S"]);

/** Filter types whose selected titles can drive a search: read through an index by value (derived facets, year). */
const DRIVER_FILTERS = ["R", "P", "C", "A", "E", "S", "Y"] as const satisfies readonly FilterType[];

/**
 * How the titles of a search are found (SQLite; ADR 105 "At a million titles"). By default the text index
 * drives and every filter tests its matches. When a selected filter value has few titles and the text query
 * many (a broad word with an author selected), the filter's titles drive instead, each tested against the
 * other filters and then probed in the text index: a few thousand probes instead of a pass over most of the
 * catalogue. `type` is the driving filter type, `set` its titles.
 */
interface Plan {
  type: FilterType;
  set: RawBuilder<unknown>;
  /** The query the plan found the matches of, and those matches (ascending ids; `resolvePlan`). */
  all: TextQuery;
  ids: number[];
  /** The stored title field of the matches the text test read (SQLite), for the title tier. */
  titles?: ReadonlyMap<number, string>;
}

/**
 * The titles of one filter type's selected values, as `id`, each once. The years' titles come with the selected
 * types of work and languages applied: the year index holds both (migration 075), so a narrow combination is
 * counted and listed from the index alone.
 */
function driverSet(type: (typeof DRIVER_FILTERS)[number], values: string[], filtros?: SelectedFilters): RawBuilder<unknown> {
  if (type === "Y") {
    const years = values.filter((v) => v !== NO_YEAR).map(Number);
    const within = sql`${filtros?.T?.length ? sql`AND ${filterCondition("T", filtros.T)}` : sql``} ${filtros?.I?.length ? sql`AND ${filterCondition("I", filtros.I)}` : sql``}`;
    const sets: RawBuilder<unknown>[] = [];
    if (years.length) sets.push(sql`SELECT a.cod_acervo AS id FROM acervo a WHERE a.ano_publicacao IN (${sql.join(years)}) ${within}`);
    if (values.includes(NO_YEAR)) sets.push(sql`SELECT a.cod_acervo AS id FROM acervo a WHERE a.ano_publicacao IS NULL ${within}`);
    return sql.join(sets, sql` UNION ALL `);
  }
  return sql`SELECT DISTINCT af.cod_acervo AS id FROM faceta_valor v JOIN acervo_faceta af ON af.cod_valor = v.cod_valor
             WHERE v.tipo = ${type} AND v.codigo IN (${sql.join(values)})`;
}

/**
 * The first `n` rows of the subquery `ids`. On PostgreSQL its own plan is made without the limit (a materialized
 * CTE, read only as far as needed): the planner prices a row's `@@` like an integer comparison and believed a scan
 * of the whole text table would stop after `n` matches, where the GIN index was several times faster (ADR 263).
 */
function firstRows(db: Db, ids: RawBuilder<unknown>, n: number): RawBuilder<unknown> {
  return dialectOf(db) === "postgres" ? sql`WITH tm AS MATERIALIZED (${ids}) SELECT tm.id AS id FROM tm LIMIT ${n}` : sql`${ids} LIMIT ${n}`;
}

/** PostgreSQL: an aggregate of integer ids as one bytea, 4 bytes each, big-endian (read back by `fromIdBytes`). */
function idBytes(id: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`string_agg(int4send(${id}), ''::bytea)`;
}

/** The ids `idBytes` packed. */
function fromIdBytes(bytes: Uint8Array | null | undefined): Int32Array {
  if (!bytes?.length) return new Int32Array(0);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Int32Array(bytes.byteLength >> 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt32(i * 4);
  return out;
}

/** The title tier found in the search's own pass (PostgreSQL): its size, and its titles (`ids`; none when more than TITLED_MAX). */
interface TitledPass {
  n: number;
  ids: number[];
}

/** The largest set of titles (every match, or the title tier) a PostgreSQL pass hands back whole, 4 bytes a title. */
const TITLED_MAX = 500_000;

/** PostgreSQL's pass of a search (`pgPass`). */
interface PgPass {
  /** The number of matches. */
  n: number;
  /** Every match, in no order, when there are at most TITLED_MAX. */
  all: Int32Array | null;
  /** The title tier among them, when the words have one and no filter drives the search. */
  titled: { n: number; ids: Int32Array } | null;
}

/**
 * PostgreSQL: one pass of the text index for a search (ADR 282): the number of matches, every match (up to
 * TITLED_MAX) and, when the words have a title tier, which of them are in it (ADR 281), in one row, the ids as 4
 * bytes each (`idBytes`; read as rows, 18,498 ids cost 20 of a search's 60 ms in the driver). With every match in
 * hand a sorted order walks its index (`walkMembers`) where SQL read the text index again and sorted every match
 * (1.3 s for 243,521 at a million titles). A plain search's pass is kept under the catalogue's version
 * (`passCache`), so the results page's facets call (`textMatchIds`) reads the search call's instead of its own.
 */
async function pgPass(
  db: Db,
  c: Compiled,
  p: Pick<SearchParams, "guia" | "opcoes" | "filtros">,
  plan: Plan | null,
  /** Whether the caller needs the title tier (a relevance order); null: any pass will do (the facets). */
  tier: boolean | null,
): Promise<PgPass> {
  const title = !plan && c.title !== null && c.title !== c.all ? c.title : null;
  const read = (withTitle: boolean) => async (): Promise<PgPass> => {
    searchStats.passes++;
    const t = withTitle ? title : null;
    const ids = matchIds(db, c.all, p, plan, t ?? undefined);
    const { rows } = await sql<{ n: number | string; nt: number | string | null; ids: Buffer | null; tids: Buffer | null }>`
      WITH tm AS MATERIALIZED (${ids}), c AS (SELECT count(*) AS n ${t === null ? sql`` : sql`, count(*) FILTER (WHERE tm.t) AS nt`} FROM tm)
      SELECT c.n, ${t === null ? sql`NULL` : sql`c.nt`} AS nt,
             (SELECT ${idBytes(sql`tm.id`)} FROM tm WHERE c.n <= ${TITLED_MAX}) AS ids,
             ${t === null ? sql`NULL` : sql`(SELECT ${idBytes(sql`tm.id`)} FROM tm WHERE tm.t AND c.nt <= ${TITLED_MAX})`} AS tids
      FROM c`.execute(db);
    const row = rows[0];
    const n = Number(row?.n ?? 0);
    return {
      n,
      all: n <= TITLED_MAX ? fromIdBytes(row?.ids) : null,
      titled: t === null ? null : { n: Number(row?.nt ?? 0), ids: fromIdBytes(row?.tids) },
    };
  };
  if (plan || !plain(p)) return read(title !== null && tier === true)();
  // Kept twice over: with the title tier (a relevance search, and the facets when first: relevance is the
  // results page's default order) and without (the other orders).
  const passes = (await passCache(db)).pgPasses;
  const titled = `${c.all}\u0000${c.title}`;
  if (title === null || tier === false) return passes.get(titled) ?? remember(passes, c.all, read(false));
  return tier === null ? (passes.get(c.all) ?? remember(passes, titled, read(true))) : remember(passes, titled, read(true));
}

/**
 * PostgreSQL, a filtered search on a plain tab with the facet columns ready (ADR 282): the word's own pass (kept, and
 * the one its facets read) filtered in the facet columns, in JS, as SQLite's `filteredPass` does. SQL looked up each
 * match's rows for the filters: 746 ms of CPU for `and` at one library at a million titles, 1.2 s with its facets.
 * Null when this cannot answer (a filter drives the search, a tab rule or option, more matches than a pass hands
 * back, columns being read).
 */
async function pgFilteredPass(
  db: Db,
  c: Compiled,
  p: Pick<SearchParams, "guia" | "opcoes" | "filtros">,
  plan: Plan | null,
  tier: boolean,
): Promise<PgPass | null> {
  const flagged = selectedTypes(p.filtros);
  if (plan || !flagged.length || !plainTab(p)) return null;
  const cols = await facetColumns(db);
  if (!cols) return null;
  const word = await pgPass(db, c, {}, null, tier);
  if (!word.all) return null;
  const kept = passingIds(cols, await columnQuery(db, flagged, p.filtros ?? {}, flagged), word.all);
  const inKept = membership(kept);
  const titled = word.titled && word.titled.ids.length === word.titled.n ? word.titled.ids.filter(inKept) : null;
  return { n: kept.length, all: kept, titled: titled && { n: titled.length, ids: titled } };
}

/** count(*) of `ids`, stopping at `cap` + 1: the exact count when it is at most `cap`, otherwise null. */
async function countUpTo(db: Db, ids: RawBuilder<unknown>, cap: number): Promise<number | null> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM (${firstRows(db, ids, cap + 1)}) m`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  return n > cap ? null : n;
}

/** Chooses what drives the search: the smallest selected filter, when it is much smaller than the text matches. */
async function planOf(db: Db, c: Compiled, p: Pick<SearchParams, "guia" | "opcoes" | "filtros">): Promise<Plan | null> {
  // PostgreSQL tests a title against the words by its primary key and stored tsvector: always cheap.
  if (!c.probe && dialectOf(db) !== "postgres") return null;
  let best: { type: (typeof DRIVER_FILTERS)[number]; n: number } | null = null;
  for (const type of DRIVER_FILTERS) {
    const values = p.filtros?.[type];
    if (!values?.length) continue;
    const n = await countUpTo(db, driverSet(type, values, p.filtros), best ? Math.min(best.n, searchLimits.driveMax) : searchLimits.driveMax);
    if (n !== null && (!best || n < best.n)) best = { type, n };
  }
  if (!best) return null;
  // A probe costs about as much as reading DRIVE_RATIO text matches: drive only when that is cheaper.
  if (!(await textIsLarger(db, c, best.n * DRIVE_RATIO))) return null;
  const set = driverSet(best.type, p.filtros![best.type]!, p.filtros);
  const titles = new Map<number, string>();
  return { type: best.type, set, all: c.all, ids: await textMatches(db, c, await drivenIds(db, set, best.type, p), titles), titles };
}

/** The filters a driving type's titles are tested against: the years' set has the types and languages applied. */
function othersOf(type: FilterType, filtros: SelectedFilters | undefined): SelectedFilters {
  return type === "Y" ? { ...filtros, Y: undefined, T: undefined, I: undefined } : { ...filtros, [type]: undefined };
}

/**
 * The ids `driven` lists. On a plain tab with the facet columns ready, the other filters are tested there, in
 * JS (a few hundred nanoseconds a title), instead of by correlated lookups of each title's rows.
 */
async function drivenIds(
  db: Db,
  set: RawBuilder<unknown>,
  type: FilterType,
  p: Pick<SearchParams, "guia" | "opcoes" | "filtros">,
): Promise<number[]> {
  const cols = plainTab(p) ? await facetColumns(db) : null;
  if (!cols) return idsOf(db, driven(db, set, type, p));
  const others = othersOf(type, p.filtros);
  const flagged = selectedTypes(others);
  const ids = await idsOf(db, sql`SELECT DISTINCT d.id AS id FROM (${set}) d ORDER BY d.id`);
  searchStats.columnDrives++;
  return flagged.length ? Array.from(passingIds(cols, await columnQuery(db, flagged, others, flagged), ids)) : ids;
}

/**
 * Whether a plain query matches more than `cap` titles. SQLite reads its first facetExactMax + 1 matches once
 * (kept with the passes: the facets of a search with filters size their sample from them) when `cap` is that
 * large, or when they were read already; past them, the matches are guessed from where those ended. The answer
 * only chooses a plan, never what the search finds. Otherwise the matches are counted up to `cap` + 1.
 */
async function textIsLarger(db: Db, c: Compiled, cap: number): Promise<boolean> {
  const max = searchLimits.facetExactMax;
  if (dialectOf(db) === "sqlite" && (cap >= max || (await passCache(db)).firsts.has(c.all))) {
    const first = await firstMatches(db, c.all);
    if (first.length <= max || cap < max) return first.length > cap;
    return guessMatches(first, await titleSpan(db)) > cap;
  }
  return (await countUpTo(db, matchIds(db, c.all, {}, null), cap)) === null;
}

/**
 * The first facetExactMax + 1 matches of a plain text query (SQLite: ascending, kept with the passes).
 */
async function firstMatches(db: Db, q: TextQuery): Promise<number[]> {
  const read = () => idsOf(db, sql`${matchIds(db, q, {}, null)} LIMIT ${searchLimits.facetExactMax + 1}`);
  return dialectOf(db) === "postgres" ? read() : remember((await passCache(db)).firsts, q, read);
}

/**
 * The driving filter's titles that pass the tab, its options and the other filters (on its row and by
 * correlated lookups, never a set of the whole catalogue), in ascending id order; the text is tested after.
 */
function driven(db: Db, set: RawBuilder<unknown>, type: FilterType, p: Pick<SearchParams, "guia" | "opcoes" | "filtros">): RawBuilder<unknown> {
  // The years' set has the types of work and languages applied already (`driverSet`).
  const others = othersOf(type, p.filtros);
  const row = needsRow({ ...p, filtros: others }) || !!others.Y?.length;
  return sql`SELECT DISTINCT d.id AS id FROM (${set}) d ${row ? sql`CROSS JOIN acervo a` : sql``}
             WHERE ${row ? sql`a.cod_acervo = d.id` : sql`1 = 1`} ${guiaFilter(p.guia)} ${tabOptionsWhere(p.opcoes, sql`d.id`)}
               ${filtersWhere(others, sql`d.id`, true)} ORDER BY d.id`;
}

/**
 * Which of `ids` match the query (SQLite), in their order: each title's stored index text (the indexer's folded
 * words and stems, space separated: the tokens FTS5 indexed) read in chunks and tested against the query's rule
 * with string functions; a title whose text has a character other than ASCII letters, digits and spaces, or every
 * title when the query has one, is probed in the text index instead, so the answer is always FTS5's. Testing a
 * title's text costs a couple of microseconds; a probe tens, and a failing probe of a rare word scans ahead.
 */
async function textMatches(db: Db, c: Compiled, ids: readonly number[], titles?: Map<number, string>): Promise<number[]> {
  const found = new Set<number>();
  const unsure: number[] = [];
  const rule = c.rule;
  if (!rule) unsure.push(...ids);
  else {
    // FTS5's own content table (`%_content`: the row id and the columns in order), read as a plain table: a
    // third of the cost of reading the same text through the virtual table.
    for (let i = 0; i < ids.length; i += TITLE_CHUNK) {
      const { rows } = await sql<{ id: number; x: string; t0: string }>`
        SELECT t.id, ' ' || coalesce(t.c0, '') || ' | ' || coalesce(t.c1, '') || ' | ' || coalesce(t.c2, '') || ' | ' || coalesce(t.c3, '') || ' ' AS x,
               t.c0 AS t0
        FROM json_each(${JSON.stringify(ids.slice(i, i + TITLE_CHUNK))}) m JOIN acervo_busca_content t ON t.id = m.value`.execute(db);
      for (const r of rows) {
        if (NOT_PLAIN.test(r.x)) unsure.push(Number(r.id));
        else if (ruleMatches(rule, r.x)) {
          found.add(Number(r.id));
          titles?.set(Number(r.id), r.t0);
        }
      }
    }
  }
  for (let i = 0; i < unsure.length; i += TITLE_CHUNK) {
    for (const id of await idsOf(
      db,
      sql`SELECT m.id FROM (${idList(db, unsure.slice(i, i + TITLE_CHUNK))}) m WHERE ${probeMatch(db, c.all, sql`m.id`)}`,
    ))
      found.add(id);
  }
  return ids.filter((id) => found.has(id));
}

/** A character FTS5's tokenizer might read otherwise than a split on spaces ("|" separates the columns). */
const NOT_PLAIN = /[^a-z0-9 |]/;

/**
 * Whether a title's stored text matches the query's rule, as FTS5's MATCH answers for plain tokens. `text` is the
 * four columns, each between spaces, separated by "|": a word is a token when it has a space on each side.
 */
function ruleMatches(rule: NonNullable<Compiled["rule"]>, text: string): boolean {
  let cols: string[] | null = null;
  return rule.every((term) => {
    const x = term.col === null ? text : ` ${(cols ??= text.split("|"))[term.col].trim()} `;
    const has = (w: RuleWord) => w.alts.some((a) => x.includes(` ${a} `)) || (w.prefix !== null && x.includes(` ${w.prefix}`));
    return term.groups.some((g) => g.words.every(has) && !g.not.some(has));
  });
}

/**
 * How many times more text matches than filtered titles a search needs for the filter to drive it: a driven
 * title costs its filter lookups and, if it passes them, a probe (≈ 20 µs); a text match in a pass ≈ 0.2 µs.
 */
const DRIVE_RATIO = 20;

/**
 * The ids of the titles matching `q` under the tab, its options and the filters, as a subquery
 * (`id`). The text index drives it, or the plan's filter; the title's row is read only when a condition needs it.
 */
function matchIds(
  db: Db,
  q: TextQuery,
  p: Pick<SearchParams, "guia" | "opcoes" | "filtros">,
  plan: Plan | null,
  /** PostgreSQL without a plan: a column `t`, whether the title matches this query too. */
  title?: TextQuery,
): RawBuilder<unknown> {
  const pg = dialectOf(db) === "postgres";
  if (plan) {
    // The plan's matches, found once (`planOf`); a tier's query (title words, the rest) is probed among them.
    const list = idList(db, plan.ids);
    return q === plan.all ? list : sql`SELECT m.id AS id FROM (${list}) m WHERE ${probeMatch(db, q, sql`m.id`)}`;
  }
  // The year and derived filters test the text index's row id, so SQLite applies them before reading acervo
  // (the unary + keeps FTS5 from taking the IN list as a row-id lookup).
  const key = pg ? sql`b.cod_acervo` : sql`+acervo_busca.rowid`;
  const conds = sql`${guiaFilter(p.guia)} ${tabOptionsWhere(p.opcoes, key)} ${filtersWhere(p.filtros, key)}`;
  const row = needsRow(p);
  if (pg) {
    return sql`SELECT b.cod_acervo AS id ${title === undefined ? sql`` : sql`, b.no_titulo AS t`}
               FROM ${title === undefined ? pgTextIds(q) : pgTextIdsWithTitle(q, title)} ${row ? sql`JOIN acervo a ON a.cod_acervo = b.cod_acervo` : sql``}
               WHERE 1 = 1 ${conds}`;
  }
  return sql`SELECT acervo_busca.rowid AS id FROM acervo_busca ${row ? sql`JOIN acervo a ON a.cod_acervo = acervo_busca.rowid` : sql``}
             WHERE acervo_busca MATCH ${q} ${conds}`;
}

async function countOf(db: Db, ids: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM (${ids}) m`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The largest title id: with a tier's size, how many titles a walk of an order reads per match. */
async function titleSpan(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number | null }>`SELECT max(cod_acervo) AS n FROM busca_ordem`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * One page (`take` titles after `skip`) of the titles matching `q`, in `order`, where `size` is the number of
 * such titles, or null when it is only known to exceed `searchLimits.directMax`. At most directMax titles are
 * sorted directly. More are found by walking the order's index from its start and testing each title: by a
 * probe of the text index when that is cheap and the walk short (the tier is dense in the catalogue), otherwise
 * against the match set built once. All give the same titles in the same order.
 */
async function tierPage(
  db: Db,
  c: Compiled,
  q: TextQuery,
  size: number | null,
  p: Pick<SearchParams, "guia" | "opcoes" | "filtros">,
  plan: Plan | null,
  order: RawBuilder<unknown>,
  skip: number,
  take: number,
  notKey: string | null,
): Promise<number[]> {
  const pg = dialectOf(db) === "postgres";
  const excludeExact = notKey === null ? sql`` : sql`AND o.chave_titulo <> ${notKey}`;
  if (plan || (size !== null && size <= searchLimits.directMax)) {
    const { rows } = await sql<{ id: number }>`
      SELECT o.cod_acervo AS id FROM (${matchIds(db, q, p, plan)}) m JOIN busca_ordem o ON o.cod_acervo = m.id
      WHERE 1 = 1 ${excludeExact} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`.execute(db);
    return rows.map((r) => Number(r.id));
  }
  const key = pg ? sql`o.cod_acervo` : sql`+o.cod_acervo`;
  const row = needsRow(p);
  // Titles the walk is expected to read: the page's end times the catalogue's titles per match.
  const reads = ((skip + take) * (await titleSpan(db))) / Math.max(size ?? searchLimits.directMax + 1, 1);
  const member = c.probe && reads <= searchLimits.probeMax ? probeMatch(db, q, sql`o.cod_acervo`) : inMatches(db, q, key);
  // CROSS JOIN keeps busca_ordem outermost in SQLite, so its index gives the order and the walk stops early.
  const { rows } = await sql<{ id: number }>`
    SELECT o.cod_acervo AS id FROM busca_ordem o ${row ? sql`CROSS JOIN acervo a` : sql``}
    WHERE ${row ? sql`a.cod_acervo = o.cod_acervo AND` : sql``} 1 = 1 ${excludeExact}
      ${guiaFilter(p.guia)} ${tabOptionsWhere(p.opcoes, key)} ${filtersWhere(p.filtros, key)} AND ${member}
    ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`.execute(db);
  return rows.map((r) => Number(r.id));
}

/** The ids a subquery (`id`) returns, in its order. */
async function idsOf(db: Db, ids: RawBuilder<unknown>): Promise<number[]> {
  return (await firstColumn<number | string>(db, sql`${ids}`.compile(db))).map(Number);
}

/**
 * The titles of a tier known as a set, in `order` (SQLite, with a filtered search's passes in hand): the order's
 * index read in chunks of ids that double, each id tested in `member`, until `take` members after `skip` are found.
 * A tier of 5 % of the catalogue fills a page after about 400 ids, where SQL tested each title read against the
 * text index and the filters (24 ms of a broad word's search with one library, at a million titles).
 */
async function walkMembers(db: Db, order: RawBuilder<unknown>, member: (id: number) => boolean, skip: number, take: number): Promise<number[]> {
  const found: number[] = [];
  let passed = 0;
  for (let offset = 0, chunk = searchLimits.walkChunk * 4; ; offset += chunk, chunk *= 2) {
    const ids = await idsOf(db, sql`SELECT o.cod_acervo AS id FROM busca_ordem o ORDER BY ${order} LIMIT ${chunk} OFFSET ${offset}`);
    for (const id of ids) {
      if (!member(id) || passed++ < skip) continue;
      found.push(id);
      if (found.length === take) return found;
    }
    if (ids.length < chunk) return found;
  }
}

/** Membership of `tier` without the titles shown before it (`exact`). */
function notShown(tier: ArrayLike<number>, exact: readonly number[]): (id: number) => boolean {
  const inTier = membership(tier);
  const shown = new Set(exact);
  return (id) => inTier(id) && !shown.has(id);
}

/** Membership of the titles of `all` that are not in `tier`. */
function outside(all: ArrayLike<number>, tier: ArrayLike<number>): (id: number) => boolean {
  const inAll = membership(all);
  const inTier = membership(tier);
  return (id) => inAll(id) && !inTier(id);
}

/** Membership of a list of title ids, as a byte per id up to the largest. */
function membership(ids: ArrayLike<number>): (id: number) => boolean {
  let max = 0;
  for (let i = 0; i < ids.length; i++) if (ids[i] > max) max = ids[i];
  const bytes = new Uint8Array(max + 1);
  for (let i = 0; i < ids.length; i++) bytes[ids[i]] = 1;
  return (id) => id <= max && bytes[id] === 1;
}

/**
 * Which of the listed matches are in the title tier (SQLite): their title field as the text index stores it
 * (the indexer's folded words and stems, space separated), tested against the query's words in JS. A probe of
 * the text index per title would do the same, but FTS5 answers a probe that fails by scanning ahead to the next
 * match (milliseconds for a rare word, measured), and another pass of the text index costs as much as the first.
 * The tokens compared are the ones FTS5 indexed, so the answer is the column filter's (ADR 105).
 */
async function titleTier(db: Db, c: Compiled, listed: readonly number[], known?: ReadonlyMap<number, string>): Promise<number[]> {
  const tokensOf = (text: string) => {
    const list = text.split(/[ |]+/);
    return { list, set: new Set(list) };
  };
  const has = (t: { list: string[]; set: Set<string> }) => (w: RuleWord) =>
    w.alts.some((a) => t.set.has(a)) || (w.prefix !== null && t.list.some((x) => x.startsWith(w.prefix!)));
  // Unwanted words (NOT) are left out wherever they are, not only in the title: then the whole text is read.
  const whole = c.titleRule.some((term) => term.groups.some((g) => g.not.length > 0));
  const inTitle = (titulo: string, all: string | undefined) => {
    const inT = has(tokensOf(titulo));
    const anywhere = all === undefined ? null : has(tokensOf(all));
    return c.titleRule.every((term) => term.groups.some((g) => g.words.every(inT) && !(anywhere && g.not.some(anywhere))));
  };
  // The title fields a plan's text test read already (`Plan.titles`); the others read here.
  const read = new Map<number, { titulo: string; all?: string }>();
  const missing = known && !whole ? listed.filter((id) => !known.has(id)) : listed;
  for (let i = 0; i < missing.length; i += TITLE_CHUNK) {
    const { rows } = await sql<{ id: number; titulo: string; x: string | null }>`
      SELECT t.id, t.c0 AS titulo,
             ${whole ? sql`coalesce(t.c0, '') || ' | ' || coalesce(t.c1, '') || ' | ' || coalesce(t.c2, '') || ' | ' || coalesce(t.c3, '')` : sql`NULL`} AS x
      FROM json_each(${JSON.stringify(missing.slice(i, i + TITLE_CHUNK))}) m JOIN acervo_busca_content t ON t.id = m.value`.execute(db);
    for (const r of rows) read.set(Number(r.id), { titulo: r.titulo, all: r.x ?? undefined });
  }
  return listed.filter((id) => {
    const got = read.get(id);
    const titulo = got?.titulo ?? known?.get(id);
    return titulo !== undefined && titulo !== null && inTitle(titulo, got?.all);
  });
}

const TITLE_CHUNK = 5_000;

/**
 * Which of `ids` (matches of the whole query) are in the title tier: SQLite reads their stored title field
 * (`titleTier`); PostgreSQL probes each one's text-index row with the title query (`probeMatch`, by primary key),
 * where a second pass of the whole index would re-read the document of every match (the GIN index keeps no
 * weights, so a title-tier query rechecks each row) and the level-0 walk could not stop early.
 */
async function inTitleTier(db: Db, c: Compiled, ids: readonly number[], known?: ReadonlyMap<number, string>): Promise<number[]> {
  if (dialectOf(db) !== "postgres") return titleTier(db, c, ids, known);
  if (!c.title || ids.length === 0) return [];
  const hit = new Set(await idsOf(db, sql`SELECT m.id AS id FROM (${idList(db, ids)}) m WHERE ${probeMatch(db, c.title, sql`m.id`)}`));
  return ids.filter((id) => hit.has(id));
}

/**
 * One pass of the SQLite text index for a plain text query (no tab rule, options or filters): the first ids (up
 * to the larger of directMax and facetExactMax, plus one) and, above that, every match's id (their number is the
 * exact count; the facets count them all in the facet columns, ADR 265). The search and its facets —
 * two API calls for one page — share it through a small cache per database, valid while the text index is
 * unchanged (this process's writers bump its generation; other connections' commits change `data_version`).
 */
interface TextPass {
  first: number[];
  n: number;
  /** Every match when there are more than `first` holds (the exact facet count reads them; ADR 265). */
  all: Int32Array | null;
}

interface PassCache {
  version: string;
  passes: Map<string, Promise<TextPass>>;
  plans: Map<string, Promise<Plan | null>>;
  /** A plain query's first matches (`firstMatches`). */
  firsts: Map<string, Promise<number[]>>;
  /** PostgreSQL: a plain search's pass (`pgPass`). */
  pgPasses: Map<string, Promise<PgPass>>;
}

const passCaches = new WeakMap<Db, PassCache>();
const PASS_CACHE_MAX = 32;

/**
 * What the search has done in this process (tests and benches read it): passes over a query's matches, facet
 * counts taken in the facet columns, and driving filters' titles tested there.
 */
export const searchStats = { passes: 0, columnCounts: 0, columnDrives: 0 };

/** Empties the text-pass cache (benches measure the first search of a query with it). */
export function clearSearchCache(db: Db): void {
  passCaches.delete(db);
}

async function textPass(db: Db, q: TextQuery): Promise<TextPass> {
  return cachedPass(db, q, () => matchIds(db, q, {}, null));
}

/**
 * The pass of the text query `q` with filters (SQLite; no tab rule, and no option but "available now": the others
 * depend on more than the titles' rows): cached like the text pass, so a results page's facets call reuses its
 * search call's pass. With "available now", only when the facet columns test it, under their change-log position
 * (a loan or a return moves it on): without them, the pass is read again each time.
 */
async function filteredPass(db: Db, q: TextQuery, p: Pick<SearchParams, "filtros" | "opcoes">, plan: Plan | null): Promise<TextPass> {
  const shelf = shelfOnly(p);
  const cols = plan ? null : await facetColumns(db);
  if (!cols && shelf) return readMatches(db, matchIds(db, q, p, plan), Math.max(searchLimits.directMax, searchLimits.facetExactMax));
  const key = `${q}\u0000${JSON.stringify(p.filtros ?? {})}${shelf ? `\u0000${shelf}\u0000${cols!.seq}` : ""}`;
  if (!cols) return cachedPass(db, key, () => matchIds(db, q, p, plan));
  // Text first, with the facet columns ready: the text pass (which the facets read too) filtered in JS, a
  // few hundred nanoseconds a title, instead of a lookup of each match's rows (ADR 265 keeps the columns exact).
  return remember((await passCache(db)).passes, key, async () => {
    const text = await textPass(db, q);
    const flagged = selectedTypes(p.filtros);
    const kept = passingIds(cols, await columnQuery(db, flagged, p.filtros ?? {}, flagged, shelf), text.all ?? text.first);
    const cap = Math.max(searchLimits.directMax, searchLimits.facetExactMax);
    return { first: Array.from(kept.subarray(0, cap + 1)), n: kept.length, all: kept.length > cap ? kept.slice() : null };
  });
}

async function cachedPass(db: Db, key: string, text: () => RawBuilder<unknown>): Promise<TextPass> {
  return remember((await passCache(db)).passes, key, () => readMatches(db, text(), Math.max(searchLimits.directMax, searchLimits.facetExactMax)));
}

/**
 * The value of `key` in a cache of at most PASS_CACHE_MAX entries (least recently used out), computed once: the
 * promise is kept, so the results page's search and facets calls, which the portal makes at the same time,
 * share one pass instead of each starting its own. A failure is not kept.
 */
function remember<T>(map: Map<string, Promise<T>>, key: string, compute: () => Promise<T>): Promise<T> {
  const hit = map.get(key);
  if (hit) {
    map.delete(key);
    map.set(key, hit);
    return hit;
  }
  const value = compute();
  map.set(key, value);
  value.catch(() => map.get(key) === value && map.delete(key));
  if (map.size > PASS_CACHE_MAX) map.delete(map.keys().next().value!);
  return value;
}

/** This database's pass cache, emptied first when the text index or another connection's data changed. */
async function passCache(db: Db): Promise<PassCache> {
  // Another connection's write: SQLite's data_version moves; on PostgreSQL, the catalogue's version, which every
  // write of the text index and of the facet data moves (migrations 077 and 120).
  const written =
    dialectOf(db) === "postgres"
      ? await currentSeq(db)
      : (await sql<{ data_version: number }>`PRAGMA data_version`.execute(db)).rows[0]?.data_version;
  // The thresholds too: they choose the plan and what a pass keeps (tests change them).
  const l = searchLimits;
  const version = `${written}:${textGeneration()}:${Object.values(l).join(":")}`;
  let cache = passCaches.get(db);
  if (!cache || cache.version !== version)
    passCaches.set(db, (cache = { version, passes: new Map(), plans: new Map(), firsts: new Map(), pgPasses: new Map() }));
  return cache;
}

/** The plan of a search (`planOf`), kept with the passes (SQLite): the search and its facets both need it. */
async function cachedPlan(db: Db, c: Compiled, p: Pick<SearchParams, "guia" | "opcoes" | "filtros">): Promise<Plan | null> {
  if (dialectOf(db) === "postgres") return planOf(db, c, p); // planned each time: PostgreSQL keeps only its passes (ADR 282)
  if (!c.probe) return null;
  // A tab rule or options test more than the titles' rows (new acquisitions: today's date): planned each time.
  if (!plainTab(p)) return planOf(db, c, p);
  return remember((await passCache(db)).plans, `${c.all}\u0000${JSON.stringify(p.filtros ?? {})}`, () => planOf(db, c, p));
}

/**
 * How many titles match, guessed from the first ones read (more than them): they cover the ids up to the largest
 * of them, at the same rate over the ids up to `span`. Only sizes a sample; never a count that is shown.
 */
function guessMatches(first: readonly number[], span: number): number {
  return Math.max(first.length, Math.round((first.length * span) / first.reduce((a, b) => Math.max(a, b), 1)));
}

/**
 * Reads the matches `text` lists (SQLite): their first `cap` + 1 ids and, when there are more, in one more pass
 * every one of them (their count is the exact total; the facet columns count them all: ADR 265).
 */
async function readMatches(db: Db, text: RawBuilder<unknown>, cap: number): Promise<TextPass> {
  searchStats.passes++;
  // One read of every id (one row, a JSON array): a first read of cap + 1 ids before it read them twice when
  // there were more (14 of a broad word's 160 ms at a million titles), and saved nothing when there were not.
  const all = await allIdsOf(db, text);
  const first = Array.from(all.length <= cap ? all : all.subarray(0, cap + 1));
  return { first, n: all.length, all: all.length <= cap ? null : all };
}

/**
 * Every id `ids` lists, in its order, in one row (a JSON array built by the database): a broad word's 700,000
 * matches cost one row, not 700,000.
 */
async function allIdsOf(db: Db, ids: RawBuilder<unknown>): Promise<Int32Array> {
  const { rows } = await (
    dialectOf(db) === "postgres"
      ? sql<{ s: string | null }>`SELECT CAST(json_agg(m.id) AS text) AS s FROM (${ids}) m`
      : sql<{ s: string | null }>`SELECT json_group_array(m.id) AS s FROM (${ids}) m`
  ).execute(db);
  return Int32Array.from(JSON.parse(rows[0]?.s ?? "[]") as number[]);
}

/**
 * Every text match of a search (tab and options applied, filters not): what the exact facet count
 * reads (ADR 265), in no particular order. SQLite shares the search's pass (a plain tab); PostgreSQL reads them in one statement.
 */
export async function textMatchIds(db: Db, p: Pick<SearchParams, "termos" | "guia" | "opcoes">): Promise<Int32Array | null> {
  const c = await compile(db, p.termos);
  if (!c) return null;
  const text = matchIds(db, c.all, { guia: p.guia, opcoes: p.opcoes }, null);
  if (dialectOf(db) === "postgres")
    return (plain({ guia: p.guia, opcoes: p.opcoes }) && (await pgPass(db, c, {}, null, null)).all) || allIdsOf(db, text);
  const pass = plain({ guia: p.guia, opcoes: p.opcoes })
    ? await textPass(db, c.all)
    : shelfOnly(p)
      ? await filteredPass(db, c.all, { opcoes: p.opcoes }, null)
      : await readMatches(db, text, searchLimits.facetExactMax);
  return pass.all ?? Int32Array.from(pass.first);
}

/** The filter types with at least one value selected. */
function selectedTypes(filtros: SelectedFilters | undefined): FilterType[] {
  return (Object.keys(filtros ?? {}) as FilterType[]).filter((t) => filtros![t]?.length);
}

/** Whether a search is a plain text query: no tab rule, options or filters (the text pass answers it). */
function plain(p: Pick<SearchParams, "guia" | "opcoes" | "filtros">): boolean {
  return plainTab(p) && !Object.values(p.filtros ?? {}).some((v) => v?.length);
}

/** Whether a search has no tab rule and no options (its filters may be anything). */
function plainTab(p: Pick<SearchParams, "guia" | "opcoes">): boolean {
  return !ROW_TABS.has(p.guia ?? "") && !Object.values(p.opcoes ?? {}).some(Boolean);
}

/**
 * "Available now" (`disponivel`) when it is a search's only option, on a tab without a rule: the facet columns
 * test it as they test a filter (ADR 277), else null.
 */
function shelfOnly(p: Pick<SearchParams, "guia" | "opcoes">): string | null {
  if (ROW_TABS.has(p.guia ?? "")) return null;
  const set = Object.entries(p.opcoes ?? {}).filter(([, v]) => v);
  return set.length === 1 && set[0]![0] === "disponivel" ? set[0]![1]! : null;
}

/** Whether the facet columns can answer a search's tab and options (SQLite): none, or only "available now". */
function columnTab(p: Pick<SearchParams, "guia" | "opcoes">): boolean {
  return plainTab(p) || shelfOnly(p) !== null;
}

/**
 * The two relevance tiers of a filtered search as sets (SQLite, the facet columns ready): the title tier without
 * the exact-title titles shown before it, and the rest (the matches outside the title tier).
 */
async function tierSets(
  db: Db,
  c: Compiled,
  p: Pick<SearchParams, "filtros" | "opcoes">,
  plan: Plan | null,
  title: TextPass,
  exact: readonly number[],
) {
  const all = await filteredPass(db, c.all, p, plan);
  const inTitle = membership(title.all ?? title.first);
  const inAll = membership(all.all ?? all.first);
  const shownFirst = new Set(exact);
  return { title: (id: number) => inTitle(id) && !shownFirst.has(id), rest: (id: number) => inAll(id) && !inTitle(id) };
}

/**
 * Runs one catalogue search over every match (ADR 105): the exact total, and the page of the requested
 * order computed over all matches. Relevance is tiered: titles whose whole title is the query (folded), then
 * titles with every word in the title, then the other matches; within a tier, shorter titles first.
 *
 * The first pass reads the matches' ids, up to `searchLimits.directMax`: when there are no more, every later
 * step works on that list (one pass of the text index, not one per step). A larger set is counted, and each
 * relevance tier is read by walking its order (`tierPage`).
 */
export async function searchAcervos(db: Db, p: SearchParams): Promise<SearchResult> {
  const c = await compile(db, p.termos);
  if (!c) return { total: 0, totalLimitado: false, resultados: [] };
  const plan = await cachedPlan(db, c, p);
  let listed: number[] | null;
  let total: number;
  /** The title tier, when the search's pass found it too (PostgreSQL). */
  let titled: TitledPass | null = null;
  /** The titles that are the query's words, when read before the pass (PostgreSQL). */
  let exactFirst: number[] | null = null;
  /** Every match, when the pass handed them back and there are more than directMax (PostgreSQL). */
  let everyMatch: Int32Array | null = null;
  if (dialectOf(db) === "sqlite" && columnTab(p)) {
    const pass = !plan && plain(p) ? await textPass(db, c.all) : await filteredPass(db, c.all, p, plan);
    total = pass.n;
    listed = pass.n <= searchLimits.directMax ? pass.first.slice(0, pass.n) : null;
  } else if (dialectOf(db) === "postgres") {
    // One pass (ADR 282): the count, every match, and for a relevance order its title tier (ADR 281). The titles
    // that are the query's words, shown first, are read by their own index.
    if (p.ordenacao === "C" && !plan && c.title !== c.all && c.exactKey) exactFirst = await exactTitles(db, c.exactKey, p);
    const pass = (await pgFilteredPass(db, c, p, plan, p.ordenacao === "C")) ?? (await pgPass(db, c, p, plan, p.ordenacao === "C"));
    total = pass.n;
    listed = pass.all && total <= searchLimits.directMax ? Array.from(pass.all) : null;
    everyMatch = pass.all;
    if (p.ordenacao === "C" && pass.titled) titled = { n: pass.titled.n, ids: Array.from(pass.titled.ids) };
  } else {
    const first = await idsOf(db, firstRows(db, matchIds(db, c.all, p, plan), searchLimits.directMax + 1));
    listed = first.length <= searchLimits.directMax ? first : null;
    total = listed ? listed.length : await countOf(db, matchIds(db, c.all, p, plan));
  }
  const offset = (p.pagina - 1) * p.qtd;
  if (offset >= total) return { total, totalLimitado: false, resultados: [] };
  const ids: number[] = [];
  let skip = offset;
  let need = Math.min(p.qtd, total - offset);
  const order = ORDER[p.ordenacao];
  let span: Promise<number> | null = null;
  /** Whether a set of `n` titles shows its titles up to the `upTo`th sooner by walking the order's index (ADR 281). */
  const walkable = async (n: number, upTo: number) =>
    n > 0 && ((upTo + searchLimits.walkChunk) * (await (span ??= titleSpan(db)))) / n <= searchLimits.orderWalkMax * n;
  /**
   * The page of a tier of `size` titles listed in `ids`, sorted (without the exact-title ones when `notKey`): read
   * from the order's index and tested in JS when the tier is dense enough there (`searchLimits.orderWalkMax`, ADR
   * 281), else sorted in SQL.
   */
  const listPage = (list: readonly number[], notKey: string | null) => async (from: number, count: number) => {
    if (await walkable(list.length, from + count)) {
      return walkMembers(db, order, notShown(list, notKey === null ? [] : await exactTitles(db, notKey, {})), from, count);
    }
    return idsOf(
      db,
      sql`SELECT o.cod_acervo AS id FROM (${idList(db, list)}) m JOIN busca_ordem o ON o.cod_acervo = m.id
                  WHERE 1 = 1 ${notKey === null ? sql`` : sql`AND o.chave_titulo <> ${notKey}`} ORDER BY ${order} LIMIT ${count} OFFSET ${from}`,
    );
  };
  /**
   * Takes what the page needs from one tier of `size` titles (null: more than directMax), read by `read(skip,
   * count)`; `exact` counts the tier when its size is needed.
   */
  const take = async (size: number | null, read: (from: number, count: number) => Promise<number[]>, exact: () => Promise<number>) => {
    if (need <= 0) return;
    if (size !== null && skip >= size) {
      skip -= size;
      return;
    }
    const got = await read(skip, size === null ? need : Math.min(need, size - skip));
    ids.push(...got);
    need -= got.length;
    // A tier of unknown size that ran out before the page's start: the titles it had were all skipped.
    skip = got.length === 0 && size === null ? Math.max(0, skip - (await exact())) : 0;
  };
  if (p.ordenacao === "C" && c.title) {
    let exact: number[] = [];
    if (c.exactKey) {
      // A title whose words are the query's words matches the text query by construction: only the tab,
      // options and filters are tested; when every match is listed, by looking among them.
      const mine = listed && new Set(listed);
      exact = exactFirst ?? (mine ? (await exactTitles(db, c.exactKey, {})).filter((id) => mine.has(id)) : await exactTitles(db, c.exactKey, p));
      const shown = exact.slice(skip, skip + need);
      ids.push(...shown);
      need -= shown.length;
      skip = Math.max(0, skip - exact.length);
    }
    const titleQuery = c.title;
    const firstPage =
      listed &&
      listed.length <= LEVELS_MAX &&
      (titleQuery === c.all || dialectOf(db) === "postgres" || (dialectOf(db) === "sqlite" && searchLimits.probeMax > 0))
        ? titled
          ? await levelZeroPage(db, c, p, titled.ids, exact, skip, need, order, undefined, true)
          : await levelZeroPage(db, c, p, listed, exact, skip, need, order, plan?.titles, titleQuery === c.all)
        : null;
    if (firstPage) {
      ids.push(...firstPage);
      need = 0;
    } else if (listed) {
      // The title tier within the listed matches: found by the search's pass (PostgreSQL), read from their stored
      // title field (SQLite), or another pass.
      const inTitle =
        titleQuery === c.all
          ? listed
          : titled
            ? titled.ids
            : (dialectOf(db) === "sqlite" && searchLimits.probeMax > 0 && (plan !== null || listed.length < searchLimits.tierPassMin)) ||
                (dialectOf(db) === "postgres" && listed.length <= searchLimits.probeMax)
              ? await inTitleTier(db, c, listed, plan?.titles)
              : await idsOf(db, matchIds(db, titleQuery, p, plan));
      const inTier = new Set(inTitle);
      const rest = listed.filter((id) => !inTier.has(id));
      // The title tier by how its words matched (ADR 250): as typed, by the patron's language's stem, by another
      // language's stem, by the last word's prefix; each group in the order's own order.
      const groups =
        skip < inTitle.length - exact.length && inTitle.length > 1 && inTitle.length <= LEVELS_MAX ? await matchLevels(db, p, inTitle) : [inTitle];
      for (const group of groups) {
        const inGroup = group === inTitle ? exact.length : exact.filter((id) => group.includes(id)).length;
        await take(group.length - inGroup, listPage(group, c.exactKey), async () => group.length - inGroup);
      }
      await take(rest.length, listPage(rest, null), async () => rest.length);
    } else {
      // The title tier's size: exact when it is small; when large, only if the page goes past it.
      const titleIds = matchIds(db, titleQuery, p, plan);
      // With filters and the facet columns ready (SQLite), the whole title tier: the title query's text pass
      // filtered in JS, as the search's own pass is (`filteredPass`), where SQL would look up each match's rows
      // for the filters (64 of a broad word's 160 ms at a million titles, with one library).
      const whole =
        titleQuery !== c.all && dialectOf(db) === "sqlite" && !plan && !plain(p) && columnTab(p) && (await facetColumns(db))
          ? await filteredPass(db, titleQuery, p, plan)
          : null;
      // Else the title tier's ids up to the larger cap below, read once: its size when small and, when it is at
      // most LEVELS_MAX, the tier itself (one pass of the text index where a count, a second count and the ids were three).
      const cap = Math.max(searchLimits.directMax, LEVELS_MAX) + exact.length;
      // The title tier from the search's own pass (PostgreSQL), when whole: up to the cap, or enough to show it is larger.
      const titleAll = !whole && titled && titled.ids.length === titled.n ? titled.ids : null;
      const fromPass = titleAll && titleAll.slice(0, cap + 1);
      const upTo =
        titleQuery === c.all
          ? null
          : whole
            ? whole.all
              ? Array.from(whole.all)
              : whole.first
            : (fromPass ?? (await idsOf(db, firstRows(db, titleIds, cap + 1))));
      const countTo = async (n: number) => (upTo ? (upTo.length > n ? null : upTo.length) : countUpTo(db, titleIds, n));
      let inTitle: number | null = titleQuery === c.all ? total : await countTo(searchLimits.directMax + exact.length);
      const inTitleExact = async () => (inTitle ??= whole ? whole.n : titled ? titled.n : await countOf(db, titleIds));
      // With both tiers known as sets (the filtered passes), their pages are walks of the order tested in JS.
      const tiers = whole && (await tierSets(db, c, p, plan, whole, exact));
      const size = inTitle === null ? null : inTitle - exact.length;
      // A title tier of at most LEVELS_MAX titles is grouped by how its words matched, as in the listed case, so
      // the answer does not depend on the thresholds (ADR 250); a larger one is walked in the order's own order.
      const levelled = skip < (size ?? Infinity) ? await countTo(LEVELS_MAX + exact.length) : null;
      if (levelled !== null && levelled > 1 && skip < levelled - exact.length) {
        inTitle = levelled;
        const tier = upTo ?? (await idsOf(db, titleIds));
        const page = await levelZeroPage(db, c, p, tier, exact, skip, need, order, undefined, true);
        if (page) {
          ids.push(...page);
          need = 0;
        } else {
          for (const group of await matchLevels(db, p, tier)) {
            const inGroup = exact.filter((id) => group.includes(id)).length;
            await take(group.length - inGroup, listPage(group, c.exactKey), async () => group.length - inGroup);
          }
        }
      } else
        await take(
          size,
          (from, count) =>
            tiers
              ? walkMembers(db, order, tiers.title, from, count)
              : titleAll
                ? walkMembers(db, order, notShown(titleAll, exact), from, count)
                : tierPage(db, c, titleQuery, size, p, plan, order, from, count, c.exactKey),
          async () => (await inTitleExact()) - exact.length,
        );
      if (c.rest && need > 0) {
        const rest = total - (await inTitleExact());
        const restQuery = c.rest;
        if (rest > 0)
          await take(
            rest,
            async (from, count) =>
              tiers
                ? walkMembers(db, order, tiers.rest, from, count)
                : titleAll && everyMatch && (await walkable(rest, from + count))
                  ? walkMembers(db, order, outside(everyMatch, titleAll), from, count)
                  : tierPage(db, c, restQuery, rest, p, plan, order, from, count, null),
            async () => rest,
          );
      }
    }
  } else if (listed) {
    await take(total, listPage(listed, null), async () => total);
  } else {
    // Every match in hand (PostgreSQL, ADR 282): the order's index walked, as for a listed tier.
    const every = everyMatch;
    await take(
      total,
      async (from, count) =>
        every && (await walkable(total, from + count))
          ? walkMembers(db, order, membership(every), from, count)
          : tierPage(db, c, c.all, total, p, plan, order, from, count, null),
      async () => total,
    );
  }
  return { total, totalLimitado: false, resultados: await hitsOf(db, ids) };
}

/** The titles whose title key is `key` (their words are the query's) under the tab, its options and the filters, by id. */
async function exactTitles(db: Db, key: string, p: Pick<SearchParams, "guia" | "opcoes" | "filtros">): Promise<number[]> {
  const id = dialectOf(db) === "postgres" ? sql`o.cod_acervo` : sql`+o.cod_acervo`;
  return idsOf(
    db,
    sql`
    SELECT o.cod_acervo AS id FROM busca_ordem o ${needsRow(p) ? sql`JOIN acervo a ON a.cod_acervo = o.cod_acervo` : sql``}
    WHERE o.chave_titulo = ${key} ${guiaFilter(p.guia)} ${tabOptionsWhere(p.opcoes, id)} ${filtersWhere(p.filtros, id)}
    ORDER BY o.cod_acervo`,
  );
}

/** The largest title tier grouped by how its words matched (`matchLevels`); a fixed size, not a threshold (ADR 250). */
const LEVELS_MAX = 20_000;

/**
 * The page of a relevance search (issue 27) when it lies within the title tier's best match level (ADR 250), or
 * null when that cannot be shown cheaply; the caller then groups every listed match as before. `listed` is every
 * match (`allInTitle` false) or the whole title tier (true). Those titles (without the exact-title ones, which
 * come first on their own) are sorted once by the order's key, then
 * classified chunk by chunk in that order — in the title tier or not (`titleTier`), at which level
 * (`matchLevels`) — until `skip + need` titles of level 0 are found: those are the first titles of that group in
 * its own order, the same page the grouping gives, without reading the title text of the matches the page never
 * reaches. A middle-band word (1–20 % of the titles) fills its first pages after a few hundred. Stops as soon as
 * the level-0 titles found so far, at the rate of the first chunk, could not fill the page.
 */
async function levelZeroPage(
  db: Db,
  c: Compiled,
  p: Pick<SearchParams, "termos" | "lingua" | "guia" | "opcoes" | "filtros">,
  listed: readonly number[],
  exact: readonly number[],
  skip: number,
  need: number,
  order: RawBuilder<unknown>,
  known: ReadonlyMap<number, string> | undefined,
  allInTitle: boolean,
): Promise<number[] | null> {
  if (need <= 0) return [];
  if (listed.length < searchLimits.walkMin) return null;
  // Many listed matches: their title tier from a pass of the title field (SQLite, no driving filter), then the walk
  // reads that tier alone; a tier too small to fill the page gives way at once to the full grouping.
  if (!allInTitle && c.title && !known && listed.length >= searchLimits.tierPassMin && dialectOf(db) === "sqlite" && searchLimits.probeMax > 0) {
    const pass = new Set(await idsOf(db, matchIds(db, c.title, p, null)));
    listed = listed.filter((id) => pass.has(id));
    allInTitle = true;
  }
  // The grouping applies when the page starts inside the title tier less the exact titles (see searchAcervos):
  // level 0's `skip + need` titles show it does, unless exact titles outside the tier make up the difference.
  const all = allInTitle && exact.length > 0 ? new Set(listed) : null;
  const exactOut =
    exact.length === 0 ? 0 : all ? exact.filter((id) => !all.has(id)).length : exact.length - (await inTitleTier(db, c, exact, known)).length;
  if (need <= exactOut) return null;
  const want = skip + need;
  const tier = await tierInOrder(db, listed, c.exactKey, order, want);
  if (tier.size < want) return null;
  const inTier = (ids: readonly number[]) => (allInTitle ? ids : inTitleTier(db, c, ids, known));
  // Level 0 from the text index when its candidates are few (a word typed in few titles, most of its tier found by a
  // stem or the prefix: `economias`, `econ`): those are read, then the walk looks for level 1 past them.
  // Where enough titles have the words as typed, the walk below finds level 0 in its first chunk: not asked.
  const enough = (want * tier.size) / searchLimits.walkChunk;
  const typed = tier.size >= searchLimits.levelHintMin ? await typedCandidates(db, p, tier.has, enough) : null;
  if (typed) {
    const zero = new Set((await matchLevels(db, p, await inTier(typed), true, false))[0]);
    const found = await tier.ordered(zero);
    if (found.length >= want) return found.slice(skip, want);
    const upTo2 = await foundWithoutPrefix(db, p, 2 * tier.size + 1_000);
    const keep = (id: number) => !zero.has(id) && (upTo2 === null || upTo2.has(id));
    let restSize = tier.size - zero.size;
    if (upTo2) {
      restSize = 0;
      for (const id of upTo2) if (tier.has(id) && keep(id)) restSize++;
    }
    const rest = tier.read(keep, restSize);
    const first = found.length;
    let walked = 0;
    for (let step = searchLimits.walkChunk; found.length < want; step = Math.min(2 * step, TITLE_CHUNK)) {
      const next = await rest.next(step);
      if (!next.length) break;
      const chunk = await inTier(next);
      walked += step;
      const one = new Set((await matchLevels(db, p, chunk, true, false))[1]);
      for (const id of chunk) if (one.has(id) && found.length < want) found.push(id);
      if (found.length < want && ((found.length - first) * rest.size) / Math.min(walked, rest.size) < want - first) return null;
    }
    return found.length >= want ? found.slice(skip, want) : null;
  }
  const found: number[] = [];
  const walk = tier.read();
  let walked = 0;
  for (let step = searchLimits.walkChunk; found.length < want; step = Math.min(2 * step, TITLE_CHUNK)) {
    const chunk = await walk.next(step);
    if (!chunk.length) break;
    walked += chunk.length;
    const inTitle = await inTier(chunk);
    const best = new Set((await matchLevels(db, p, inTitle, true, false))[0]);
    for (const id of inTitle) if (best.has(id) && found.length < want) found.push(id);
    // Too few so far to reach the page at this rate: the full grouping is cheaper than walking on.
    if (found.length < want && (found.length * tier.size) / walked < want) return null;
  }
  return found.length >= want ? found.slice(skip, want) : null;
}

/** A tier's titles read in the order's own order as a walk needs them (`tierInOrder`). */
interface TierOrder {
  /** How many titles. */
  size: number;
  /** Whether a title is in the tier. */
  has: (id: number) => boolean;
  /** The tier's titles that `keep` accepts (`n` of them), in order, a `next(count)` at a time; `size` is their number. */
  read(keep?: (id: number) => boolean, n?: number): { size: number; next(count: number): Promise<number[]> };
  /** The titles of `subset` (part of the tier), in order. */
  ordered(subset: ReadonlySet<number>): Promise<number[]>;
}

/**
 * The titles of `listed` but those whose title key is `notKey`, in `order` (SQLite's relevance walk, ADR 259). Sorted
 * at once in SQL, each title's key looked up by its id (about 1.8 µs a title at a million titles); or, when the
 * tier is dense enough that its first chunks lie near the start of the order's index (`searchLimits.orderWalkMax`),
 * read from that index and tested in JS (about 0.15 µs an entry): a title tier of 18,000 of a million titles gives
 * its first 256 after about 14,000 entries, where sorting all 18,000 took 33 ms (issue 27). Same titles, same order.
 */
async function tierInOrder(db: Db, listed: readonly number[], notKey: string | null, order: RawBuilder<unknown>, want: number): Promise<TierOrder> {
  const span = dialectOf(db) === "sqlite" && listed.length > 0 ? await titleSpan(db) : 0;
  // Index entries read for the first chunks of `n` titles: the chunks' titles times the catalogue's titles per one.
  const walkable = (n: number) => span > 0 && n > 0 && ((want + searchLimits.walkChunk) * span) / n <= searchLimits.orderWalkMax * n;
  const sortSql = (ids: readonly number[]) =>
    sql`SELECT o.cod_acervo AS id FROM (${idList(db, ids)}) m JOIN busca_ordem o ON o.cod_acervo = m.id ORDER BY ${order}`;
  if (walkable(listed.length)) {
    const outside = notKey === null ? [] : await exactTitles(db, notKey, {});
    const inListed = membership(listed);
    const out = new Set(outside);
    const has = out.size ? (id: number) => inListed(id) && !out.has(id) : inListed;
    let size = listed.length;
    for (const id of outside) if (inListed(id)) size--;
    return {
      size,
      has,
      read: (keep, n = size) => {
        const member = keep ? (id: number) => has(id) && keep(id) : has;
        if (walkable(n)) return { size: n, next: orderWalk(db, order, member, Math.ceil(span / n)) };
        // Too sparse a part to walk: sorted once, when first read.
        let list: Promise<number[]> | null = null;
        let at = 0;
        return { size: n, next: async (count) => (await (list ??= idsOf(db, sortSql(listed.filter(member))))).slice(at, (at += count)) };
      },
      ordered: async (subset) => (subset.size ? idsOf(db, sortSql([...subset])) : []),
    };
  }
  const sorted = await idsOf(
    db,
    sql`SELECT o.cod_acervo AS id FROM (${idList(db, listed)}) m JOIN busca_ordem o ON o.cod_acervo = m.id
        WHERE 1 = 1 ${notKey === null ? sql`` : sql`AND o.chave_titulo <> ${notKey}`} ORDER BY ${order}`,
  );
  return {
    size: sorted.length,
    has: membership(sorted),
    read: (keep) => {
      const list = keep ? sorted.filter(keep) : sorted;
      let at = 0;
      return { size: list.length, next: async (count) => list.slice(at, (at += count)) };
    },
    ordered: async (subset) => sorted.filter((id) => subset.has(id)),
  };
}

/**
 * The titles `member` accepts in `order`, read from the order's index a chunk at a time and handed out `count` at
 * a time; `perMember` index entries are expected per title accepted, so a chunk asks for about what is wanted.
 */
function orderWalk(db: Db, order: RawBuilder<unknown>, member: (id: number) => boolean, perMember: number) {
  const ready: number[] = [];
  let offset = 0;
  let done = false;
  return async (count: number): Promise<number[]> => {
    while (ready.length < count && !done) {
      const chunk = Math.max(1_000, Math.ceil(1.25 * (count - ready.length) * perMember), offset);
      const ids = await idsOf(db, sql`SELECT o.cod_acervo AS id FROM busca_ordem o ORDER BY ${order} LIMIT ${chunk} OFFSET ${offset}`);
      offset += ids.length;
      done = ids.length < chunk;
      for (const id of ids) if (member(id)) ready.push(id);
    }
    return ready.splice(0, count);
  };
}

/** Titles of a tier's typed-word candidates (`typedCandidates`) read to find its level 0; with more, a walk finds it. */
const TYPED_MAX = 2_000;

/** The free and title terms (the ones the match levels rank) when the text index can answer for them (SQLite, plain words). */
function hintTerms(db: Db, p: Pick<SearchParams, "termos">) {
  if (dialectOf(db) !== "sqlite") return null;
  const terms = termWords(p.termos).filter((t) => t.tipo === "livre" || t.tipo === "titulo");
  const plain = terms.every((t) => t.groups.every((g) => g.pos.every((w) => queryAlternatives(w).every((a) => PLAIN.test(a)))));
  return terms.length && plain ? terms : null;
}

/** A MATCH of the title field: every term, each its alternatives (OR), each its wanted words (AND) as `alts` spells them. */
function titleFieldQuery(terms: ReturnType<typeof termWords>, alts: (w: string) => string[]): TextQuery {
  const word = (w: string) =>
    `titulo : (${alts(w)
      .map((a) => `"${a}"`)
      .join(" OR ")})`;
  return terms.map((t) => `(${t.groups.map((g) => `(${g.pos.map(word).join(" AND ")})`).join(" OR ")})`).join(" AND ");
}

/** The titles matching `q` anywhere in the catalogue, or null when more than `cap`. */
async function matchingUpTo(db: Db, q: TextQuery, cap: number): Promise<Set<number> | null> {
  const ids = await idsOf(db, sql`SELECT rowid AS id FROM acervo_busca WHERE acervo_busca MATCH ${q} LIMIT ${cap + 1}`);
  return ids.length > cap ? null : new Set(ids);
}

/**
 * Of a title tier's titles (`inTier`), the ones having every free word as typed in the title field (one
 * MATCH of the folded words, ADR 267): every title of level 0 and perhaps a few more (a stem can be spelled like
 * a word). Null when the text index cannot say, or when there are `max` or more (at most TYPED_MAX).
 */
async function typedCandidates(db: Db, p: Pick<SearchParams, "termos">, inTier: (id: number) => boolean, max: number): Promise<number[] | null> {
  const terms = hintTerms(db, p);
  const below = Math.min(TYPED_MAX, Math.ceil(max));
  // The catalogue's typed matches are the tier's unless a filter narrowed it: twice the bound, then give up.
  const found =
    terms && below > 0
      ? await matchingUpTo(
          db,
          titleFieldQuery(terms, (w) => [fold(w)]),
          2 * below + 100,
        )
      : null;
  const typed = found && [...found].filter(inTier);
  return typed && typed.length < below ? typed : null;
}

/**
 * The titles (of the catalogue) the free words find without the last word's prefix: a title tier's levels 0–2
 * (ADR 267); its other titles matched only through the prefix (level 3). Null when no word is a prefix (every
 * title of the tier is in levels 0–2), the text index cannot say, or the set is larger than `cap`.
 */
async function foundWithoutPrefix(db: Db, p: Pick<SearchParams, "termos">, cap: number): Promise<Set<number> | null> {
  const terms = hintTerms(db, p);
  if (!terms?.some((t) => t.groups.some((g, gi) => g.pos.some((_, i) => isPrefix(t, gi, i))))) return null;
  return matchingUpTo(db, titleFieldQuery(terms, queryAlternatives), cap);
}

/**
 * How well each title of the title tier matched the free terms' words (ADR 250), as groups of ids, best first
 * (empty groups left out): 0 every word as typed (folded) in the title or subtitle; 1 each word as typed or by its
 * stem in the patron's language (the same stem of a title word); 2 by another language's stem; 3 only by the
 * last word's prefix. A term's alternatives (OR, ADR 223) take their best level. Read from the titles' own
 * words (the index text cannot tell a word from a stem that happens to be spelled like one).
 */
async function matchLevels(
  db: Db,
  p: Pick<SearchParams, "termos" | "lingua">,
  ids: readonly number[],
  keepEmpty = false,
  useHints = true,
): Promise<number[][]> {
  const terms = termWords(p.termos).filter((t) => t.tipo === "livre" || t.tipo === "titulo");
  if (!terms.length) return keepEmpty ? [ids.slice(), [], [], []] : [ids.slice()];
  const query = terms.map((t) =>
    t.groups.map((g) => g.pos.map((w) => ({ typed: fold(w), stem: patronStem(w, p.lingua), alts: queryAlternatives(w) }))),
  );
  const levels: number[][] = [[], [], [], []];
  // Titles the text index finds only through the last word's prefix are at level 3 without being read (a prefix
  // such as `econ`: most of its tier).
  const upTo2 = useHints && ids.length >= searchLimits.levelHintMin ? await foundWithoutPrefix(db, p, 2 * ids.length + 1_000) : null;
  const read = upTo2 ? ids.filter((id) => upTo2.has(id)) : ids;
  if (upTo2) for (const id of ids) if (!upTo2.has(id)) levels[3].push(id);
  for (let i = 0; i < read.length; i += TITLE_CHUNK) {
    const rows = await db
      .selectFrom("acervo")
      .select(["cod_acervo", "titulo", "subtitulo", "idioma"])
      .where("cod_acervo", "in", read.slice(i, i + TITLE_CHUNK))
      .execute();
    const byId = new Map(rows.map((r) => [r.cod_acervo, r]));
    for (const id of read.slice(i, i + TITLE_CHUNK)) {
      const r = byId.get(id);
      if (!r) continue;
      const ws = words(`${r.titulo} ${r.subtitulo ?? ""}`);
      const typed = new Set(ws.map(fold));
      // The title's stems (patron's language, then its own languages' index terms) are computed only when a word
      // is not there as typed: most of a middle-band word's title tier matches as typed (level 0), and stemming
      // every word of every title was most of a search's CPU (issue 27).
      let stems: Set<string> | null = null;
      let indexed: Set<string> | null = null;
      // A patron-language stem counts where the text index finds the word without its prefix (always, when the
      // record is indexed with the patron's stemmer): a title found only through the prefix is a prefix match.
      const samePatronStems = indexesPatronStems(r.idioma, p.lingua);
      const inIndex = (w: { alts: string[] }) =>
        w.alts.some((a) => (indexed ??= new Set(indexText([r.titulo, r.subtitulo], stemmersFor(r.idioma)).split(" "))).has(a));
      const wordLevel = (w: { typed: string; stem: string; alts: string[] }) => {
        if (typed.has(w.typed)) return 0;
        if (w.stem.length >= 2 && (stems ??= new Set(ws.map((x) => patronStem(x, p.lingua)))).has(w.stem))
          return samePatronStems || inIndex(w) ? 1 : 3;
        return inIndex(w) ? 2 : 3;
      };
      const level = Math.max(0, ...query.map((groups) => Math.min(...groups.map((g) => Math.max(0, ...g.map(wordLevel))))));
      levels[level].push(id);
    }
  }
  return keepEmpty ? levels : levels.filter((l) => l.length > 0);
}

/** The exact number of titles a search finds (no page is read). */
export async function searchCount(db: Db, p: Pick<SearchParams, "termos" | "guia" | "opcoes" | "filtros">): Promise<number> {
  const c = await compile(db, p.termos);
  return c ? countOf(db, matchIds(db, c.all, p, await cachedPlan(db, c, p))) : 0;
}

/** The result rows of the given titles, in the given order, with their copy counts. */
export async function hitsOf(db: Db, ids: number[]): Promise<SearchHit[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<SearchHit>`
    SELECT a.cod_acervo, a.titulo, a.subtitulo, a.autor, a.editora, a.local_publicacao, a.ano_publicacao, a.edicao,
           a.cod_tipo_obra, a.idioma, a.isbn, a.chamada, a.link_capa, a.acesso_remoto, a.possui_acessibilidade,
           t.descricao AS desc_tipo_obra,
           (SELECT count(*) FROM exemplar e WHERE e.cod_acervo = a.cod_acervo) AS exemplares,
           (SELECT count(*) FROM exemplar e WHERE e.cod_acervo = a.cod_acervo AND e.situacao = 'disponivel') AS disponiveis,
           (SELECT count(*) FROM busca_ordem own JOIN busca_ordem o ON o.chave_obra = own.chave_obra
             WHERE own.cod_acervo = a.cod_acervo) AS edicoes
    FROM acervo a LEFT JOIN tipo_obra t ON t.cod_tipo_obra = a.cod_tipo_obra
    WHERE a.cod_acervo IN (${sql.join(ids)})`.execute(db);
  // The editions of each title's work in the same statement as its row (one round trip fewer on PostgreSQL); a
  // title without a work key counts as its own one edition, as `editionCounts` answers.
  const byId = new Map<number, SearchHit>(
    rows.map((r) => [
      Number(r.cod_acervo),
      { ...r, exemplares: Number(r.exemplares), disponiveis: Number(r.disponiveis), edicoes: Number(r.edicoes) || 1 },
    ]),
  );
  return ids.map((id) => byId.get(id)).filter((h): h is SearchHit => !!h);
}

const HASH_BUCKETS = 65_536;

/**
 * Whether a title falls in the facet sample: a multiplicative (Fibonacci) hash of its id below `k` of
 * HASH_BUCKETS buckets. The hash scatters consecutive ids (an import batch, a collection) over every bucket,
 * so the sample is a uniform draw of the whole hit set, never a prefix of it.
 */
function sampleCondition(db: Db, id: RawBuilder<unknown>, k: number): RawBuilder<unknown> {
  return dialectOf(db) === "postgres"
    ? sql`((${id})::bigint * 2654435761) % ${sql.lit(HASH_BUCKETS)} < ${sql.lit(k)}`
    : sql`(${id} * 2654435761) % ${sql.lit(HASH_BUCKETS)} < ${sql.lit(k)}`;
}

/** How a facet count is taken: every text match (`k` null), or the sample of `k` buckets of `n` matches. */
export interface FacetScope {
  /** Text matches under the tab and its options (filters not applied). */
  n: number;
  k: number | null;
  /** The compiled text query. */
  all: TextQuery;
  /** SQLite: the ids of the titles counted (every match, or the sample), read in the pass that counted them. */
  ids?: number[];
  /**
   * A sample drawn by buckets of the catalogue (`bucketScope`): how many matches each sampled one stands for
   * (65,536 / k), since `n` is then only a guess.
   */
  weight?: number;
}

/** The multiplier of the sample hash, 2654435761, mod 65,536, and its inverse mod 65,536 (31,153 × 12,113 ≡ 1). */
const HASH_LOW = 31_153;
const HASH_INVERSE = 12_113;

/** The sample bucket of a title id, as `sampleCondition` computes it in SQL: (id × 2654435761) mod 65,536, exactly. */
function bucketOf(id: number): number {
  // Only the low 16 bits of each factor reach the result; 2654435761 mod 65,536 = 31,153.
  return ((id % HASH_BUCKETS) * HASH_LOW) % HASH_BUCKETS;
}

/**
 * The title ids up to `span` whose sample bucket is under `k`, ascending: the bucket is a bijection of the id's
 * residue mod 65,536, so they are the ids congruent to the k residues `b × HASH_INVERSE` (b < k).
 */
function bucketIds(k: number, span: number): number[] {
  const out: number[] = [];
  for (let b = 0; b < k; b++) {
    const r = (b * HASH_INVERSE) % HASH_BUCKETS;
    for (let id = r === 0 ? HASH_BUCKETS : r; id <= span; id += HASH_BUCKETS) out.push(id);
  }
  return out.sort((a, b) => a - b);
}

/** Buckets of the sample for `n` matches. */
const sampleBuckets = (n: number, size = searchLimits.facetSample) => Math.min(HASH_BUCKETS, Math.ceil((HASH_BUCKETS * size) / n));

/**
 * The text matches (tab and options applied, filters not) the facets count, and whether they are sampled.
 * SQLite reads the matches once (ADR 105): up to `facetExactMax` their ids; above, one pass counts them and
 * keeps the ids of a generous sample (its size guessed from where the first ids ended), cut to the exact
 * sample in JS; only when the guess was four times too large is there a second pass. The sample is the same
 * whatever the guess: the buckets under `k`, with `k` from the exact count.
 */
export async function facetScope(db: Db, p: Pick<SearchParams, "termos" | "guia" | "opcoes">): Promise<FacetScope | null> {
  const c = await compile(db, p.termos);
  if (!c) return null;
  const text = matchIds(db, c.all, { guia: p.guia, opcoes: p.opcoes }, null);
  // A plain text query shares the search's pass; a tab rule or options are read here (not cached: they depend
  // on the titles' rows too).
  const pass =
    dialectOf(db) === "postgres"
      ? null
      : plain({ guia: p.guia, opcoes: p.opcoes })
        ? await textPass(db, c.all)
        : await readMatches(db, text, searchLimits.facetExactMax);
  return scopeOf(db, text, pass, c.all, false);
}

/**
 * The text matches (tab and options applied, filters not) as the facets of a search WITH filters count them
 * (ADR 105, "A sample without a pass"): up to `facetExactMax` every one; above, a uniform sample drawn from the
 * catalogue's ids by bucket (`bucketIds`), each title's stored text tested in JS (`textMatches`), so no pass
 * of the text index is needed: a broad word's full pass costs more than the whole sample. The number of buckets
 * comes from a guess of the matches (where the first facetExactMax + 1 of them ended), and each sampled title
 * stands for 65,536 / k matches. No tab rule or options, and on SQLite a plain query; otherwise `facetScope`.
 * PostgreSQL's facets always sample this way (it has no pass to share, and a pass there is seconds at 1M).
 */
export async function bucketScope(db: Db, p: Pick<SearchParams, "termos" | "guia" | "opcoes">): Promise<FacetScope | null> {
  const c = await compile(db, p.termos);
  if (!c) return null;
  // Without a rule (a query word beyond plain ASCII) SQLite would probe each sampled title: the pass is cheaper.
  // PostgreSQL tests a title by its primary key and stored tsvector either way (the rule is SQLite's).
  const pg = dialectOf(db) === "postgres";
  if (!plainTab(p) || (!pg && !c.rule)) return facetScope(db, p);
  const first = await firstMatches(db, c.all);
  if (first.length <= searchLimits.facetExactMax) return { n: first.length, k: null, all: c.all, ids: first };
  const span = await titleSpan(db);
  const guess = guessMatches(first, span);
  let k = sampleBuckets(guess, searchLimits.facetRestSample);
  // SQLite: each sampled title stands for a fixed 65,536 / k matches.
  if (!pg) return { n: guess, k, all: c.all, ids: await textMatches(db, c, bucketIds(k, span)), weight: HASH_BUCKETS / k };
  let ids = await textMatches(db, c, bucketIds(k, span));
  // A guess far too low (PostgreSQL returns the first matches in the table's physical order, not by id) gives a
  // sample far too large: it is cut to the buckets its own rate says are enough, a subset drawn the same way.
  if (ids.length > 2 * searchLimits.facetRestSample) {
    k = Math.max(1, Math.floor((k * searchLimits.facetRestSample) / ids.length));
    ids = ids.filter((id) => bucketOf(id) < k);
  }
  return { n: guess, k, all: c.all, ids, weight: HASH_BUCKETS / k };
}

/**
 * The titles a search with filters finds (every filter applied), as the facets count them (ADR 105, "Honest
 * facets"): up to `facetExactMax` every one, above a uniform sample of them. SQLite shares the search's pass.
 */
export async function hitScope(db: Db, p: Pick<SearchParams, "termos" | "guia" | "opcoes" | "filtros">): Promise<FacetScope | null> {
  const c = await compile(db, p.termos);
  if (!c) return null;
  const plan = await cachedPlan(db, c, p);
  const text = matchIds(db, c.all, p, plan);
  const pass =
    dialectOf(db) === "postgres"
      ? null
      : plainTab(p)
        ? await filteredPass(db, c.all, p, plan)
        : await readMatches(db, text, searchLimits.facetExactMax);
  return scopeOf(db, text, pass, c.all, true);
}

/**
 * The scope of the matches `text` lists: every id, or a sample's, from the SQLite pass or (PostgreSQL) counted
 * here; PostgreSQL lists the ids only when asked (`listed`), otherwise the facets select the matches in SQL.
 */
async function scopeOf(db: Db, text: RawBuilder<unknown>, pass: TextPass | null, all: TextQuery, listed: boolean): Promise<FacetScope> {
  if (!pass) {
    const n = await countOf(db, text);
    const k = n > searchLimits.facetExactMax ? sampleBuckets(n) : null;
    if (!listed) return { n, k, all };
    return { n, k, all, ids: await idsOf(db, k === null ? text : sql`SELECT m.id FROM (${text}) m WHERE ${sampleCondition(db, sql`m.id`, k)}`) };
  }
  if (pass.n <= searchLimits.facetExactMax) return { n: pass.n, k: null, all, ids: pass.first.slice(0, pass.n) };
  const k = sampleBuckets(pass.n);
  const ids = pass.all
    ? Array.from(pass.all).filter((id) => bucketOf(id) < k)
    : await idsOf(db, sql`SELECT m.id FROM (${text}) m WHERE ${sampleCondition(db, sql`m.id`, k)}`);
  return { n: pass.n, k, all, ids };
}

/**
 * The rows (`lean` columns of `acervo a`) the facets count: the ids the scope read (SQLite), or every text match
 * or its sample (PostgreSQL).
 */
export function facetCandidates(db: Db, p: Pick<SearchParams, "guia" | "opcoes">, lean: RawBuilder<unknown>, scope: FacetScope): RawBuilder<unknown> {
  if (scope.ids) return sql`SELECT ${lean} FROM (${idList(db, scope.ids)}) m JOIN acervo a ON a.cod_acervo = m.id`;
  return sql`SELECT ${lean} FROM ${pgTextIds(scope.all)} JOIN acervo a ON a.cod_acervo = b.cod_acervo
             WHERE 1 = 1 ${guiaFilter(p.guia)} ${tabOptionsWhere(p.opcoes)}
               ${scope.k === null ? sql`` : sql`AND ${sampleCondition(db, sql`b.cod_acervo`, scope.k)}`}`;
}

/**
 * Which of `candidates` (title ids, e.g. the titles added since a saved search last looked) the search matches,
 * in id order: the saved-search alert job's test (ADR 248). The match set is joined to the candidates, so a
 * search matching much of the catalogue costs one pass, never a page walk.
 */
export async function matchingAmong(
  db: Db,
  p: Pick<SearchParams, "termos" | "guia" | "filtros" | "opcoes">,
  candidates: readonly number[],
): Promise<number[]> {
  if (candidates.length === 0) return [];
  const c = await compile(db, p.termos);
  if (!c) return [];
  const plan = await cachedPlan(db, c, p);
  return idsOf(
    db,
    sql`SELECT m.id AS id FROM (${matchIds(db, c.all, p, plan)}) m WHERE m.id IN (SELECT id FROM (${idList(db, candidates)}) k) ORDER BY m.id`,
  );
}
