/** The lists of titles patrons hand to a library (spec §7 `gravar-armazem`, ADR 180): their rows and titles. */
import type { Db } from "./index.ts";

/** Which of `ids` are titles of the catalogue. */
export async function knownTitles(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  return new Set((await db.selectFrom("acervo").select("cod_acervo").where("cod_acervo", "in", ids).execute()).map((r) => r.cod_acervo));
}

/** Stores a list of titles handed to a library; its id. */
export async function insertArmazem(db: Db, codPessoa: number, codBiblioteca: number, acervos: readonly number[]): Promise<number> {
  const row = await db
    .insertInto("armazem")
    .values({ cod_pessoa: codPessoa, cod_biblioteca: codBiblioteca, acervos: JSON.stringify(acervos) })
    .returning("cod_armazem")
    .executeTakeFirstOrThrow();
  return row.cod_armazem;
}

/** The patron's lists, newest first, with their library (the titles as stored: a JSON array of ids). */
export function armazemRowsOf(db: Db, codPessoa: number) {
  return db
    .selectFrom("armazem as a")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "a.cod_biblioteca")
    .select(["a.cod_armazem", "a.acervos", "a.created_at", "b.cod_biblioteca", "b.desc_biblioteca"])
    .where("a.cod_pessoa", "=", codPessoa)
    .orderBy("a.cod_armazem", "desc")
    .execute();
}

/** The id and title of each of `ids` that exists. */
export function titlesByIds(db: Db, ids: readonly number[]) {
  return ids.length ? db.selectFrom("acervo").select(["cod_acervo", "titulo"]).where("cod_acervo", "in", ids).execute() : Promise.resolve([]);
}
