/**
 * The waiting list (spec §8 "A waiting-list offer is shown when material is unavailable", ADR 094): when no
 * copy of a title can be requested (none available for loan) and no hold can be placed (no copy allows
 * holds), a patron can join the title's waiting list. The library alerts the waiting patrons, in order,
 * when a copy can be requested or held again. One waiting entry per patron and title (migration 010).
 */
import type { Db } from "../db/index.ts";
import { cancelWaitingEntry, countWaiting, insertWaitingEntry, loanableCopyCount, waitingEntriesOf, waitingEntry } from "../db/waiting-list.ts";
import { holdOptions, isUniqueViolation, patronLimits } from "./holds.ts";
import { refused, type NotFound, type Refused } from "./refusals.ts";

export interface WaitingListState {
  cod_acervo: number;
  titulo: string;
  /** True when the title can be neither requested nor held now: the waiting list is what is offered. */
  oferecida: boolean;
  /** Patrons waiting. */
  tamanho: number;
  /** The patron's place in the list (1 = next), or null when not in it. */
  posicao: number | null;
}

/** Whether the title is "unavailable" in the waiting list's sense: nothing to request, no hold possible. */
async function unavailable(db: Db, codAcervo: number): Promise<{ titulo: string; unavailable: boolean } | null> {
  const options = await holdOptions(db, codAcervo);
  if (!options) return null;
  const loanable = await loanableCopyCount(db, codAcervo);
  // A hold is possible when nothing stands in its way; a copy available for loan means a loan request.
  return { titulo: options.titulo, unavailable: options.impedimento !== null && Number(loanable.n) === 0 };
}

/** The patron's position: waiting entries of the title that arrived before or with theirs. */
async function positionOf(db: Db, codAcervo: number, codPessoa: number): Promise<number | null> {
  const mine = await waitingEntry(db, codAcervo, codPessoa);
  return mine ? countWaiting(db, codAcervo, mine.id) : null;
}

/** `GET /lista-espera/{id}`: whether the list is offered, its size and the patron's place; null for an unknown title. */
export async function waitingListState(db: Db, codAcervo: number, codPessoa: number): Promise<WaitingListState | null> {
  const state = await unavailable(db, codAcervo);
  if (!state) return null;
  const [tamanho, posicao] = await Promise.all([countWaiting(db, codAcervo), positionOf(db, codAcervo, codPessoa)]);
  return { cod_acervo: codAcervo, titulo: state.titulo, oferecida: state.unavailable, tamanho, posicao };
}

export type JoinRefusalCode = "usuario_bloqueado" | "usuario_desvinculado" | "lista_espera_indisponivel";
export type JoinOutcome = { ok: true; state: WaitingListState; created: boolean } | NotFound | Refused<JoinRefusalCode>;

/**
 * Why a patron not yet waiting may not join: blocked by the library, unlinked by a no-debts declaration, or the
 * title offers a loan request or a hold instead of the waiting list. Null when they may.
 */
export function joinRefusal(
  patron: { bloqueado: number; desvinculado_em: string | null },
  state: Pick<WaitingListState, "oferecida">,
): JoinRefusalCode | null {
  if (patron.bloqueado) return "usuario_bloqueado";
  if (patron.desvinculado_em) return "usuario_desvinculado";
  if (!state.oferecida) return "lista_espera_indisponivel";
  return null;
}

/**
 * `POST /lista-espera`: puts the patron at the end of the title's waiting list. Joining again (a double
 * submit, a resubmit after Back) answers the place already held (`created: false`), never a second entry.
 * Refused for an unknown title, a blocked or unlinked patron, and when the title can be requested or held (that is
 * offered instead).
 */
export async function joinWaitingList(db: Db, codPessoa: number, codAcervo: number): Promise<JoinOutcome> {
  const before = await waitingListState(db, codAcervo, codPessoa);
  if (!before) return refused("nao_encontrado");
  if (before.posicao !== null) return { ok: true, state: before, created: false };
  const patron = await patronLimits(db, codPessoa);
  const refusal = joinRefusal(patron, before);
  if (refusal) return refused(refusal);
  let created = true;
  try {
    await insertWaitingEntry(db, codAcervo, codPessoa);
  } catch (err) {
    // A concurrent submit of the same patron got there first: one entry, theirs.
    if (!isUniqueViolation(err)) throw err;
    created = false;
  }
  const state = await waitingListState(db, codAcervo, codPessoa);
  return { ok: true, state: state ?? before, created };
}

/** `GET /lista-espera`: the titles the patron is waiting for, with their place, oldest first. */
export async function myWaitingList(db: Db, codPessoa: number) {
  const rows = await waitingEntriesOf(db, codPessoa);
  return rows.map((r) => ({ cod_acervo: r.cod_acervo, titulo: r.titulo, posicao: Number(r.posicao), data_entrada: r.data_entrada }));
}

/** `DELETE /lista-espera/{id}`: the patron leaves a title's waiting list; true when an entry was left now. */
export async function leaveWaitingList(db: Db, codPessoa: number, codAcervo: number): Promise<boolean> {
  const res = await cancelWaitingEntry(db, codAcervo, codPessoa);
  return Number(res.numUpdatedRows) > 0;
}
