/**
 * The staff credential (ADR 113): one secret, STAFF_API_TOKEN, that the library's own systems present as
 * `Authorization: Bearer <token>` on `/api/biblioteca/…`. It is not an OAuth token: no patron or public token
 * can ever be it, and it is checked on every call, in constant time, against its SHA-256 digest.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Db } from "../db/index.ts";
import { verifyAccessToken } from "../domain/tokens.ts";
import type { AuthSettings } from "./clock.ts";
import { ApiError } from "./errors.ts";
import type { ApiEnv } from "./http.ts";
import type { Lang } from "./messages.ts";

/** A shorter secret is refused: the channel stays closed rather than guessable. */
export const MIN_STAFF_TOKEN_LENGTH = 32;

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

/** The digest of a usable staff secret, or null (unset or too short: the staff channel is closed). */
export function staffTokenDigest(secret: string | undefined): Buffer | null {
  const s = secret?.trim();
  return s && s.length >= MIN_STAFF_TOKEN_LENGTH ? digest(s) : null;
}

/** True when `presented` is the staff secret (constant time: both sides are 32-byte digests). */
export function isStaffToken(expected: Buffer | null, presented: string): boolean {
  return expected !== null && timingSafeEqual(expected, digest(presented));
}

const TEXT = {
  fechado: {
    pt: "O canal da biblioteca não está configurado nesta instalação.",
    es: "El canal de la biblioteca no está configurado en esta instalación.",
    en: "The library channel is not configured on this installation.",
  },
  somente_biblioteca: {
    pt: "Somente a biblioteca pode fazer esta operação.",
    es: "Solo la biblioteca puede hacer esta operación.",
    en: "Only the library may do this.",
  },
  credencial: {
    pt: "Credencial da biblioteca ausente ou inválida.",
    es: "Credencial de la biblioteca ausente o inválida.",
    en: "Missing or wrong library credential.",
  },
} satisfies Record<string, Record<Lang, string>>;

/**
 * Lets through only calls that present the staff secret. A patron's or the public client's valid token is
 * answered 403 `somente_biblioteca` (it is a real caller asking for what is not theirs); anything else 401.
 */
export function requireStaff(deps: { db: Db; auth: AuthSettings }, expected: Buffer | null): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const lang = c.get("lang");
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
    if (match && isStaffToken(expected, match[1])) return next();
    if (match && (await verifyAccessToken(deps.db, deps.auth, match[1]))) {
      throw new ApiError(403, "login_necessario", { code: "somente_biblioteca", message: TEXT.somente_biblioteca[lang] });
    }
    if (!expected) throw new ApiError(401, "token_invalido", { code: "canal_biblioteca_fechado", message: TEXT.fechado[lang] });
    throw new ApiError(401, "token_invalido", { code: "credencial_biblioteca", message: TEXT.credencial[lang] });
  };
}
