/** The loan request statuses of spec §3 plus "cancelled by the patron", in the order the filter lists them. */
export const LOAN_REQUEST_STATES = ["aguardando", "disponivel", "transito", "finalizada", "nao_finalizada", "cancelada"] as const;
export type LoanRequestState = (typeof LOAN_REQUEST_STATES)[number];
