import crypto from "node:crypto";

const KEY_LENGTH = 32;

/** Hashes a password with scrypt and a fresh random salt (both hex). */
export function hashPassword(password: string, salt = crypto.randomBytes(16).toString("hex")): { hash: string; salt: string } {
  const hash = crypto.scryptSync(password.normalize("NFKC"), salt, KEY_LENGTH).toString("hex");
  return { hash, salt };
}

/** Checks a password against a stored scrypt hash in constant time. */
export function verifyPassword(password: string, hash: string, salt: string): boolean {
  const candidate = crypto.scryptSync(password.normalize("NFKC"), salt, KEY_LENGTH);
  const stored = Buffer.from(hash, "hex");
  return stored.length === candidate.length && crypto.timingSafeEqual(stored, candidate);
}

/** SHA-256 (hex) of an opaque token: only this is stored. */
export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

/** A new opaque random token (256 bits, base64url). */
export function randomToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}
