import { sql, type Kysely } from "kysely";
import { dialectOf, type Db } from "../db/index.ts";
import { insertRows } from "../db/bulk-insert.ts";
import { browseEntries, filingTitle, type BrowseSource } from "./browse-rules.ts";
import { derivedFacets, DERIVED_FACET_TYPES, marcObject, type DerivedValue, type FacetSource, type MarcJson } from "./derived-facets.ts";
import { isbnIndexForms, issnIndexForms } from "./identifiers.ts";
import { guidesOf, type GuideSource } from "./filters.ts";
import { distinctTerms, fold, indexText, stemmersFor, words } from "./text.ts";
import { bumpTextGeneration, optimizeTextIndex, writeTerms } from "./terms.ts";

const BATCH = 500;

interface IndexSource {
  cod_acervo: number;
  titulo: string;
  /** How many leading characters of the title it files without (migration 086); missing: none. */
  titulo_caracteres_ignorados?: number | null;
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

/** The four weighted fields of one title's index entry; `terms` collects their terms (see indexText). */
export function searchDocument(a: IndexSource, terms?: Set<string>): { titulo: string; autor: string; assunto: string; outros: string } {
  const langs = stemmersFor(a.idioma);
  return {
    titulo: indexText([a.titulo, a.subtitulo], langs, terms),
    autor: indexText([a.autor, ...jsonList(a.autores_secundarios)], langs, terms),
    assunto: indexText(jsonList(a.assuntos), langs, terms),
    outros: indexText(
      [
        a.editora,
        a.serie,
        ...jsonList(a.notas),
        a.isbn,
        ...isbnIndexForms(a.isbn),
        a.issn,
        ...issnIndexForms(a.issn),
        a.chamada,
        a.classificacao,
        a.local_publicacao,
      ],
      langs,
      terms,
    ),
  };
}

/** A title as the index reads it: its `acervo` columns, the addresses of its links and its MARC-in-JSON record (text or parsed). */
export interface TitleIndexRow extends IndexSource {
  ano_publicacao: number | null;
  marc: string | MarcJson;
  links: string[];
}

const INDEX_COLUMNS = [
  "cod_acervo",
  "titulo",
  "titulo_caracteres_ignorados",
  "subtitulo",
  "autor",
  "autores_secundarios",
  "assuntos",
  "editora",
  "serie",
  "notas",
  "isbn",
  "issn",
  "chamada",
  "classificacao",
  "local_publicacao",
  "idioma",
  "ano_publicacao",
  "marc",
] as const;

/**
 * Rebuilds the search index entries of the given titles (all titles when omitted): each batch of 500 is read
 * once (titles and their links) and written in one transaction by {@link writeTitleIndex}.
 */
export async function reindexAcervos(db: Db, codAcervos?: number[]): Promise<void> {
  const run = async (ids: number[]) => {
    const rows = await indexRows(db, ids);
    await db.transaction().execute((trx) => writeTitleIndex(trx, rows, ids));
  };
  if (!codAcervos) {
    bumpTextGeneration();
    await sql`DELETE FROM acervo_busca`.execute(db);
  }
  await forEachBatch(db, codAcervos, run);
  // A whole rebuild leaves the text index in many segments: merged into one, every query reads less.
  if (!codAcervos) await optimizeTextIndex(db);
}

/** The given titles as the index reads them: their `acervo` columns and the addresses of their links. */
async function indexRows(db: Kysely<any>, ids: readonly number[]): Promise<TitleIndexRow[]> {
  const [rows, links] = await Promise.all([
    db.selectFrom("acervo").select(INDEX_COLUMNS).where("cod_acervo", "in", ids).execute(),
    db.selectFrom("acervo_link").select(["cod_acervo", "url"]).where("cod_acervo", "in", ids).execute(),
  ]);
  const linksOf = new Map<number, string[]>();
  for (const l of links) linksOf.set(l.cod_acervo, [...(linksOf.get(l.cod_acervo) ?? []), l.url]);
  return (rows as Array<Omit<TitleIndexRow, "links">>).map((r) => ({ ...r, links: linksOf.get(r.cod_acervo) ?? [] }));
}

/**
 * Rewrites the index entries of the given titles (at most a few hundred) inside the caller's transaction: for a
 * migration, which already runs in one on PostgreSQL.
 */
export async function reindexTitlesIn(trx: Kysely<any>, ids: readonly number[]): Promise<void> {
  if (ids.length) await writeTitleIndex(trx, await indexRows(trx, ids), ids);
}

/**
 * What one title adds to the search index, computed from its row alone (no database): the four text fields,
 * its tabs, browse entries, derived facet values, sort keys and vocabulary. Flat arrays of strings and numbers,
 * so a worker thread can compute it and post it cheaply (the MARC importer's bulk mode, ADR 101: copying a
 * message costs per object, and one small array per browse entry, facet value or word cost the writing thread
 * a third more to receive).
 */
export interface TitleIndexEntry {
  /** The text index's fields: titulo, autor, assunto, outros. */
  text: [string, string, string, string];
  guides: string[];
  /** Browse entries, three strings each: index, sort key, value shown. */
  browse: string[];
  /** Derived facet values, three strings each: type, code, label. */
  facets: string[];
  /** Sort keys and work key (`busca_ordem` without the title id). */
  order: [string, number, string, number, string, number, string | null];
  /** The title's vocabulary, two strings a word: folded word, its first accented form; in the title's order. */
  vocabulary: string[];
}

/**
 * Computes a title's index entry (see {@link TitleIndexEntry}); `cod_acervo` is not read. `terms` collects the
 * terms of its text (see indexText), for {@link writeIndexEntries}.
 */
export function titleIndexEntry(row: Omit<TitleIndexRow, "cod_acervo">, terms?: Set<string>): TitleIndexEntry {
  const d = searchDocument(row as TitleIndexRow, terms);
  const marc = marcObject(row.marc);
  const browse: string[] = [];
  for (const e of browseEntries(row)) browse.push(e.indice, e.chave, e.valor);
  const facets: string[] = [];
  for (const v of derivedFacets({ ...row, marc })) facets.push(v.tipo, v.codigo, v.descricao);
  const vocabulary: string[] = [];
  for (const [folded, form] of titleVocabulary(row)) vocabulary.push(folded, form);
  return {
    text: [d.titulo, d.autor, d.assunto, d.outros],
    guides: guidesOf(guideSource(marc, row.assuntos)),
    browse,
    facets,
    order: orderKeys(row),
    vocabulary,
  };
}

/**
 * Text index terms, vocabulary words and derived facet values a writer knows to be stored already (committed by
 * its earlier batches): terms and words are left out of the inserts, which would skip them anyway, and a known
 * facet value's id is not looked up again (the three tables only ever grow). The MARC importer keeps one per run
 * and adds what {@link writeIndexEntries} returns once its transaction has committed.
 */
export interface KnownWords {
  terms: Set<string>;
  words: Set<string>;
  /** `type:code` → `faceta_valor.cod_valor`. */
  facets: Map<string, number>;
}

/**
 * Writes the whole index entry of the given titles inside the caller's transaction: text index, tabs, browse
 * entries, derived facet values, sort keys and vocabulary, each with multi-row inserts. A writer that has the
 * titles' rows in hand (the MARC importer, inside the transaction that wrote them) calls it directly instead
 * of re-reading them. `clear` lists the titles whose old entries to delete first (default: all of `rows`).
 */
export async function writeTitleIndex(
  trx: Kysely<any>,
  rows: TitleIndexRow[],
  clear: readonly number[] = rows.map((r) => r.cod_acervo),
): Promise<void> {
  await writeIndexEntries(
    trx,
    rows.map((r) => ({ cod_acervo: r.cod_acervo, entry: titleIndexEntry(r) })),
    clear,
  );
}

/**
 * {@link writeTitleIndex} for entries already computed by {@link titleIndexEntry}. The terms, vocabulary words and
 * facet values in `known` are not inserted (or looked up) again; returns the ones it inserted or found. `terms`:
 * the distinct terms of these titles' texts, when the caller has them (from what {@link titleIndexEntry}
 * collected); else their texts are read.
 */
export async function writeIndexEntries(
  trx: Kysely<any>,
  titles: ReadonlyArray<{ cod_acervo: number; entry: TitleIndexEntry }>,
  clear: readonly number[] = titles.map((t) => t.cod_acervo),
  known?: KnownWords,
  terms?: Iterable<string>,
): Promise<KnownWords> {
  const pg = dialectOf(trx) === "postgres";
  bumpTextGeneration();
  for (let i = 0; i < clear.length; i += BATCH) {
    const ids = clear.slice(i, i + BATCH);
    if (pg) await sql`DELETE FROM acervo_busca WHERE cod_acervo IN (${sql.join(ids)})`.execute(trx);
    else await sql`DELETE FROM acervo_busca WHERE rowid IN (${sql.join(ids)})`.execute(trx);
    for (const table of ["acervo_guia", "indice_entrada", "acervo_faceta", "busca_ordem"] as const)
      await trx.deleteFrom(table).where("cod_acervo", "in", ids).execute();
  }
  const written: KnownWords = { terms: new Set(), words: new Set(), facets: new Map() };
  if (!titles.length) return written;
  const docs = titles.map(({ cod_acervo, entry }) => [cod_acervo, ...entry.text]);
  if (pg) await insertRows(trx, "acervo_busca", ["cod_acervo", "documento"], docs, { rowSql: pgDocument });
  else {
    await insertRows(trx, "acervo_busca", ["rowid", "titulo", "autor", "assunto", "outros"], docs);
    written.terms = terms ? new Set(terms) : distinctTerms(titles.flatMap(({ entry }) => entry.text));
    if (known) for (const t of written.terms) if (known.terms.has(t)) written.terms.delete(t);
    await writeTerms(trx, written.terms);
  }
  const browse: unknown[][] = [];
  for (const { cod_acervo, entry: e } of titles)
    for (let i = 0; i < e.browse.length; i += 3) browse.push([e.browse[i], e.browse[i + 1], e.browse[i + 2], cod_acervo]);
  await writeGuideRows(
    trx,
    titles.flatMap(({ cod_acervo, entry }) => entry.guides.map((g) => [g, cod_acervo])),
    byBrowseKey(browse),
  );
  written.facets = await writeFacets(
    trx,
    titles.map(({ cod_acervo, entry }) => ({ cod_acervo, values: entry.facets })),
    known?.facets,
  );
  const vocab = new Map<string, string>();
  for (const { entry: e } of titles) {
    for (let i = 0; i < e.vocabulary.length; i += 2)
      if (!vocab.has(e.vocabulary[i]) && !known?.words.has(e.vocabulary[i])) vocab.set(e.vocabulary[i], e.vocabulary[i + 1]);
  }
  await writeOrderRows(
    trx,
    titles.map(({ cod_acervo, entry }) => [cod_acervo, ...entry.order]),
    vocab,
  );
  written.words = new Set(vocab.keys());
  return written;
}

/**
 * Browse entries sorted by their key (index, sort key): inserted in key order, they land on neighbouring pages
 * of the key's B-tree instead of random ones (measured: about a third less time storing them).
 */
function byBrowseKey(rows: unknown[][]): unknown[][] {
  return rows.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0));
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** PostgreSQL's document: the four fields as one tsvector weighted A–D. */
const pgDocument = ([cod, titulo, autor, assunto, outros]: string[]) =>
  `(${cod}, setweight(to_tsvector('simple', ${titulo}), 'A') || setweight(to_tsvector('simple', ${autor}), 'B') || ` +
  `setweight(to_tsvector('simple', ${assunto}), 'C') || setweight(to_tsvector('simple', ${outros}), 'D'))`;

