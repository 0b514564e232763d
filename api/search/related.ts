/**
 * Titles related to one title (ADR 244): the other editions of its work (the same `busca_ordem.chave_obra`) and
 * "more like this" (titles sharing its authors, subjects or class), each read through an index with bounded
 * fan-out, so a title page pays a few small indexed reads whatever the catalogue's size.
 */
import { sql } from "kysely";
import type { Db } from "../db/index.ts";

/** A related title as the title page lists it. */
export interface RelatedTitle {
  cod_acervo: number;
  titulo: string;
  subtitulo: string | null;
  autor: string | null;
  edicao: string | null;
  editora: string | null;
  local_publicacao: string | null;
  ano_publicacao: number | null;
  idioma: string | null;
}

/** Most editions listed on a title page (a work with more is rare; the list says how many there are). */
export const EDITIONS_MAX = 50;
/** How many "more like this" titles a title page shows. */
export const SIMILAR_MAX = 6;
/** Titles read per shared author, subject or class: a heading shared by half the catalogue adds no more work. */
const FANOUT = 200;
/** Weight of a shared value by kind: an author says more than a subject, a subject more than a class. */
const WEIGHT = { A: 3, S: 2, classe: 1 } as const;

const BRIEF = [
  "a.cod_acervo",
  "a.titulo",
  "a.subtitulo",
  "a.autor",
  "a.edicao",
  "a.editora",
  "a.local_publicacao",
  "a.ano_publicacao",
  "a.idioma",
] as const;

/** The other editions of the title's work, newest first; empty when it has none (or no work key). */
export async function otherEditions(db: Db, codAcervo: number): Promise<RelatedTitle[]> {
  return (await db
    .selectFrom("busca_ordem as own")
    .innerJoin("busca_ordem as o", "o.chave_obra", "own.chave_obra")
    .innerJoin("acervo as a", "a.cod_acervo", "o.cod_acervo")
    .select(BRIEF)
    .where("own.cod_acervo", "=", codAcervo)
    .where("o.cod_acervo", "<>", codAcervo)
    .orderBy(sql`coalesce(a.ano_publicacao, -1)`, "desc")
    .orderBy("a.cod_acervo", "desc")
    .limit(EDITIONS_MAX)
    .execute()) as RelatedTitle[];
}

/** How many editions (itself included) the work of each title has: 1 for a title alone, or without a work key. */
export async function editionCounts(db: Db, codAcervos: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (codAcervos.length === 0) return out;
  const rows = await db
    .selectFrom("busca_ordem as own")
    .innerJoin("busca_ordem as o", "o.chave_obra", "own.chave_obra")
    .select(["own.cod_acervo", sql<number>`count(*)`.as("n")])
    .where("own.cod_acervo", "in", [...codAcervos])
    .groupBy("own.cod_acervo")
    .execute();
  for (const r of rows) out.set(Number(r.cod_acervo), Number(r.n));
  return out;
}

/**
 * "More like this": titles sharing the title's authors (derived facet A), subjects (S) or exact class, ranked by
 * the sum of the weights of what they share; a value shared by many titles weighs less (divided by the log of
 * how many it was found on), so a rare subject outranks "Brasil". Each value reads at most FANOUT titles
 * through its index (newest first). Editions of the same work are left out (they are listed as editions), and
 * one title per work is kept. Ties: the newer record first.
 */
export async function similarTitles(db: Db, codAcervo: number, limit = SIMILAR_MAX): Promise<RelatedTitle[]> {
  const own = await db
    .selectFrom("acervo as a")
    .leftJoin("busca_ordem as o", "o.cod_acervo", "a.cod_acervo")
    .select(["a.classificacao", "o.chave_obra"])
    .where("a.cod_acervo", "=", codAcervo)
    .executeTakeFirst();
  if (!own) return [];
  const values = await db
    .selectFrom("acervo_faceta")
    .select(["tipo", "cod_valor"])
    .where("cod_acervo", "=", codAcervo)
    .where("tipo", "in", ["A", "S"])
    .orderBy("cod_valor")
    .limit(30)
    .execute();
  const scores = new Map<number, number>();
  const add = (ids: number[], weight: number) => {
    const w = weight / Math.log2(2 + ids.length);
    for (const id of ids) scores.set(id, (scores.get(id) ?? 0) + w);
  };
  for (const v of values) {
    const rows = await db
      .selectFrom("acervo_faceta")
      .select("cod_acervo")
      .where("cod_valor", "=", v.cod_valor)
      .where("cod_acervo", "<>", codAcervo)
      .orderBy("cod_acervo", "desc")
      .limit(FANOUT)
      .execute();
    add(
      rows.map((r) => Number(r.cod_acervo)),
      WEIGHT[v.tipo as "A" | "S"],
    );
  }
  const classe = own.classificacao?.trim();
  if (classe) {
    const rows = await db
      .selectFrom("acervo")
      .select("cod_acervo")
      .where("classificacao", "=", classe)
      .where("cod_acervo", "<>", codAcervo)
      .orderBy("cod_acervo", "desc")
      .limit(FANOUT)
      .execute();
    add(
      rows.map((r) => Number(r.cod_acervo)),
      WEIGHT.classe,
    );
  }
  if (scores.size === 0) return [];
  const ranked = [...scores]
    .sort((x, y) => y[1] - x[1] || y[0] - x[0])
    .slice(0, limit * 4)
    .map(([id]) => id);
  const rows = (await db
    .selectFrom("acervo as a")
    .leftJoin("busca_ordem as o", "o.cod_acervo", "a.cod_acervo")
    .select([...BRIEF, "o.chave_obra"])
    .where("a.cod_acervo", "in", ranked)
    .execute()) as Array<RelatedTitle & { chave_obra: string | null }>;
  const byId = new Map(rows.map((r) => [Number(r.cod_acervo), r]));
  const works = new Set<string>(own.chave_obra ? [own.chave_obra] : []);
  const out: RelatedTitle[] = [];
  for (const id of ranked) {
    const r = byId.get(id);
    if (!r || (r.chave_obra && works.has(r.chave_obra))) continue;
    if (r.chave_obra) works.add(r.chave_obra);
    const { chave_obra: _k, ...brief } = r;
    out.push(brief);
    if (out.length === limit) break;
  }
  return out;
}
