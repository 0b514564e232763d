import { sql, type Kysely } from "kysely";
import { dialectOf, type Db } from "../db/index.ts";
import { browseEntries, type BrowseSource } from "./browse-rules.ts";
import { derivedFacets, DERIVED_FACET_TYPES } from "./derived-facets.ts";
import { guidesOf, type GuideSource } from "./filters.ts";
import { fold, indexText, stemmersFor, words } from "./text.ts";

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
      await reindexOrder(db, ids.map((r) => r.cod_acervo));
      last = ids[ids.length - 1].cod_acervo;
    }
  }
  for (let i = 0; i < codAcervos.length; i += BATCH) {
    await reindexBatch(db, codAcervos.slice(i, i + BATCH), pg, true);
  }
  await reindexGuides(db, codAcervos);
  await reindexFacets(db, codAcervos);
  await reindexOrder(db, codAcervos);
}

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

/**
 * Recomputes the sort keys (`busca_ordem`) of the given titles, or of every title, and adds their words to
 * the vocabulary (`busca_palavra`). Words are only ever added: a word whose titles are gone is skipped by
 * the suggestions, which count each candidate's titles before offering it.
 */
export async function reindexOrder(db: Kysely<any>, codAcervos?: number[]): Promise<void> {
  const run = async (ids: number[]) => {
    const rows = (await db
      .selectFrom("acervo")
      .select(["cod_acervo", "titulo", "subtitulo", "autor", "autores_secundarios", "assuntos", "ano_publicacao"])
      .where("cod_acervo", "in", ids)
      .execute()) as Array<{ cod_acervo: number; titulo: string; subtitulo: string | null; autor: string | null; autores_secundarios: string; assuntos: string; ano_publicacao: number | null }>;
    const order = rows.map((r) => ({
      cod_acervo: r.cod_acervo,
      chave_titulo: titleKey(r.titulo),
      palavras: words(r.titulo).length,
      titulo_ord: fold(r.titulo.trim()),
      sem_autor: r.autor?.trim() ? 0 : 1,
      autor_ord: fold(r.autor?.trim() ?? ""),
      // Titles without a year come last when sorted by year, newest first.
      ano_ord: r.ano_publicacao ?? -1,
    }));
    const vocab = new Map<string, string>();
    for (const r of rows) {
      for (const [k, v] of vocabularyOf([r.titulo, r.subtitulo, r.autor, ...jsonList(r.autores_secundarios), ...jsonList(r.assuntos)])) if (!vocab.has(k)) vocab.set(k, v);
    }
    const entries = [...vocab].map(([palavra, forma]) => ({ palavra, forma }));
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("busca_ordem").where("cod_acervo", "in", ids).execute();
      // Bound parameters per statement stay well under SQLite's limit.
      for (let i = 0; i < order.length; i += 100) await trx.insertInto("busca_ordem").values(order.slice(i, i + 100)).execute();
      for (let i = 0; i < entries.length; i += 400) {
        await trx.insertInto("busca_palavra").values(entries.slice(i, i + 400)).onConflict((oc) => oc.column("palavra").doNothing()).execute();
      }
    });
  };
  await forEachBatch(db, codAcervos, run);
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

