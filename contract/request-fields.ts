/**
 * What the portal's request forms and the API agree on for the fields a patron types (spec §5; ADR 229): an
 * ISBN or ISSN whose check digit is right, a publication year that is not in the future, a page range in order,
 * The shortest search terms are in contract/search-terms.ts. Imports neither the portal nor the API.
 */
import * as isbn3 from "isbn3";

/** The earliest publication year a request form accepts (printed books older than this are not lent by post). */
export const MIN_YEAR = 1000;

/** The latest year a request may name: this year (a book from the future does not exist yet). */
export function maxYear(now: Date = new Date()): number {
  return now.getFullYear();
}

/** An ISSN (`0317-8471`, `0317 8471` or `03178471`) whose check digit (mod 11, X for 10) is right. */
export function isIssn(value: string): boolean {
  const digits = value.trim().replace(/[-\s]/g, "").toUpperCase();
  if (!/^\d{7}[\dX]$/.test(digits)) return false;
  const sum = [...digits.slice(0, 7)].reduce((acc, d, i) => acc + Number(d) * (8 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return digits[7] === (check === 10 ? "X" : String(check));
}

/** An ISBN-10 or ISBN-13 (hyphens and spaces allowed) that isbn3 accepts: right check digit and a known group. */
export function isIsbn(value: string): boolean {
  const compact = value.trim().replace(/[-\s]/g, "");
  return /^(\d{9}[\dXx]|\d{13})$/.test(compact) && isbn3.parse(compact) !== null;
}

/** The `isbn_issn` field of a request or a suggestion: one valid ISBN or ISSN. */
export function isIsbnOrIssn(value: string): boolean {
  return isIsbn(value) || isIssn(value);
}

/** Pages as a patron types them: one page ("12") or a range ("45-62", "45–62"). */
const PAGES = /^\s*(\d{1,6})\s*(?:[-–]\s*(\d{1,6})\s*)?$/;

/** What is wrong with a `paginas` field, if anything: not pages at all, or a range whose start is after its end. */
export function pagesIssue(value: string): "formato" | "ordem" | null {
  const m = PAGES.exec(value);
  if (!m) return "formato";
  if (m[2] !== undefined && Number(m[1]) > Number(m[2])) return "ordem";
  return null;
}

/** The longest comment, on a title or a general one (spec §5), in characters. */
export const COMMENT_MAX_LENGTH = 2000;

/**
 * The longest short free-text field of a hold or a loan request (spec §3: volume, tome, part, material, the
 * hold's pickup place `localizacao`, the authorised person), in characters.
 */
export const REQUEST_TEXT_MAX = 200;

/** The longest long free-text field of a loan request (spec §3 `domicilio`, `recebimento_textual`), in characters. */
export const REQUEST_NOTE_MAX = 500;
