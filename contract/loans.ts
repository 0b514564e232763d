/**
 * Loan renewal's reason codes, shared by the reference API (which checks the rules in this order, ADR 120) and
 * the portal (which words each code). A backend may send a code not listed here: the portal then shows the
 * API's own words. Imports nothing from app/ or api/.
 */
export const RENEWAL_REASONS = ["nao_encontrado", "bloqueado", "debito", "horario", "tipo", "reservado", "limite", "atrasado", "cedo"] as const;
export type RenewalReason = (typeof RENEWAL_REASONS)[number];
