/**
 * Notification events a patron chooses per channel (ADR 248), saved-search alert frequencies and the loan-history
 * choices (ADR 249): the API and the portal agree on these codes.
 */

/** Due soon, overdue, hold ready, request answered, new titles of the interest profile. */
export const NOTIFICATION_EVENTS = ["vencimento", "atraso", "reserva_disponivel", "solicitacao_respondida", "perfil_interesse"] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Days before the due day a due-soon notice may go out. */
export const DUE_DAYS_MIN = 1;
export const DUE_DAYS_MAX = 14;
/** Days before the due day when the patron has not chosen. */
export const DUE_DAYS_DEFAULT = 2;

/** How often a saved search may alert about new titles. */
export const SAVED_SEARCH_FREQUENCIES = ["diario", "semanal"] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

/** Loan history: kept forever, kept for the library's period, never recorded. */
export const HISTORY_CHOICES = ["sempre", "padrao", "nunca"] as const;
export type HistoryChoice = (typeof HISTORY_CHOICES)[number];

/** The portal's page behind every e-mail's unsubscribe link and RFC 8058 one-click POST. */
export const UNSUBSCRIBE_PATH = "/descadastro";
