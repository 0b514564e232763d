/**
 * The anonymous basket: a cookie holding the `cod_acervo` of the chosen titles, oldest first.
 * It is a browser-session cookie (no Max-Age), so a shared library terminal forgets it when the browser
 * closes, and it is capped at MAX_BASKET titles so it stays far below the 4 KB cookie limit (ADR 070).
 */
import { isHttps, parseCookies, serializeCookie } from "./cookies";

export const BASKET_COOKIE = "estante_cesta";
/** At most this many titles (100 ids of up to 9 digits: under 1 KB). */
export const MAX_BASKET = 100;

/** Parses the cookie value ("12.7.30"): positive integers, no duplicates, at most MAX_BASKET. */
export function parseBasket(value: string | undefined | null): number[] {
  if (!value) return [];
  const ids: number[] = [];
  for (const part of value.split(/[.,]/)) {
    if (!/^[1-9]\d{0,14}$/.test(part)) continue;
    const id = Number(part);
    if (!ids.includes(id)) ids.push(id);
    if (ids.length >= MAX_BASKET) break;
  }
  return ids;
}

/** The titles in the request's basket cookie. */
export function readBasket(request: Request): number[] {
  return parseBasket(parseCookies(request.headers.get("Cookie"))[BASKET_COOKIE]);
}

/** The Set-Cookie value that stores `ids` (or deletes the cookie when empty). */
export function basketCookie(ids: number[], request: Request): string {
  const secure = isHttps(request);
  if (ids.length === 0) return serializeCookie(BASKET_COOKIE, "", { maxAge: 0, httpOnly: true, secure, sameSite: "Lax" });
  // "." needs no percent-encoding, so the cookie stays short and readable.
  return serializeCookie(BASKET_COOKIE, ids.join("."), { httpOnly: true, secure, sameSite: "Lax" });
}

/** A change to the basket (the intents of the basket form). */
export type BasketChange =
  { intent: "add"; acervos: number[] } | { intent: "remove"; acervos: number[] } | { intent: "set"; acervos: number[] } | { intent: "clear" };

/** The result of a change: the new ids, and how many asked-for titles did not fit under the cap. */
export function applyBasketChange(current: number[], change: BasketChange): { ids: number[]; refused: number } {
  switch (change.intent) {
    case "clear":
      return { ids: [], refused: 0 };
    case "remove":
      return { ids: current.filter((id) => !change.acervos.includes(id)), refused: 0 };
    case "set": {
      const ids = [...new Set(change.acervos)];
      return { ids: ids.slice(0, MAX_BASKET), refused: Math.max(0, ids.length - MAX_BASKET) };
    }
    case "add": {
      const ids = [...current];
      let refused = 0;
      for (const id of change.acervos) {
        if (ids.includes(id)) continue;
        if (ids.length >= MAX_BASKET) refused++;
        else ids.push(id);
      }
      return { ids, refused };
    }
  }
}
