/**
 * Why the signed-in patron cannot hold a title, from `GET /reserva/{id}/informacoes-iniciais` (its `impedimento`
 * for a patron, and `minha_reserva`): importable by components, which never import a `.server` module.
 */

/** The patron's own reasons, in the codes `POST /reserva` refuses with (docs/api.md). */
export const PATRON_HOLD_REFUSALS = [
  "usuario_bloqueado",
  "usuario_desvinculado",
  "reserva_existente",
  "titulo_emprestado",
  "limite_reservas",
] as const;
export type PatronHoldRefusal = (typeof PATRON_HOLD_REFUSALS)[number];

/** What the title page and the hold page say instead of offering the hold: the reason, and the patron's place when they hold it. */
export interface HoldRefusalView {
  motivo: PatronHoldRefusal;
  /** The patron's place in the queue (`reserva_existente`), when the API gave it. */
  posicao: number | null;
}

/**
 * The patron's reason not to be offered a hold, or null (nothing stops it, or only the title's copies do, which the
 * hold page explains itself). A patron's own hold counts even from a backend that does not send the patron codes.
 */
export function holdRefusalOf(options: { impedimento?: string | null; minha_reserva?: { posicao: number } | null }): HoldRefusalView | null {
  if (options.minha_reserva) return { motivo: "reserva_existente", posicao: options.minha_reserva.posicao };
  const motivo = PATRON_HOLD_REFUSALS.find((code) => code === options.impedimento);
  return motivo ? { motivo, posicao: null } : null;
}
