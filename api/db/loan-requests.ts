/**
 * The loan requests' reads and writes (spec §3 "Loan request"): the copies a request may ask for, the patron's open
 * requests, the insert, the list and the cancellation. The rules that use them are in `api/domain/loan-requests.ts`.
 */
import type { Insertable } from "kysely";
import type { Db } from "./index.ts";
import type { DB } from "./types.ts";

/** A title's copies on the shelf that may leave the library (not for reading in the library only), by library name. */
export function loanableCopies(db: Db, codAcervo: number) {
  return db
    .selectFrom("exemplar as e")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "e.cod_biblioteca")
    .select(["e.cod_biblioteca", "b.desc_biblioteca", "e.volume", "e.tomo", "e.parte", "e.material_adicional"])
    .where("e.cod_acervo", "=", codAcervo)
    .where("e.situacao", "=", "disponivel")
    .where("e.tipo_emprestimo", "<>", "consulta_local")
    .orderBy("b.desc_biblioteca")
    .execute();
}

/** Every library of the institution, by name (where a request may be received). */
export function librariesByName(db: Db) {
  return db.selectFrom("biblioteca").select(["cod_biblioteca", "desc_biblioteca"]).orderBy("desc_biblioteca").execute();
}

/** The request a form's idempotency key created, whoever made it, or undefined. */
export function requestWithKey(db: Db, chave: string) {
  return db
    .selectFrom("solicitacao_emprestimo")
    .select(["cod_solicitacao", "cod_acervo", "situacao", "created_at", "cod_pessoa"])
    .where("chave_envio", "=", chave)
    .executeTakeFirst();
}

/** The patron's requests in one of `statuses`, with the copy each asks for. */
export function requestsInStatus(db: Db, codPessoa: number, statuses: readonly string[]) {
  return db
    .selectFrom("solicitacao_emprestimo")
    .select(["cod_acervo", "volume", "tomo", "parte", "material_adicional"])
    .where("cod_pessoa", "=", codPessoa)
    .where("situacao", "in", statuses)
    .execute();
}

/** A new request's row (its status is set by the insert: waiting for the library). */
export type NewLoanRequest = Omit<Insertable<DB["solicitacao_emprestimo"]>, "situacao">;

/** Inserts a request waiting for the library; the unique key refuses a second row under the same form key. */
export function insertLoanRequest(db: Db, r: NewLoanRequest) {
  return db
    .insertInto("solicitacao_emprestimo")
    .values({ ...r, situacao: "aguardando" })
    .returning(["cod_solicitacao", "cod_acervo", "situacao", "created_at"])
    .executeTakeFirstOrThrow();
}

/** The patron's loan requests, newest first, with the title and both libraries' names (`status` and dates filter). */
export function loanRequestsOf(db: Db, codPessoa: number, filter: { dataIni?: string; dataFim?: string; status?: string }) {
  let q = db
    .selectFrom("solicitacao_emprestimo as s")
    .innerJoin("acervo as a", "a.cod_acervo", "s.cod_acervo")
    .innerJoin("biblioteca as o", "o.cod_biblioteca", "s.biblioteca_origem")
    .innerJoin("biblioteca as r", "r.cod_biblioteca", "s.biblioteca_recebimento")
    .select([
      "s.cod_solicitacao",
      "s.cod_acervo",
      "a.titulo",
      "a.idioma",
      "o.desc_biblioteca as biblioteca_origem",
      "r.desc_biblioteca as biblioteca_recebimento",
      "s.situacao",
      "s.created_at",
      "s.volume",
      "s.tomo",
      "s.parte",
      "s.material_adicional",
      "s.cod_local_recebimento",
      "s.recebimento_textual",
      "s.data_cancelamento",
    ])
    .where("s.cod_pessoa", "=", codPessoa);
  if (filter.status) q = q.where("s.situacao", "=", filter.status);
  if (filter.dataIni) q = q.where("s.created_at", ">=", filter.dataIni);
  if (filter.dataFim) q = q.where("s.created_at", "<", `${filter.dataFim}~`);
  return q.orderBy("s.created_at", "desc").orderBy("s.cod_solicitacao", "desc").execute();
}

/** Cancels the patron's request if it still waits (one statement, so a concurrent change wins); true when it did. */
export async function cancelWaitingRequest(db: Db, codPessoa: number, codSolicitacao: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable("solicitacao_emprestimo")
    .set({ situacao: "cancelada", data_cancelamento: now })
    .where("cod_solicitacao", "=", codSolicitacao)
    .where("cod_pessoa", "=", codPessoa)
    .where("situacao", "=", "aguardando")
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The status of one of the patron's requests, or undefined when it is not theirs. */
export function requestStatus(db: Db, codPessoa: number, codSolicitacao: number) {
  return db
    .selectFrom("solicitacao_emprestimo")
    .select("situacao")
    .where("cod_solicitacao", "=", codSolicitacao)
    .where("cod_pessoa", "=", codPessoa)
    .executeTakeFirst();
}
