/**
 * Sealed cookie values: AES-256-GCM with a key derived (HKDF-SHA256) from the portal secret and a purpose,
 * so each cookie (session, search history) has its own key and one cannot be replayed as the other.
 */
import crypto from "node:crypto";

// Derived once per secret and purpose (HKDF on every request showed in the page-cost profile, ADR 210).
const keys = new Map<string, Buffer>();

function deriveKey(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync("sha256", secret, "estante", purpose, 32));
    if (keys.size > 16) keys.clear();
    keys.set(id, key);
  }
  return key;
}

/** Encrypts bytes into a cookie-safe string: base64url(iv ‖ tag ‖ ciphertext). */
export function sealBytes(plain: Buffer, secret: string, purpose: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", deriveKey(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** Decrypts a sealed value; null when it was tampered with, forged, sealed for another purpose or malformed. */
export function openBytes(value: string | undefined, secret: string, purpose: string): Buffer | null {
  if (!value) return null;
  try {
    const raw = Buffer.from(value, "base64url");
    if (raw.length < 29) return null;
    const decipher = crypto.createDecipheriv("aes-256-gcm", deriveKey(secret, purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
  } catch {
    return null;
  }
}
