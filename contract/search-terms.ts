/**
 * The shortest terms a search accepts, the same in the portal's forms and the API (spec §5). Imports nothing:
 * the search form's bundle reads it.
 */

/** Shortest search term, in characters after trimming: the catalogue's and the network's searches (API and portal). */
export const MIN_SEARCH_TERM_LENGTH = 2;

/**
 * Spec §5: contains-any matching needs at least this many characters: the words the "qualquer" mode counts
 * (API and portal) and the interest profile's search terms.
 */
export const MIN_ANY_WORD_LENGTH = 3;
