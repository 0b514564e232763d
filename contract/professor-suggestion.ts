/**
 * What the portal's form and the API agree on for a professor's purchase suggestion (ADR 195): the bibliography
 * types of a teaching plan and the most copies one suggestion may ask for.
 */

/** B: basic bibliography; C: complementary (as a teaching plan's bibliography). */
export const BIBLIOGRAPHY_TYPES = ["B", "C"] as const;
export type BibliographyType = (typeof BIBLIOGRAPHY_TYPES)[number];

/** The most copies one professor's suggestion may ask for. */
export const MAX_COPIES = 100;