/**
 * Indexes titles just written to (or changed in) `acervo`: the stable entry point for writers such as the
 * MARC importer. Call it once per batch written (any number of ids; it works in chunks of 500): it rewrites
 * each title's text index entry, browse entries, tabs, derived facet values, sort keys and vocabulary.
 */
export async function indexTitles(db: Db, codAcervos: readonly number[]): Promise<void> {
  await reindexAcervos(db, [...codAcervos]);
}

/** The folded words of a title as one key: "História do Brasil." and "historia do brasil" are the same title. */
export function titleKey(text: string): string {
  return words(text).map(fold).join(" ");
}

/** Shortest and longest word kept in the vocabulary of the "did you mean" suggestions. */
const VOCAB_MIN = 3;
const VOCAB_MAX = 30;

/** The words a title adds to the vocabulary: folded word → the first accented form seen. */
export function vocabularyOf(texts: Array<string | null | undefined>): Map<string, string> {
  const out = new Map<string, string>();
  for (const text of texts) {
    for (const w of words(text)) {
      if (w.length < VOCAB_MIN || w.length > VOCAB_MAX || /^\p{N}+$/u.test(w)) continue;
      const f = fold(w);
      if (!out.has(f)) out.set(f, w);
    }
  }
  return out;
}

type OrderSource = {
  cod_acervo: number;
  titulo: string;
  /** How many leading characters the title files without (migration 086); missing: none. */
  titulo_caracteres_ignorados?: number | null;
  subtitulo: string | null;
  autor: string | null;
  autores_secundarios: string;
  assuntos: string;
  ano_publicacao: number | null;
};

