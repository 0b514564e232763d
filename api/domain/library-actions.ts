/**
 * The transitions the spec gives to the library, never to a patron (ADR 113): a payment confirmed, a comment
 * approved or rejected, a purchase suggestion, a loan request or a request to the library answered, a hold made ready for
 * pickup, a patron blocked or unblocked. They are reached only through the staff channel (`/api/biblioteca/…`
 * with the staff credential) and the `npm run library` command, which both call these functions.
 * Rules only: outcomes and reason codes, never HTTP statuses or translated text.
 */
import type { Db } from "../db/index.ts";
import {
  clearPatronBlock,
  commentStatus,
  holdStatus,
  libraryRequestStatus,
  loanRequestStatus,
  makeHoldReady,
  moderateWaitingComment,
  moveOpenLoanRequest,
  patronBlock,
  setLibraryRequestAnswer,
  setPatronBlocked,
  setSuggestionStatus,
  suggestionStatus,
} from "../db/library-actions.ts";
import { confirmGruPayment } from "./gru.ts";
import { REQUEST_STATUSES } from "./library-requests.ts";
import { OPEN_STATUSES } from "./loan-requests.ts";
import { SUGGESTION_STATUSES } from "./suggestion-statuses.ts";

/** Why the library's action was refused: no such record, or the record is not in a state the action applies to. */
export type ActionRefusal = "nao_encontrado" | "situacao_invalida";
export type ActionOutcome<T> = ({ ok: true; changed: boolean } & T) | { ok: false; reason: ActionRefusal; situacao?: string };

/** Days a ready hold waits at the counter when the library names no other limit. */
export const DEFAULT_PICKUP_DAYS = 3;
/** The statuses a library answers a request to the library with (the first, aguardando, is the patron's). */
export const REQUEST_ANSWERS = REQUEST_STATUSES.filter((s) => s !== "aguardando");
export const SUGGESTION_ANSWERS: readonly string[] = SUGGESTION_STATUSES;

const iso = (ms: number) => new Date(ms).toISOString();

/** A bank's confirmation of a GRU slip: the slip is paid and its debits settled (once, whoever asks twice). */
export async function confirmPayment(db: Db, codGru: number, now: number): Promise<ActionOutcome<{ cod_pessoa: number; situacao: "paga" }>> {
  const r = await confirmGruPayment(db, codGru, iso(now));
  return r ? { ok: true, changed: !r.alreadyPaid, cod_pessoa: r.cod_pessoa, situacao: "paga" } : { ok: false, reason: "nao_encontrado" };
}

async function moderateComment(db: Db, codComentario: number, to: "aprovado" | "rejeitado"): Promise<ActionOutcome<{ situacao: string }>> {
  if (await moderateWaitingComment(db, codComentario, to)) return { ok: true, changed: true, situacao: to };
  const row = await commentStatus(db, codComentario);
  if (!row) return { ok: false, reason: "nao_encontrado" };
  // Approving an approved comment (or rejecting a rejected one) is a repeat, not an error.
  return row.situacao === to ? { ok: true, changed: false, situacao: to } : { ok: false, reason: "situacao_invalida", situacao: row.situacao };
}

/** Publishes a comment awaiting approval. */
export const approveComment = (db: Db, codComentario: number) => moderateComment(db, codComentario, "aprovado");
/** Refuses a comment awaiting approval: it stays with its author, marked rejected, never published. */
export const rejectComment = (db: Db, codComentario: number) => moderateComment(db, codComentario, "rejeitado");

/** Gives a purchase suggestion one of the spec §3 statuses. */
export async function answerSuggestion(db: Db, codSugestao: number, situacao: string): Promise<ActionOutcome<{ situacao: string }>> {
  if (!SUGGESTION_ANSWERS.includes(situacao)) return { ok: false, reason: "situacao_invalida" };
  const row = await suggestionStatus(db, codSugestao);
  if (!row) return { ok: false, reason: "nao_encontrado" };
  if (row.situacao === situacao) return { ok: true, changed: false, situacao };
  await setSuggestionStatus(db, codSugestao, situacao);
  return { ok: true, changed: true, situacao };
}

/** Answers a request to the library (ADR 190): its new status and, optionally, the library's words. */
export async function answerRequest(
  db: Db,
  codSolicitacao: number,
  situacao: string,
  texto: string | null,
  now: number,
): Promise<ActionOutcome<{ situacao: string }>> {
  if (!(REQUEST_ANSWERS as readonly string[]).includes(situacao)) return { ok: false, reason: "situacao_invalida" };
  if (!(await libraryRequestStatus(db, codSolicitacao))) return { ok: false, reason: "nao_encontrado" };
  await setLibraryRequestAnswer(db, codSolicitacao, situacao, texto, iso(now));
  return { ok: true, changed: true, situacao };
}

/** The statuses a library moves a loan request to (spec §3): available, in transit, finished, not finished. */
export const LOAN_REQUEST_ANSWERS = ["disponivel", "transito", "finalizada", "nao_finalizada"] as const;

/** Moves an open loan request (waiting, available, in transit) on; a finished or cancelled one stays as it is. */
export async function answerLoanRequest(db: Db, codSolicitacao: number, situacao: string): Promise<ActionOutcome<{ situacao: string }>> {
  if (!(LOAN_REQUEST_ANSWERS as readonly string[]).includes(situacao)) return { ok: false, reason: "situacao_invalida" };
  if (await moveOpenLoanRequest(db, codSolicitacao, situacao, OPEN_STATUSES)) return { ok: true, changed: true, situacao };
  const row = await loanRequestStatus(db, codSolicitacao);
  if (!row) return { ok: false, reason: "nao_encontrado" };
  return row.situacao === situacao ? { ok: true, changed: false, situacao } : { ok: false, reason: "situacao_invalida", situacao: row.situacao };
}

/** A copy is set aside for an active hold: the hold is ready for pickup until `days` from now. */
export async function holdReady(
  db: Db,
  codReserva: number,
  now: number,
  opts: { days?: number; localizacao?: string | null } = {},
): Promise<ActionOutcome<{ data_liberacao: string }>> {
  const until = iso(now + (opts.days ?? DEFAULT_PICKUP_DAYS) * 86_400_000);
  if (await makeHoldReady(db, codReserva, until, opts.localizacao)) return { ok: true, changed: true, data_liberacao: until };
  const row = await holdStatus(db, codReserva);
  if (!row) return { ok: false, reason: "nao_encontrado" };
  if (row.situacao === "disponivel") return { ok: true, changed: false, data_liberacao: row.data_liberacao ?? until };
  return { ok: false, reason: "situacao_invalida", situacao: row.situacao };
}

/** Blocks a patron (they keep read access and can write nothing, ADR 011) with the reason they are shown. */
export async function blockPatron(db: Db, codPessoa: number, motivo: string): Promise<ActionOutcome<{ bloqueado: boolean }>> {
  return (await setPatronBlocked(db, codPessoa, motivo)) ? { ok: true, changed: true, bloqueado: true } : { ok: false, reason: "nao_encontrado" };
}

/** Lifts a patron's block. */
export async function unblockPatron(db: Db, codPessoa: number): Promise<ActionOutcome<{ bloqueado: boolean }>> {
  const row = await patronBlock(db, codPessoa);
  if (!row) return { ok: false, reason: "nao_encontrado" };
  await clearPatronBlock(db, codPessoa);
  return { ok: true, changed: Number(row.bloqueado) === 1, bloqueado: false };
}
