/**
 * The writes of the library's own transitions (ADR 113): each changes a record only from the state the action
 * applies to, in one statement (so two staff members acting at once change it once), and reads its state after a
 * write that changed nothing. The rules are in `api/domain/library-actions.ts`.
 */
import type { Db } from "./index.ts";

const changed = (res: { numUpdatedRows: bigint | number }) => Number(res.numUpdatedRows) > 0;

/** Moves a comment awaiting approval to `to`; true when it did. */
export async function moderateWaitingComment(db: Db, codComentario: number, to: string): Promise<boolean> {
  return changed(
    await db
      .updateTable("comentario")
      .set({ situacao: to })
      .where("cod_comentario", "=", codComentario)
      .where("situacao", "=", "aguardando")
      .executeTakeFirst(),
  );
}

/** A comment's status, or undefined. */
export function commentStatus(db: Db, codComentario: number) {
  return db.selectFrom("comentario").select("situacao").where("cod_comentario", "=", codComentario).executeTakeFirst();
}

/** A purchase suggestion's status, or undefined. */
export function suggestionStatus(db: Db, codSugestao: number) {
  return db.selectFrom("sugestao_aquisicao").select("situacao").where("cod_sugestao", "=", codSugestao).executeTakeFirst();
}

/** Sets a purchase suggestion's status. */
export async function setSuggestionStatus(db: Db, codSugestao: number, situacao: string): Promise<void> {
  await db.updateTable("sugestao_aquisicao").set({ situacao }).where("cod_sugestao", "=", codSugestao).execute();
}

const libraryRequests = (db: Db) =>
  db.withTables<{
    solicitacao_biblioteca: { cod_solicitacao: number; situacao: string; resposta: string | null; data_resposta: string | null };
  }>();

/** A request to the library's status, or undefined. */
export function libraryRequestStatus(db: Db, codSolicitacao: number) {
  return libraryRequests(db).selectFrom("solicitacao_biblioteca").select("situacao").where("cod_solicitacao", "=", codSolicitacao).executeTakeFirst();
}

/** Records the library's answer to a request: its status, its words (or none) and when. */
export async function setLibraryRequestAnswer(db: Db, codSolicitacao: number, situacao: string, texto: string | null, at: string): Promise<void> {
  await libraryRequests(db)
    .updateTable("solicitacao_biblioteca")
    .set({ situacao, resposta: texto ? JSON.stringify({ texto }) : null, data_resposta: at })
    .where("cod_solicitacao", "=", codSolicitacao)
    .execute();
}

/** Moves a loan request in one of `open` statuses (and not already in `situacao`) to `situacao`; true when it did. */
export async function moveOpenLoanRequest(db: Db, codSolicitacao: number, situacao: string, open: readonly string[]): Promise<boolean> {
  return changed(
    await db
      .updateTable("solicitacao_emprestimo")
      .set({ situacao })
      .where("cod_solicitacao", "=", codSolicitacao)
      .where("situacao", "in", open)
      .where("situacao", "<>", situacao)
      .executeTakeFirst(),
  );
}

/** A loan request's status, or undefined. */
export function loanRequestStatus(db: Db, codSolicitacao: number) {
  return db.selectFrom("solicitacao_emprestimo").select("situacao").where("cod_solicitacao", "=", codSolicitacao).executeTakeFirst();
}

/** Makes an active hold ready for pickup until `until` (its suspension lifted, its pickup place set when given); true when it did. */
export async function makeHoldReady(db: Db, codReserva: number, until: string, localizacao?: string | null): Promise<boolean> {
  return changed(
    await db
      .updateTable("reserva")
      .set({ situacao: "disponivel", data_liberacao: until, suspensa_ate: null, ...(localizacao ? { localizacao } : {}) })
      .where("cod_reserva", "=", codReserva)
      .where("situacao", "=", "ativa")
      .executeTakeFirst(),
  );
}

/** A hold's status and pickup limit, or undefined. */
export function holdStatus(db: Db, codReserva: number) {
  return db.selectFrom("reserva").select(["situacao", "data_liberacao"]).where("cod_reserva", "=", codReserva).executeTakeFirst();
}

/** Blocks a patron with the reason they are shown; false when there is no such patron. */
export async function setPatronBlocked(db: Db, codPessoa: number, motivo: string): Promise<boolean> {
  return changed(
    await db.updateTable("pessoa").set({ bloqueado: 1, motivo_bloqueio: motivo }).where("cod_pessoa", "=", codPessoa).executeTakeFirst(),
  );
}

/** Whether a patron is blocked now, or undefined for no such patron. */
export function patronBlock(db: Db, codPessoa: number) {
  return db.selectFrom("pessoa").select("bloqueado").where("cod_pessoa", "=", codPessoa).executeTakeFirst();
}

/** Lifts a patron's block. */
export async function clearPatronBlock(db: Db, codPessoa: number): Promise<void> {
  await db.updateTable("pessoa").set({ bloqueado: 0, motivo_bloqueio: null }).where("cod_pessoa", "=", codPessoa).execute();
}
