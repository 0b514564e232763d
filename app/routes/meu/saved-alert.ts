/** The saved-search alert choices of the saved-items form: none (the API's null), or a frequency (ADR 248). */
import { SAVED_SEARCH_FREQUENCIES, type SavedSearchFrequency } from "../../../contract/notifications";

export const NO_ALERT = "nenhum";
export type AlertChoice = SavedSearchFrequency | typeof NO_ALERT;
export const ALERT_CHOICES: readonly AlertChoice[] = [NO_ALERT, ...SAVED_SEARCH_FREQUENCIES];
