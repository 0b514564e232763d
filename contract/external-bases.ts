/**
 * The external content bases of spec §9, the same list for the portal and the API: the API opens each one's
 * access address (`GET /api/vinculos/target/{base}`) and the portal accepts their names in a login redirect.
 * Imports neither side.
 */

/** External bases that trigger direct access after login (spec §9). */
export const EXTERNAL_BASES = [
  "pearson",
  "cengage",
  "editora_forum",
  "minhabiblioteca",
  "ebrary",
  "rtonline",
  "lectio",
  "gale",
  "gale_book",
  "oxford",
  "proquest",
  "uptodate",
  "lexicomp",
  "solucto",
  "jornalderesenhas",
] as const;
export type ExternalBase = (typeof EXTERNAL_BASES)[number];

/** True when `value` names one of the external bases of spec §9. */
export function isExternalBase(value: unknown): value is ExternalBase {
  return typeof value === "string" && (EXTERNAL_BASES as readonly string[]).includes(value);
}
