import { sql, type RawBuilder } from "kysely";
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
      last = ids[ids.length - 1].cod_acervo;
    }
  }
  for (let i = 0; i < codAcervos.length; i += BATCH) {
    await reindexBatch(db, codAcervos.slice(i, i + BATCH), pg, true);
  }
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

export interface SearchParams {
  termo: string;
  tipo: SearchKind;
  pagina: number;
  qtd: number;
  ordenacao: SearchOrder;
  guia?: string;
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

function guiaFilter(guia: string | undefined): RawBuilder<unknown> {
  switch (guia) {
    case "ebooks":
      return sql`AND (a.acesso_remoto IS NOT NULL OR EXISTS (SELECT 1 FROM acervo_link l WHERE l.cod_acervo = a.cod_acervo))`;
    case "acessibilidade":
      return sql`AND a.possui_acessibilidade = 'S'`;
    default:
      return sql``;
  }
}

const ORDER: Record<SearchOrder, string> = {
  C: "score ASC, cod_acervo ASC",
  T: "titulo_ord ASC, cod_acervo ASC",
  A: "(autor IS NULL) ASC, autor_ord ASC, cod_acervo ASC",
  Y: "(ano_publicacao IS NULL) ASC, ano_publicacao DESC, score ASC, cod_acervo ASC",
};

/**
 * Runs one catalogue search as a single SQL statement: candidates (capped) with their rank, the
 * total, the requested page, and per-title copy counts through a grouped join.
 */
export async function searchAcervos(db: Db, p: SearchParams): Promise<SearchResult> {
  const ws = queryWords(p.termo);
  if (ws.length === 0) return { total: 0, totalLimitado: false, resultados: [] };
  const pg = dialectOf(db) === "postgres";
  const offset = (p.pagina - 1) * p.qtd;
  const order = sql.raw(ORDER[p.ordenacao]);
  const cand = pg
    ? sql`SELECT a.*, -ts_rank(b.documento, q.query) AS score
          FROM acervo_busca b CROSS JOIN (SELECT to_tsquery('simple', ${tsQuery(ws, p.tipo)}) AS query) q
          JOIN acervo a ON a.cod_acervo = b.cod_acervo
          WHERE b.documento @@ q.query ${guiaFilter(p.guia)} LIMIT ${CANDIDATE_CAP + 1}`
    : sql`SELECT a.*, bm25(acervo_busca, 20.0, 4.0, 3.0, 1.0) AS score
          FROM acervo_busca JOIN acervo a ON a.cod_acervo = acervo_busca.rowid
          WHERE acervo_busca MATCH ${fts5Query(ws, p.tipo)} ${guiaFilter(p.guia)} LIMIT ${CANDIDATE_CAP + 1}`;
  const { rows } = await sql<SearchHit & { total: number; pos: number | null }>`
    WITH cand AS MATERIALIZED (${cand}),
    page AS (
      SELECT cod_acervo, titulo, subtitulo, autor, editora, local_publicacao, ano_publicacao, edicao, cod_tipo_obra,
             idioma, isbn, chamada, link_capa, acesso_remoto, possui_acessibilidade,
             row_number() OVER (ORDER BY ${order}) AS pos
      FROM (SELECT cand.*, lower(titulo) AS titulo_ord, lower(autor) AS autor_ord FROM cand) c
      ORDER BY ${order} LIMIT ${p.qtd} OFFSET ${offset}
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