/**
 * Recomputes the sort keys (`busca_ordem`) of the given titles, or of every title, and adds their words to
 * the vocabulary (`busca_palavra`). Words are only ever added: a word whose titles are gone is skipped by
 * the suggestions, which count each candidate's titles before offering it.
 */
export async function reindexOrder(db: Kysely<any>, codAcervos?: number[]): Promise<void> {
  await forEachBatch(db, codAcervos, async (ids) => {
    const rows = (await db
      .selectFrom("acervo")
      .select(["cod_acervo", "titulo", "titulo_caracteres_ignorados", "subtitulo", "autor", "autores_secundarios", "assuntos", "ano_publicacao"])
      .where("cod_acervo", "in", ids)
      .execute()) as OrderSource[];
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("busca_ordem").where("cod_acervo", "in", ids).execute();
      await writeOrder(trx, rows);
    });
  });
}

/**
 * The work a title is an edition of (ADR 244): its filing title (no initial article, no subtitle) and its main
 * author without dates, folded. "O Guarani" by "Alencar, José de, 1829-1877" and "Guarani" by "ALENCAR, José de"
 * are one work. Null for an untitled record ("[s.t.]"), which is no work of its own.
 */
export function workKey(r: { titulo: string; titulo_caracteres_ignorados?: number | null; autor: string | null }): string | null {
  const title = titleKey(filingTitle(r.titulo, r.titulo_caracteres_ignorados));
  if (!title || r.titulo.trim() === "[s.t.]") return null;
  const author = words(r.autor)
    .filter((w) => !/^\p{N}+$/u.test(w))
    .map(fold)
    .join(" ");
  return `${title}|${author}`;
}

