/** Where the forgot-password flow starts (spec §2, ADR 130); its steps are /codigo and /nova-senha below it. */
export const RECOVERY_PATH = "/recuperar-senha";
