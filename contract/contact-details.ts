/**
 * What the portal's personal-data screen and the API agree on for the patron's contact details (spec §5; ADR 236):
 * the phone keeps digits, dash, parentheses and space, at most 16 characters; an e-mail address is one address
 * (the loan request's "valid e-mail"); a link confirming a new address lives 24 hours. Imports neither side.
 */

/** Spec §5 and §9: the phone field's longest value. */
export const PHONE_MAX = 16;

/** Spec §5: the characters a phone keeps. */
export const PHONE_PATTERN = /^[0-9()\- ]+$/;

/** The longest e-mail address stored (RFC 5321 allows 254). */
export const EMAIL_MAX = 254;

/** Hours a link confirming a new e-mail address stays valid. */
export const EMAIL_CHANGE_HOURS = 24;

/** Why a phone as typed (blank: none) is refused, or null: it must keep spec §5's characters and length. */
export function phoneIssue(value: string): "formato" | "longo" | null {
  const text = value.trim();
  if (text === "") return null;
  if (text.length > PHONE_MAX) return "longo";
  if (!PHONE_PATTERN.test(text) || !/\d/.test(text)) return "formato";
  return null;
}

/** One e-mail address: a local part, "@", a domain with a dot; no spaces, no second "@", no list. */
export function isEmailAddress(value: string): boolean {
  const text = value.trim();
  return text.length <= EMAIL_MAX && /^[^\s@<>;,"]+@[^\s@<>;,"]+\.[^\s@<>;,".]+$/.test(text) && !text.includes("..");
}
