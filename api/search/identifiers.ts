import * as isbn3 from "isbn3";

/**
 * ISBNs and ISSNs as the search index and the queries write them (ADR 223). An ISBN is searched by its ISBN-13
 * without separators: the index holds that form of every ISBN of a title (whatever the record says: ISBN-10,
 * hyphens, spaces), and a query's ISBN-10 or hyphenated ISBN is rewritten to it. An ISSN is indexed both
 * compact ("0378595x") and as its two halves ("0378 595x"), so "0378-595X", "0378 595X" and "0378595X" all find
 * it without touching the query: two four-digit numbers joined by a hyphen are as often a span of years.
 */

/**
 * An ISBN as patrons type it: 10 or 13 digits (the last of an ISBN-10 may be X), with or without hyphens or
 * spaces between groups. Only a run isbn3 takes for an ISBN (right check digit, known range) is rewritten.
 */
const ISBN_LIKE = /(?<![\p{L}\p{N}])(?:97[89][-\s]?)?\d(?:[-\s]?\d){8}[-\s]?[\dXx](?![\p{L}\p{N}])/gu;

/** The ISBN-13 of a typed ISBN (10 or 13 digits, separators allowed), or null when it is not a valid ISBN. */
export function isbn13Of(typed: string): string | null {
  return isbn3.parse(typed.replace(/[-\s]/g, ""))?.isbn13 ?? null;
}

/** A query's text with each ISBN written the way the index holds it: 13 digits without separators. */
export function normalizeIdentifiers(termo: string): string {
  return termo.replace(ISBN_LIKE, (match) => isbn13Of(match) ?? match);
}

/** The ISBNs of a record's ISBN field (several may be listed, separated by ";", "," or spaces before digits). */
function isbnValues(field: string): string[] {
  return field
    .split(/[;,]\s*|\s+(?=\d{9})/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * What a title's ISBN field adds to the index: each ISBN compact (as written, without separators) and, when it
 * is a valid ISBN, its ISBN-13.
 */
export function isbnIndexForms(field: string | null): string[] {
  if (!field) return [];
  const out = new Set<string>();
  for (const v of isbnValues(field)) {
    // The number at the start ("8525600199 (broch.)"), separators left out.
    const compact = v.match(/^[0-9Xx][0-9Xx\s-]{8,16}[0-9Xx]/)?.[0]?.replace(/[-\s]/g, "") ?? v.replace(/[^0-9Xx]/g, "");
    if (compact) out.add(compact);
    const isbn13 = isbn13Of(compact);
    if (isbn13) out.add(isbn13);
  }
  return [...out];
}

/** An ISSN's digits: four, a hyphen or space or nothing, three and a check digit (maybe X). */
const ISSN = /(?<![\p{L}\p{N}])(\d{4})[-\s]?(\d{3}[\dXx])(?![\p{L}\p{N}])/gu;

/** What a title's ISSN field adds to the index: each ISSN compact and as its two halves. */
export function issnIndexForms(field: string | null): string[] {
  if (!field) return [];
  const out: string[] = [];
  for (const m of field.matchAll(ISSN)) out.push(`${m[1]}${m[2]}`, `${m[1]} ${m[2]}`);
  return out;
}

/** An ISSN written the standard way, "0378-595X" (the importer stores this form), or null when `raw` has none. */
export function normalizeIssn(raw: string): string | null {
  const m = [...raw.matchAll(ISSN)][0];
  return m ? `${m[1]}-${m[2].toUpperCase()}` : null;
}