/** The sort keys of a title and its work key (`busca_ordem` without its id). */
function orderKeys(r: Omit<OrderSource, "cod_acervo">): TitleIndexEntry["order"] {
  return [
    titleKey(r.titulo),
    words(r.titulo).length,
    // "Title (A–Z)" files a title without its initial article, as the title browse does (ADR 216).
    fold(filingTitle(r.titulo, r.titulo_caracteres_ignorados).trim()),
    r.autor?.trim() ? 0 : 1,
    fold(r.autor?.trim() ?? ""),
    // Titles without a year come last when sorted by year, newest first.
    r.ano_publicacao ?? -1,
    workKey(r),
  ];
}

/** The words a title adds to the vocabulary (titles, authors, subjects). */
function titleVocabulary(r: Omit<OrderSource, "cod_acervo">): Map<string, string> {
  return vocabularyOf([r.titulo, r.subtitulo, r.autor, ...jsonList(r.autores_secundarios), ...jsonList(r.assuntos)]);
}

async function writeOrder(trx: Kysely<any>, rows: OrderSource[]) {
  const vocab = new Map<string, string>();
  for (const r of rows) for (const [k, v] of titleVocabulary(r)) if (!vocab.has(k)) vocab.set(k, v);
  await writeOrderRows(
    trx,
    rows.map((r) => [r.cod_acervo, ...orderKeys(r)]),
    vocab,
  );
}

