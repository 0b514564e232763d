/**
 * The patron session: an AES-256-GCM encrypted, HttpOnly cookie holding the token pair and a minimal user.
 * Nothing is stored server-side, so any worker or instance can serve any request.
 */
import crypto from "node:crypto";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { isHttps, parseCookies, serializeCookie } from "./cookies";
import { getEnv } from "./env.server";
import { openBytes, sealBytes } from "./sealed-cookie.server";
import type { FlashKey } from "./flash";

const COOKIE_BASE = "estante_sessao";
const FLASH_COOKIE = "estante_aviso";
/** "Keep me logged in" keeps the cookie for 30 days (renewed on every token refresh). */
export const PERSISTENT_MAX_AGE = 60 * 60 * 24 * 30;

const SessionDataSchema = z.object({
  v: z.literal(1),
  sid: z.string(),
  persistent: z.boolean(),
  tokens: z.object({ access_token: z.string(), refresh_token: z.string() }),
  user: z.object({
    cod_pessoa: z.number(),
    nome_pessoa: z.string(),
    login: z.string(),
    /** The login's base, when the person has logins in several bases (ADR 172). */
    base: z.string().nullish(),
    permissions: z.array(z.number()),
    /** Whether the patron is a professor (the teaching plan's menu entry); absent in sessions started before it was kept. */
    professor: z.boolean().optional(),
  }),
  /** When the session began and when it was last used (ms since the epoch); absent in older cookies. */
  iat: z.number().optional(),
  seen: z.number().optional(),
  /** The session began with single sign-on: logout then goes to that provider's logout link (spec §4, ADR 160). */
  sso: z.enum(["oidc", "saml"]).optional(),
});

export type SessionData = z.infer<typeof SessionDataSchema>;
export type SessionUser = SessionData["user"];
export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

/**
 * How long a session may last at all, and unused (docs/security.md): "keep me logged in" 30 days / 14 days
 * idle; otherwise 12 hours / 1 hour idle. Past either, the session ends (its tokens are revoked) and the
 * next page asks to sign in again.
 */
export const SESSION_LIMITS = {
  persistent: { absoluteMs: PERSISTENT_MAX_AGE * 1000, idleMs: 14 * 24 * 60 * 60 * 1000 },
  browser: { absoluteMs: 12 * 60 * 60 * 1000, idleMs: 60 * 60 * 1000 },
} as const;
/** `seen` is written back at most this often, so most pages send no Set-Cookie. */
const SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export type { FlashKey };
const FLASH_KEYS: FlashKey[] = ["session_expired", "logged_out", "password_changed", "user_swapped"];

const PURPOSE = "session-cookie-v1";

/** Encrypts session data into a cookie-safe string: base64url(iv ‖ tag ‖ ciphertext). */
export function encryptSession(data: SessionData, secret: string): string {
  return sealBytes(Buffer.from(JSON.stringify(data), "utf8"), secret, PURPOSE);
}

