/**
 * The patron's side of holds (spec §3 "Hold", §5 "cancel-reservation needs at least one selection", ADR 125):
 * the list with every hold field and a derived state, history, cancel, suspend until a date and change of the
 * pickup library. Rules answer reason codes; the route maps them to statuses and messages.
 */
import { activeHoldOf, activeHoldsOf, cancelActiveHolds, firstWaitingHold, moveHoldPickup, pastHoldsOf, setHoldSuspension } from "../db/holds.ts";
import type { Db } from "../db/index.ts";
import { holdOptions } from "./holds.ts";

/** The state a patron sees: waiting, suspended, in transit, ready for pickup, fulfilled or cancelled. */
export type HoldState = "aguardando" | "suspensa" | "transito" | "disponivel" | "atendida" | "cancelada";

export interface HoldRow {
  situacao: string;
  suspensa_ate: string | null;
  data_transito: string | null;
}

/** Derives the state of a hold on `today` (YYYY-MM-DD): a suspension ends after its date. */
export function holdState(h: HoldRow, today: string): HoldState {
  if (h.situacao === "disponivel") return "disponivel";
  if (h.situacao === "atendida" || h.situacao === "cancelada") return h.situacao;
  if (h.data_transito) return "transito";
  if (h.suspensa_ate && h.suspensa_ate >= today) return "suspensa";
  return "aguardando";
}

/** Longest suspension a patron can choose, in days (Koha and Evergreen cap it similarly). */
export const MAX_SUSPENSION_DAYS = 365;

/**
 * `GET /reserva`: the patron's active holds. The queue position is the rank among the title's active holds
 * (cancelled holds leave gaps in the stored positions).
 */
export async function listMyHolds(db: Db, codPessoa: number, today: string) {
  return (await activeHoldsOf(db, codPessoa)).map((r) => ({ ...r, estado: holdState(r, today) }));
}

/** `GET /reserva/historico`: the patron's past holds (fulfilled or cancelled), newest first, at most `limit`. */
export async function holdHistory(db: Db, codPessoa: number, limit = 200) {
  return (await pastHoldsOf(db, codPessoa, limit)).map((r) => ({ ...r, estado: holdState(r, "") }));
}

/**
 * `DELETE /reserva`: cancels the patron's active holds among `ids`. Holds of other patrons and holds already
 * cancelled are left alone, so a repeated submit cancels nothing twice. Answers the ids cancelled now.
 */
export function cancelHolds(db: Db, codPessoa: number, ids: number[], now: string): Promise<number[]> {
  return cancelActiveHolds(db, codPessoa, ids, now);
}

export type HoldChangeOutcome =
  | { ok: true }
  | {
      ok: false;
      code: "reserva_nao_encontrada" | "reserva_nao_suspensivel" | "data_suspensao_invalida" | "reserva_em_transito" | "biblioteca_invalida";
    };

/**
 * `PUT /reserva/{id}/suspensao`: suspends a waiting hold until `until` (YYYY-MM-DD, from tomorrow up to
 * MAX_SUSPENSION_DAYS ahead), or resumes it with `until = null`. The hold keeps its position.
 */
export async function suspendHold(db: Db, codPessoa: number, codReserva: number, until: string | null, today: string): Promise<HoldChangeOutcome> {
  const hold = await activeHoldOf(db, codPessoa, codReserva);
  if (!hold) return { ok: false, code: "reserva_nao_encontrada" };
  if (hold.situacao !== "ativa" || hold.data_transito) return { ok: false, code: "reserva_nao_suspensivel" };
  if (until !== null) {
    const max = new Date(Date.parse(`${today}T00:00:00Z`) + MAX_SUSPENSION_DAYS * 86_400_000).toISOString().slice(0, 10);
    if (!(until > today && until <= max)) return { ok: false, code: "data_suspensao_invalida" };
  }
  await setHoldSuspension(db, codReserva, until);
  return { ok: true };
}

/** `PUT /reserva/{id}/biblioteca`: moves the pickup to another library holding copies that allow holds, until a copy is in transit. */
export async function changePickupLibrary(db: Db, codPessoa: number, codReserva: number, biblioteca: number): Promise<HoldChangeOutcome> {
  const hold = await activeHoldOf(db, codPessoa, codReserva);
  if (!hold) return { ok: false, code: "reserva_nao_encontrada" };
  if (hold.situacao !== "ativa" || hold.data_transito) return { ok: false, code: "reserva_em_transito" };
  const options = await holdOptions(db, hold.cod_acervo);
  if (!options?.bibliotecas.some((b) => b.cod_biblioteca === biblioteca)) return { ok: false, code: "biblioteca_invalida" };
  // The condition is repeated in the UPDATE: a copy put in transit meanwhile wins.
  return (await moveHoldPickup(db, codReserva, biblioteca)) ? { ok: true } : { ok: false, code: "reserva_em_transito" };
}

/**
 * The hold a returned copy of `codAcervo` goes to: the first waiting hold in queue order that is not
 * suspended on `today`. Suspended holds keep their place and are served once the suspension ends.
 */
export function nextHoldToServe(db: Db, codAcervo: number, today: string) {
  return firstWaitingHold(db, codAcervo, today);
}
