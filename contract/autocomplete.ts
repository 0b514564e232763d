/** The search box's autocomplete (issue 28), shared by the portal and the reference API. */

/** Characters typed before the portal asks for suggestions. */
export const AUTOCOMPLETE_MIN_CHARS = 2;
/** Longest text the autocomplete reads. */
export const AUTOCOMPLETE_TEXT_MAX = 200;
/** Wait after the last keystroke before asking (ms). */
export const AUTOCOMPLETE_DEBOUNCE_MS = 200;
