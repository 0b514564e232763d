import { describe, expect, it } from "vitest";
import { applyBasketChange, BASKET_COOKIE, basketCookie, MAX_BASKET, parseBasket, readBasket } from "./basket.server";

describe("basket cookie", () => {
  it("keeps positive integer ids once, in order, and drops anything else", () => {
    expect(parseBasket("12.7.abc.-1.0.7.30")).toEqual([12, 7, 30]);
    expect(parseBasket("")).toEqual([]);
    expect(parseBasket(undefined)).toEqual([]);
  });

  it("never holds more than the cap, even from a forged cookie", () => {
    const forged = Array.from({ length: MAX_BASKET + 50 }, (_, i) => i + 1).join(".");
    expect(parseBasket(forged)).toHaveLength(MAX_BASKET);
  });

  it("reads the ids from the request's Cookie header", () => {
    const request = new Request("http://x/cesta", { headers: { Cookie: `a=1; ${BASKET_COOKIE}=3.4` } });
    expect(readBasket(request)).toEqual([3, 4]);
  });

  it("is an HttpOnly, SameSite=Lax session cookie, Secure over https, deleted when empty", () => {
    const http = basketCookie([3, 4], new Request("http://x/"));
    expect(http).toBe(`${BASKET_COOKIE}=3.4; Path=/; HttpOnly; SameSite=Lax`);
    expect(basketCookie([1], new Request("https://x/"))).toContain("; Secure");
    expect(basketCookie([], new Request("http://x/"))).toContain("Max-Age=0");
  });
});

describe("basket changes", () => {
  it("adds new titles at the end and ignores ones already there", () => {
    expect(applyBasketChange([1, 2], { intent: "add", acervos: [2, 3] })).toEqual({ ids: [1, 2, 3], refused: 0 });
  });

  it("refuses what does not fit under the cap and says how many", () => {
    const full = Array.from({ length: MAX_BASKET - 1 }, (_, i) => i + 1);
    const r = applyBasketChange(full, { intent: "add", acervos: [1000, 1001, 1002] });
    expect(r.ids).toHaveLength(MAX_BASKET);
    expect(r.refused).toBe(2);
  });

  it("removes, sets (keeping the given order) and clears", () => {
    expect(applyBasketChange([1, 2, 3], { intent: "remove", acervos: [2] }).ids).toEqual([1, 3]);
    expect(applyBasketChange([1, 2, 3], { intent: "set", acervos: [3, 1, 3] }).ids).toEqual([3, 1]);
    expect(applyBasketChange([1, 2, 3], { intent: "clear" }).ids).toEqual([]);
  });
});
