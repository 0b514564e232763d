/**
 * Storage for the new arrivals (issue 28, ADR 255): the titles whose first copy was acquired most recently.
 * A copy's day is its acquisition day (`exemplar.data_aquisicao`, migration 072); a copy catalogued before that
 * column existed has none, and its title's creation day stands in (as the acquisition statistics count it).
 */
import { sql } from "kysely";
import type { Db } from "./index.ts";

export interface NewArrivalRow {
  cod_acervo: number;
  titulo: string;
  subtitulo: string | null;
  autor: string | null;
  ano_publicacao: number | null;
  link_capa: string | null;
  idioma: string | null;
  /** YYYY-MM-DD: the day the title's first copy (of the library, when one is asked) came in. */
  chegada: string;
}

/** The `limit` titles whose first copy (in `biblioteca`, when given) arrived last, newest first. */
export async function newArrivals(db: Db, q: { biblioteca?: number; limit: number }): Promise<NewArrivalRow[]> {
  const day = sql<string>`coalesce(e.data_aquisicao, substr(a.created_at, 1, 10))`;
  let query = db.selectFrom("exemplar as e").innerJoin("acervo as a", "a.cod_acervo", "e.cod_acervo");
  if (q.biblioteca) query = query.where("e.cod_biblioteca", "=", q.biblioteca);
  const first = sql<string>`min(${day})`;
  const rows = await query
    .select(["a.cod_acervo", "a.titulo", "a.subtitulo", "a.autor", "a.ano_publicacao", "a.link_capa", "a.idioma", first.as("chegada")])
    .groupBy(["a.cod_acervo", "a.titulo", "a.subtitulo", "a.autor", "a.ano_publicacao", "a.link_capa", "a.idioma"])
    .orderBy(first, "desc")
    .orderBy("a.cod_acervo", "desc")
    .limit(q.limit)
    .execute();
  return rows.map((r) => ({ ...r, chegada: String(r.chegada).slice(0, 10) }));
}

/** Whether the library exists. */
export async function libraryExists(db: Db, cod: number): Promise<boolean> {
  return Boolean(await db.selectFrom("biblioteca").select("cod_biblioteca").where("cod_biblioteca", "=", cod).executeTakeFirst());
}
