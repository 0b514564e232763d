/** Waiting-list storage: a title's loanable copies, its waiting entries and a patron's (domain: api/domain/waiting-list.ts). */
import { sql } from "kysely";
import type { Db } from "./index.ts";

const WAITING = "aguardando";

/** Copies of a title available for loan (not local consultation only). */
export function loanableCopyCount(db: Db, codAcervo: number) {
  return db
    .selectFrom("exemplar")
    .select(sql<number>`count(*)`.as("n"))
    .where("cod_acervo", "=", codAcervo)
    .where("situacao", "=", "disponivel")
    .where("tipo_emprestimo", "<>", "consulta_local")
    .executeTakeFirstOrThrow();
}

/** Waiting entries of a title (those that arrived up to entry `upToId`, when given). */
export async function countWaiting(db: Db, codAcervo: number, upToId?: number): Promise<number> {
  let query = db
    .selectFrom("lista_espera")
    .select(sql<number>`count(*)`.as("n"))
    .where("cod_acervo", "=", codAcervo)
    .where("situacao", "=", WAITING);
  if (upToId !== undefined) query = query.where("id", "<=", upToId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The patron's waiting entry for a title, if any. */
export function waitingEntry(db: Db, codAcervo: number, codPessoa: number) {
  return db
    .selectFrom("lista_espera")
    .select("id")
    .where("cod_acervo", "=", codAcervo)
    .where("cod_pessoa", "=", codPessoa)
    .where("situacao", "=", WAITING)
    .executeTakeFirst();
}

/** Puts the patron at the end of a title's waiting list (a unique violation when already there). */
export async function insertWaitingEntry(db: Db, codAcervo: number, codPessoa: number): Promise<void> {
  await db.insertInto("lista_espera").values({ cod_acervo: codAcervo, cod_pessoa: codPessoa }).execute();
}

/** The patron's waiting entries with title and place, oldest first. */
export function waitingEntriesOf(db: Db, codPessoa: number) {
  return db
    .selectFrom("lista_espera as l")
    .innerJoin("acervo as a", "a.cod_acervo", "l.cod_acervo")
    .select(["l.id", "l.cod_acervo", "a.titulo", "l.created_at as data_entrada"])
    .select((eb) =>
      eb
        .selectFrom("lista_espera as o")
        .select(sql<number>`count(*)`.as("n"))
        .whereRef("o.cod_acervo", "=", "l.cod_acervo")
        .where("o.situacao", "=", WAITING)
        .whereRef("o.id", "<=", "l.id")
        .as("posicao"),
    )
    .where("l.cod_pessoa", "=", codPessoa)
    .where("l.situacao", "=", WAITING)
    .orderBy("l.id")
    .execute();
}

/** The patron leaves a title's waiting list. */
export function cancelWaitingEntry(db: Db, codAcervo: number, codPessoa: number) {
  return db
    .updateTable("lista_espera")
    .set({ situacao: "cancelado" })
    .where("cod_acervo", "=", codAcervo)
    .where("cod_pessoa", "=", codPessoa)
    .where("situacao", "=", WAITING)
    .executeTakeFirst();
}