async function writeOrderRows(trx: Kysely<any>, order: unknown[][], vocab: Map<string, string>) {
  await insertRows(
    trx,
    "busca_ordem",
    ["cod_acervo", "chave_titulo", "palavras", "titulo_ord", "sem_autor", "autor_ord", "ano_ord", "chave_obra"],
    order,
  );
  // The call-number key (migration 114) from the titles' copies: the triggers on `exemplar` keep it from here on.
  for (const part of chunks(order, BATCH)) {
    await sql`UPDATE busca_ordem SET chamada_ord = x.c
              FROM (SELECT cod_acervo, min(chamada) AS c FROM exemplar
                    WHERE cod_acervo IN (${sql.join(part.map((r) => r[0]))}) AND chamada <> '' GROUP BY cod_acervo) x
              WHERE busca_ordem.cod_acervo = x.cod_acervo`.execute(trx);
  }
  await insertRows(trx, "busca_palavra", ["palavra", "forma"], [...vocab], { tail: "ON CONFLICT (palavra) DO NOTHING" });
}

/**
 * The MARC fields the index reads from a title's record: 6XX (form subdivisions and genres, for the tabs) and
 * 856 (related links, left out of the repository facet). A writer that builds the MARC-in-JSON object only
 * for the index may keep just these (the MARC importer does; its test compares with a full rebuild).
 */
export function indexReadsMarcField(tag: string): boolean {
  return tag[0] === "6" || tag === "856";
}

/** Reads the leader, subjects and genre/form headings of a stored MARC-in-JSON record. */
function guideSource(rec: MarcJson | null, assuntos: string): GuideSource {
  const src: GuideSource = { leader: rec?.leader ?? "", assuntos: jsonList(assuntos), formas: [] };
  // A record that is not MARC-in-JSON simply belongs to no MARC-derived tab.
  for (const f of Array.isArray(rec?.fields) ? rec.fields : []) {
    const tag = Object.keys(f)[0];
    if (tag === undefined || tag[0] !== "6" || !/^6\d\d$/.test(tag)) continue;
    const body = f[tag];
    if (typeof body !== "object" || body === null) continue;
    for (const sf of (body as { subfields?: Array<Record<string, string>> }).subfields ?? []) {
      const code = Object.keys(sf)[0];
      if (code !== undefined && (code === "v" || (tag === "655" && code === "a"))) src.formas.push(String(sf[code]));
    }
  }
  return src;
}

/**
 * Recomputes the derived facet values (acervo_faceta, faceta_valor; ADR 068) of the given titles, or of every
 * title when omitted. Values are shared: a new (type, code) gets an id once and keeps its first label.
 */
export async function reindexFacets(db: Kysely<any>, codAcervos?: number[]): Promise<void> {
  await forEachBatch(db, codAcervos, async (ids) => {
    const [rows, links] = await Promise.all([
      db
        .selectFrom("acervo")
        .select(["cod_acervo", "autor", "autores_secundarios", "assuntos", "editora", "local_publicacao", "serie", "marc"])
        .where("cod_acervo", "in", ids)
        .execute(),
      db.selectFrom("acervo_link").select(["cod_acervo", "url"]).where("cod_acervo", "in", ids).execute(),
    ]);
    const linksOf = new Map<number, string[]>();
    for (const l of links as Array<{ cod_acervo: number; url: string }>) linksOf.set(l.cod_acervo, [...(linksOf.get(l.cod_acervo) ?? []), l.url]);
    const perTitle = (rows as Array<Omit<FacetSource, "links"> & { cod_acervo: number }>).map((r) => ({
      cod_acervo: r.cod_acervo,
      values: derivedFacets({ ...r, links: linksOf.get(r.cod_acervo) ?? [] }).flatMap((v) => [v.tipo, v.codigo, v.descricao]),
    }));
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("acervo_faceta").where("cod_acervo", "in", ids).execute();
      await writeFacets(trx, perTitle);
    });
  });
}

/**
 * Links titles to their derived facet values (`values`: type, code, label, …), adding the values not stored yet.
 * `known` holds ids already committed; returns the ids it looked up or added.
 */
