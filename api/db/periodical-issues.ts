/** Storage of periodical issues (fascículos, migration 005) as they arrive (ADR 196). Queries only; rules are api/domain/periodical-issues.ts. */
import { sql } from "kysely";
import type { Db } from "./index.ts";
import { prepared, type PreparedQuery } from "./prepared.ts";

export interface IssueKey {
  cod_acervo: number;
  cod_biblioteca: number;
  ano: number;
  volume: string | null;
  numero: string | null;
}

/** The issue of a title at a library with that year, volume and number (a missing part matches only a missing part). */
export function findIssue(db: Db, k: IssueKey) {
  const same = (col: "volume" | "numero", v: string | null) =>
    v === null ? sql<boolean>`${sql.ref(col)} IS NULL` : sql<boolean>`${sql.ref(col)} = ${v}`;
  return db
    .selectFrom("fasciculo")
    .select(["cod_fasciculo", "situacao", "periodo"])
    .where("cod_acervo", "=", k.cod_acervo)
    .where("cod_biblioteca", "=", k.cod_biblioteca)
    .where("ano", "=", k.ano)
    .where(same("volume", k.volume))
    .where(same("numero", k.numero))
    .executeTakeFirst();
}

/** Marks an expected issue (late, claimed) as received on a day. */
export async function markIssueReceived(db: Db, codFasciculo: number, day: string, periodo: string | null): Promise<void> {
  await db
    .updateTable("fasciculo")
    .set({ situacao: "recebido", data_chegada: day, observacao: null, ...(periodo ? { periodo } : {}) })
    .where("cod_fasciculo", "=", codFasciculo)
    .execute();
}

/** Records a received issue; returns its id. */
export async function insertReceivedIssue(
  db: Db,
  k: IssueKey & { periodo: string | null; data_publicacao: string | null; data_chegada: string },
): Promise<number> {
  const row = await db
    .insertInto("fasciculo")
    .values({ ...k, situacao: "recebido" })
    .returning("cod_fasciculo")
    .executeTakeFirstOrThrow();
  return row.cod_fasciculo;
}

/** A title's issues with their library and whether each has contents (the kardex's rows). */
const issuesQuery = (db: Db) =>
  db
    .selectFrom("fasciculo as f")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "f.cod_biblioteca")
    .select([
      "f.cod_fasciculo",
      "f.cod_biblioteca",
      "b.desc_biblioteca",
      "f.ano",
      "f.volume",
      "f.numero",
      "f.periodo",
      "f.data_publicacao",
      "f.data_chegada",
      "f.situacao",
      "f.observacao",
    ])
    .select((eb) =>
      eb.exists(eb.selectFrom("sumario as s").select("s.cod_sumario").whereRef("s.cod_fasciculo", "=", "f.cod_fasciculo")).as("possui_sumario"),
    );
export type IssueRow = Awaited<ReturnType<ReturnType<typeof issuesQuery>["execute"]>>[number];

export type IssueFilter = { codBib?: number; year?: number; situacao?: string; limit?: number; byArrival?: boolean };
type IssueParams = { id: number; codBib: number; year: number; situacao: string; limit: number };
const ISSUES = new Map<string, PreparedQuery<IssueParams, IssueRow>>();

/**
 * A title's issues, newest first; optionally of one library, year or status, at most `limit`, and by arrival day
 * (the title page embeds the latest received ones, ADR 196).
 */
export async function issueRows(db: Db, id: number, f: IssueFilter = {}): Promise<IssueRow[]> {
  // One prepared query per combination of filters given (ADR 210): the title page's is always the same one.
  const has = {
    codBib: Boolean(f.codBib),
    year: Boolean(f.year),
    situacao: Boolean(f.situacao),
    limit: Boolean(f.limit),
    byArrival: Boolean(f.byArrival),
  };
  const key = JSON.stringify(has);
  let q = ISSUES.get(key);
  if (!q) {
    q = prepared((db, p: IssueParams) => {
      let b = issuesQuery(db).where("f.cod_acervo", "=", p.id);
      if (has.codBib) b = b.where("f.cod_biblioteca", "=", p.codBib);
      if (has.year) b = b.where("f.ano", "=", p.year);
      if (has.situacao) b = b.where("f.situacao", "=", p.situacao);
      // The latest received are the latest to arrive (a late issue arriving today comes first).
      b = has.byArrival ? b.orderBy("f.data_chegada", "desc") : b.orderBy("f.ano", "desc").orderBy("f.data_publicacao", "desc");
      b = b.orderBy("f.cod_fasciculo", "desc");
      return has.limit ? b.limit(p.limit) : b;
    });
    ISSUES.set(key, q);
  }
  return q.all(db, { id, codBib: f.codBib ?? 0, year: f.year ?? 0, situacao: f.situacao ?? "", limit: f.limit ?? 0 });
}

/** One issue of the title; undefined when the title has no such issue. */
export function issueOfTitle(db: Db, id: number, codFasciculo: number) {
  return issuesQuery(db).where("f.cod_acervo", "=", id).where("f.cod_fasciculo", "=", codFasciculo).executeTakeFirst();
}

/** Whether the title has any issue. */
export async function hasIssues(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom("fasciculo").select("cod_fasciculo").where("cod_acervo", "=", id).limit(1).executeTakeFirst()) !== undefined;
}

/** The libraries holding issues of the title, by code. */
export function issueLibraries(db: Db, id: number) {
  return db
    .selectFrom("fasciculo as f")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "f.cod_biblioteca")
    .select(["b.cod_biblioteca", "b.desc_biblioteca"])
    .distinct()
    .where("f.cod_acervo", "=", id)
    .orderBy("b.cod_biblioteca")
    .execute();
}

/** The years with issues of the title, newest first. */
export async function issueYears(db: Db, id: number): Promise<number[]> {
  return (await db.selectFrom("fasciculo").select("ano").distinct().where("cod_acervo", "=", id).orderBy("ano", "desc").execute()).map((a) => a.ano);
}

/** An issue's contents, in order. */
export function issueContents(db: Db, codFasciculo: number) {
  return db.selectFrom("sumario").select(["titulo", "autor", "pagina"]).where("cod_fasciculo", "=", codFasciculo).orderBy("ordem").execute();
}

/** A title's name and work type, or undefined. */
export function titleAndType(db: Db, codAcervo: number) {
  return db.selectFrom("acervo").select(["titulo", "cod_tipo_obra"]).where("cod_acervo", "=", codAcervo).executeTakeFirst();
}

/** A library's name, or undefined. */
export function libraryName(db: Db, codBiblioteca: number) {
  return db.selectFrom("biblioteca").select("desc_biblioteca").where("cod_biblioteca", "=", codBiblioteca).executeTakeFirst();
}
