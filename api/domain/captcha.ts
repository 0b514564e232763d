/**
 * The captcha of activity 1120 (spec §5, §6; ADR 170): an ALTCHA proof of work, PBKDF2/SHA-256, no image or
 * audio puzzle and no third party. Challenges are signed (HMAC), expire, and are accepted once.
 */
import { createChallenge, verifySolution, type Challenge, type Payload } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { activityPublic } from "../db/acervo.ts";
import { captchaSecret, markCaptchaUsed } from "../db/captcha.ts";
import type { Db } from "../db/index.ts";

/** The activity that switches the captcha on (spec §6). */
export const CAPTCHA_ACTIVITY = 1120;

export const CAPTCHA_ALGORITHM = "PBKDF2/SHA-256";

export interface CaptchaSettings {
  /** PBKDF2 iterations per guess: about 256 guesses are needed on average (key prefix "00"). */
  cost: number;
  /** Seconds a challenge stays valid. */
  ttlSeconds: number;
}

export const defaultCaptchaSettings: CaptchaSettings = { cost: 5_000, ttlSeconds: 10 * 60 };

/** Why a captcha answer was refused: none sent, expired, or anything else (forged, wrong, reused, malformed). */
export type CaptchaOutcome = "ok" | "captcha_ausente" | "captcha_expirado" | "captcha_invalido";

/** Whether the institution asks for the captcha: activity 1120 is on in the public configuration. */
export async function captchaRequired(db: Db): Promise<boolean> {
  return Number((await activityPublic(db, CAPTCHA_ACTIVITY))?.publica ?? 0) === 1;
}

/** A new signed challenge, valid for `ttlSeconds` from `now` (ms). */
export async function newCaptchaChallenge(db: Db, now: number, s: CaptchaSettings = defaultCaptchaSettings): Promise<Challenge> {
  return createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: s.cost,
    deriveKey,
    expiresAt: Math.floor(now / 1000) + s.ttlSeconds,
    hmacSignatureSecret: await captchaSecret(db),
  });
}

/** Decodes the widget's payload: base64 of `{challenge, solution}` JSON. Null when it is not one. */
function decodePayload(token: string): Payload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
    if (!value || typeof value !== "object") return null;
    const p = value as Partial<Payload>;
    if (!p.challenge || typeof p.challenge !== "object" || !p.challenge.parameters || !p.solution || typeof p.solution !== "object") return null;
    return p as Payload;
  } catch {
    return null;
  }
}

/**
 * Checks a solved challenge (the `recaptcha_token` of spec §7) and uses it up. Never throws: a malformed token
 * is simply invalid.
 */
export async function checkCaptcha(db: Db, token: string | null | undefined, now: number): Promise<CaptchaOutcome> {
  if (!token) return "captcha_ausente";
  const payload = decodePayload(token);
  if (!payload || payload.challenge.parameters.algorithm !== CAPTCHA_ALGORITHM) return "captcha_invalido";
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: await captchaSecret(db),
    });
    if (result.expired) return "captcha_expirado";
    if (!result.verified || !payload.challenge.signature) return "captcha_invalido";
  } catch {
    return "captcha_invalido";
  }
  const expiresAt = (payload.challenge.parameters.expiresAt ?? 0) * 1000;
  return (await markCaptchaUsed(db, payload.challenge.signature, expiresAt, now)) ? "ok" : "captcha_invalido";
}

/**
 * The captcha rule of login and recovery step 1 when the institution asks for it (ADR 170): a solved
 * challenge that is sent must be valid, unexpired and unused. No token is let through: a browser without
 * JavaScript cannot run the proof of work, and those requests stay under the login and recovery rate limits.
 * Returns the refusal code, or null.
 */
export async function captchaRefusal(
  db: Db,
  token: string | null | undefined,
  now: number,
): Promise<Exclude<CaptchaOutcome, "ok" | "captcha_ausente"> | null> {
  if (!token || !(await captchaRequired(db))) return null;
  const outcome = await checkCaptcha(db, token, now);
  return outcome === "ok" || outcome === "captcha_ausente" ? null : outcome;
}