async function writeFacets(
  trx: Kysely<any>,
  perTitle: Array<{ cod_acervo: number; values: string[] }>,
  known?: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  // A value's label is the first one seen (a Map built from the list would keep each key's last one, so the label
  // would depend on where a batch starts).
  const distinct = new Map<string, DerivedValue>();
  for (const t of perTitle) {
    for (let i = 0; i < t.values.length; i += 3) {
      const key = `${t.values[i]}:${t.values[i + 1]}`;
      if (!known?.has(key) && !distinct.has(key))
        distinct.set(key, { tipo: t.values[i] as DerivedValue["tipo"], codigo: t.values[i + 1], descricao: t.values[i + 2] });
    }
  }
  const found = new Map<string, number>();
  // Most values exist already once a catalogue is under way: look them up by type, insert only the new ones.
  const lookUp = async (values: DerivedValue[]) => {
    for (const tipo of DERIVED_FACET_TYPES) {
      for (const codes of chunks(
        values.filter((v) => v.tipo === tipo).map((v) => v.codigo),
        500,
      )) {
        const rows = (await trx
          .selectFrom("faceta_valor")
          .select(["cod_valor", "codigo"])
          .where("tipo", "=", tipo)
          .where("codigo", "in", codes)
          .execute()) as Array<{ cod_valor: number; codigo: string }>;
        for (const f of rows) found.set(`${tipo}:${f.codigo}`, f.cod_valor);
      }
    }
  };
  await lookUp([...distinct.values()]);
  const missing = [...distinct].filter(([k]) => !found.has(k)).map(([, v]) => v);
  if (missing.length) {
    await insertRows(
      trx,
      "faceta_valor",
      ["tipo", "codigo", "descricao"],
      missing.map((v) => [v.tipo, v.codigo, v.descricao]),
      { tail: "ON CONFLICT (tipo, codigo) DO NOTHING" },
    );
    await lookUp(missing);
  }
  const links: unknown[][] = [];
  for (const t of perTitle) {
    for (let i = 0; i < t.values.length; i += 3) {
      const key = `${t.values[i]}:${t.values[i + 1]}`;
      links.push([t.cod_acervo, t.values[i], known?.get(key) ?? found.get(key)!]);
    }
  }
  await insertRows(trx, "acervo_faceta", ["cod_acervo", "tipo", "cod_valor"], links);
  return found;
}

/** Runs `run` over the given titles (or every title) in batches of BATCH ids. */
async function forEachBatch(db: Kysely<any>, codAcervos: number[] | undefined, run: (ids: number[]) => Promise<void>) {
  if (codAcervos) {
    for (let i = 0; i < codAcervos.length; i += BATCH) await run(codAcervos.slice(i, i + BATCH));
    return;
  }
  let last = 0;
  for (;;) {
    const ids = (await db
      .selectFrom("acervo")
      .select("cod_acervo")
      .where("cod_acervo", ">", last)
      .orderBy("cod_acervo")
      .limit(BATCH)
      .execute()) as Array<{ cod_acervo: number }>;
    if (ids.length === 0) return;
    await run(ids.map((r) => r.cod_acervo));
    last = ids[ids.length - 1].cod_acervo;
  }
}

/**
 * Recomputes the tables derived from each title: its MARC-derived tabs (acervo_guia) and browse entries
 * (indice_entrada). It reads every column of `acervo`: migration 003 runs it on a table that lacks the
 * columns later migrations add (086's `titulo_caracteres_ignorados`, read when present).
 */
export async function reindexGuides(db: Kysely<any>, codAcervos?: number[]): Promise<void> {
  await forEachBatch(db, codAcervos, async (ids) => {
    const rows = (await db.selectFrom("acervo").selectAll().where("cod_acervo", "in", ids).execute()) as Array<
      BrowseSource & { cod_acervo: number; marc: string; assuntos: string }
    >;
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("acervo_guia").where("cod_acervo", "in", ids).execute();
      await trx.deleteFrom("indice_entrada").where("cod_acervo", "in", ids).execute();
      await writeGuides(
        trx,
        rows.map((r) => ({ ...r, guide: guideSource(marcObject(r.marc), r.assuntos) })),
      );
    });
  });
}

async function writeGuides(trx: Kysely<any>, rows: Array<BrowseSource & { cod_acervo: number; guide: GuideSource }>) {
  await writeGuideRows(
    trx,
    rows.flatMap((r) => guidesOf(r.guide).map((guia) => [guia, r.cod_acervo])),
    rows.flatMap((r) => browseEntries(r).map((e) => [e.indice, e.chave, e.valor, r.cod_acervo])),
  );
}

async function writeGuideRows(trx: Kysely<any>, guides: unknown[][], entries: unknown[][]) {
  await insertRows(trx, "acervo_guia", ["guia", "cod_acervo"], guides);
  await insertRows(trx, "indice_entrada", ["indice", "chave", "valor", "cod_acervo"], entries);
}
