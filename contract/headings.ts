/**
 * How headings (names, subjects, series, publishers) are compared and cleaned, shared by the importer
 * (authority matching), the search (facet values) and the portal (the title page's heading links), so a
 * heading the API matched is the heading the portal links. Imports nothing from app/ or api/.
 */

/** Lower case, no accents, no punctuation: the key headings are matched by ("Quintana, Mário," = "quintana mario"). */
export function headingKey(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** A heading without ISBD brackets, parentheses and trailing punctuation ("[Paris] :" → "Paris"). */
export function cleanHeading(value: string): string {
  return value
    .replace(/[[\]()]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s.,;:/=-]+|[\s.,;:/=-]+$/g, "")
    .trim();
}
