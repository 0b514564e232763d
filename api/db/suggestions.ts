/** The purchase suggestions' reads and writes (spec §7 "sugestao-aquisicao", ADR 195); the rules are in `api/domain/suggestions.ts`. */
import type { Insertable } from "kysely";
import type { Db } from "./index.ts";
import type { DB } from "./types.ts";

/** A library's campus, or undefined when there is no such library. */
export function libraryCampus(db: Db, codBiblioteca: number) {
  return db.selectFrom("biblioteca").select("cod_campus").where("cod_biblioteca", "=", codBiblioteca).executeTakeFirst();
}

/** Stores a suggestion; its id, status and creation time. */
export function insertSuggestion(db: Db, row: Insertable<DB["sugestao_aquisicao"]>) {
  return db.insertInto("sugestao_aquisicao").values(row).returning(["cod_sugestao", "situacao", "created_at"]).executeTakeFirstOrThrow();
}

/** Whether the patron's category is a professor's, and its limit of open requests; undefined for no such patron. */
export function professorFacts(db: Db, codPessoa: number) {
  return db
    .selectFrom("pessoa as p")
    .innerJoin("categoria as k", "k.cod_categoria", "p.cod_categoria")
    .select(["k.professor", "k.limite_solicitacoes"])
    .where("p.cod_pessoa", "=", codPessoa)
    .executeTakeFirst();
}

/** Whether the teaching plan is the professor's own. */
export async function isOwnTeachingPlan(db: Db, codPlano: number, codProfessor: number): Promise<boolean> {
  const row = await db
    .selectFrom("plano_ensino")
    .select("cod_plano")
    .where("cod_plano", "=", codPlano)
    .where("cod_professor", "=", codProfessor)
    .executeTakeFirst();
  return Boolean(row);
}

/** The professor's suggestions for a teaching plan that are in one of `statuses`. */
export function planSuggestionsInStatus(db: Db, codPessoa: number, statuses: readonly string[]) {
  return db
    .selectFrom("sugestao_aquisicao")
    .select(["titulo", "cod_plano"])
    .where("cod_pessoa", "=", codPessoa)
    .where("cod_plano", "is not", null)
    .where("situacao", "in", statuses)
    .execute();
}
