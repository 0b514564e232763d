/**
 * The outcome of an action shown once on the page the action redirects to (post/redirect/get): kept for five
 * minutes (or `maxAge` seconds) in a sealed, HttpOnly cookie of the private area, read back through its schema, then cleared by the page.
 */
import type { z } from "zod";
import { isHttps, parseCookies, serializeCookie } from "~/lib/cookies";
import { getEnv } from "~/lib/env.server";
import { privateAreaPath } from "~/lib/product";
import { openBytes, sealBytes } from "~/lib/sealed-cookie.server";

export interface FlashOutcome<T> {
  /** The outcome the cookie carries; null when absent, forged, sealed for another purpose or not of the schema. */
  read(request: Request): T | null;
  /** The Set-Cookie value that keeps `outcome` (or clears the cookie when null). */
  cookie(request: Request, outcome: T | null): string;
}

export function flashOutcome<S extends z.ZodType>(name: string, purpose: string, schema: S, maxAge = 300): FlashOutcome<z.infer<S>> {
  return {
    read(request) {
      const raw = openBytes(parseCookies(request.headers.get("Cookie"))[name], getEnv().SESSION_SECRET, purpose);
      if (!raw) return null;
      try {
        const parsed = schema.safeParse(JSON.parse(raw.toString("utf8")));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    cookie(request, outcome) {
      const secure = isHttps(request);
      if (!outcome) return serializeCookie(name, "", { httpOnly: true, secure, sameSite: "Lax", maxAge: 0, path: privateAreaPath });
      const value = sealBytes(Buffer.from(JSON.stringify(outcome), "utf8"), getEnv().SESSION_SECRET, purpose);
      return serializeCookie(name, value, { httpOnly: true, secure, sameSite: "Lax", maxAge, path: privateAreaPath });
    },
  };
}
