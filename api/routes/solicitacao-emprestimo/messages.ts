/**
 * The words of the loan-request group's own refusals (`/api/solicitacao-emprestimo`), by `lang`; the refusals
 * it shares with the other patron requests are in `../messages.ts`.
 */

/** A request that is no longer waiting cannot be cancelled. */
export const CANCEL_MESSAGES = {
  pt: "Só é possível cancelar uma solicitação aguardando atendimento.",
  es: "Solo se puede cancelar una solicitud en espera de atención.",
  en: "Only a request still waiting can be cancelled.",
} as const;