/** Decrypts and validates a session cookie value; null when it was tampered with, forged or malformed. */
export function decryptSession(value: string | undefined, secret: string): SessionData | null {
  const plain = openBytes(value, secret, PURPOSE);
  if (!plain) return null;
  try {
    const parsed = SessionDataSchema.safeParse(JSON.parse(plain.toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The cookie name: `__Host-` prefixed (Secure, Path=/, no Domain) over https. */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${COOKIE_BASE}` : COOKIE_BASE;
}

/** A request's session: read once, changed by loaders/actions, written once by the middleware. */
export class Session {
  #data: SessionData | null;
  #dirty = false;
  #flashIn: FlashKey | null;
  #flashOut: FlashKey | null | undefined = undefined;
  /** Shared by every API call of this request: one refresh at a time (see the API client). */
  refreshing: Promise<TokenPair | null> | null = null;
  /** Token pairs this request ended (logout, a new login over an old one): the API middleware revokes them. */
  #ended: TokenPair[] = [];

  constructor(data: SessionData | null, flash: FlashKey | null = null, now: number = Date.now()) {
    this.#data = data;
    this.#flashIn = flash;
    if (data) this.#checkLifetime(data, now);
  }

  /** Ends a session past its absolute or idle limit; otherwise records that it was used (ADR 115). */
  #checkLifetime(data: SessionData, now: number): void {
    const limits = data.persistent ? SESSION_LIMITS.persistent : SESSION_LIMITS.browser;
    const iat = data.iat ?? now;
    const seen = data.seen ?? now;
    if (now - iat > limits.absoluteMs || now - seen > limits.idleMs) {
      this.destroy();
      this.flash("session_expired");
      return;
    }
    if (data.iat === undefined || data.seen === undefined || now - seen >= SEEN_RESOLUTION_MS) {
      this.#data = { ...data, iat, seen: now };
      this.#dirty = true;
    }
  }

  /** The signed-in patron, or null. */
  get user(): SessionUser | null {
    return this.#data?.user ?? null;
  }

  get tokens(): TokenPair | null {
    return this.#data?.tokens ?? null;
  }

  get data(): SessionData | null {
    return this.#data;
  }

  get dirty(): boolean {
    return this.#dirty;
  }

  /** Starts a brand-new session (login): a new id, never the old cookie's content. */
  start(input: { tokens: TokenPair; user: SessionUser; persistent: boolean; sso?: "oidc" | "saml" }): void {
    // Logging in again supersedes the previous session: its tokens must not keep working elsewhere.
    if (this.#data && this.#data.tokens.refresh_token !== input.tokens.refresh_token) this.#ended.push(this.#data.tokens);
    const now = Date.now();
    this.#data = {
      v: 1,
      sid: crypto.randomUUID(),
      persistent: input.persistent,
      tokens: input.tokens,
      user: input.user,
      iat: now,
      seen: now,
      ...(input.sso ? { sso: input.sso } : {}),
    };
    this.#dirty = true;
  }

  /** Changes what the session knows of the user (another of the person's logins was chosen, ADR 172). */
  updateUser(patch: Partial<SessionUser>): void {
    if (!this.#data) return;
    this.#data = { ...this.#data, user: { ...this.#data.user, ...patch } };
    this.#dirty = true;
  }

  /** Stores a refreshed token pair. */
  setTokens(tokens: TokenPair): void {
    if (!this.#data) return;
    this.#data = { ...this.#data, tokens };
    this.#dirty = true;
  }

  /**
   * Signs the patron out (the cookie is deleted on the response). Unless the API already refused the tokens
   * (`revoke: false`), they are queued for revocation so a copy of the old cookie stops working too.
   */
  destroy(options: { revoke?: boolean } = {}): void {
    if (this.#data && options.revoke !== false) this.#ended.push(this.#data.tokens);
    this.#data = null;
    this.#dirty = true;
    this.refreshing = null;
  }

  /** Takes the token pairs to revoke on the API (each only once). */
  takeEnded(): TokenPair[] {
    const out = this.#ended;
    this.#ended = [];
    return out;
  }

  /** Sets a message for the next page. */
  flash(key: FlashKey): void {
    this.#flashOut = key;
  }

  /** Reads the message left by the previous response, and clears it. */
  takeFlash(): FlashKey | null {
    const key = this.#flashIn;
    if (key && this.#flashOut === undefined) this.#flashOut = null;
    this.#flashIn = null;
    return key;
  }

  /** The Set-Cookie header values this request must send (none when nothing changed). */
  commit(secure: boolean, secret: string): string[] {
    const out: string[] = [];
    const name = sessionCookieName(secure);
    if (this.#dirty) {
      if (this.#data) {
        out.push(
          serializeCookie(name, encryptSession(this.#data, secret), {
            httpOnly: true,
            secure,
            sameSite: "Lax",
            maxAge: this.#data.persistent ? PERSISTENT_MAX_AGE : undefined,
          }),
        );
      } else {
        out.push(serializeCookie(name, "", { httpOnly: true, secure, sameSite: "Lax", maxAge: 0 }));
      }
    }
    if (this.#flashOut !== undefined) {
      out.push(
        this.#flashOut
          ? serializeCookie(FLASH_COOKIE, this.#flashOut, { httpOnly: true, secure, sameSite: "Lax", maxAge: 300 })
          : serializeCookie(FLASH_COOKIE, "", { httpOnly: true, secure, sameSite: "Lax", maxAge: 0 }),
      );
    }
    return out;
  }
}

/** Reads the session of a request. */
export function readSession(request: Request, secret: string, now: number = Date.now()): Session {
  const cookies = parseCookies(request.headers.get("Cookie"));
  const data = decryptSession(cookies[sessionCookieName(isHttps(request))], secret);
  const flash = cookies[FLASH_COOKIE];
  return new Session(data, (FLASH_KEYS as string[]).includes(flash ?? "") ? (flash as FlashKey) : null, now);
}

export const sessionContext = createContext<Session | null>(null);

/** The request's session (an empty one when the middleware did not run, e.g. unmatched routes). */
export function getSession(context: Readonly<RouterContextProvider>): Session {
  return context.get(sessionContext) ?? new Session(null);
}

/** Reads the session cookie before the loaders and writes it (once) on the response when it changed. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const secret = getEnv().SESSION_SECRET;
  const session = readSession(request, secret);
  context.set(sessionContext, session);
  const response = await next();
  for (const cookie of session.commit(isHttps(request), secret)) response.headers.append("Set-Cookie", cookie);
  if (session.data) response.headers.set("Cache-Control", "private, no-store");
  return response;
};
