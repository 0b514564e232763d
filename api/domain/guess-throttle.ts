/**
 * Throttling of anything that guesses a secret (a password at login, the current password of a password
 * change, a recovery code): every guess is counted in the database **before** the secret is compared, so a
 * burst of parallel guesses gets no more than the limit (ADR 111, ADR 131, docs/security.md).
 */
import type { Db } from "../db/index.ts";
import { allowEvent, lockKey, resetKey, uncountEvent } from "../db/rate-limit.ts";

export interface GuessLimit {
  /** The counter's key in `contador_limite` (e.g. `u:<username>`, `ip:<address>`). */
  key: string;
  max: number;
  windowMs: number;
  /** A failure that reaches `max` locks the key for `windowMs` (else the window alone ends the refusal). */
  lock: boolean;
  /** What a right guess does: `reset` forgets the key's count (a username), `uncount` takes the guess back (an address). */
  onSuccess: "reset" | "uncount";
}

/** The counts each limit gave this guess, to settle it once the secret has been compared. */
export type AdmittedGuess = { limits: GuessLimit[]; counts: number[] };

/** Counts one guess against each limit in order; null (refused) as soon as one is over or locked. */
export async function admitGuess(db: Db, limits: GuessLimit[], now: number): Promise<AdmittedGuess | null> {
  const counts: number[] = [];
  for (const limit of limits) {
    const { allowed, count } = await allowEvent(db, limit.key, limit.max, now, limit.windowMs);
    if (!allowed) return null;
    counts.push(count);
  }
  return { limits, counts };
}

/**
 * Settles an admitted guess: a right one gives its counts back; a wrong one locks each lockable key whose count
 * reached its limit. Returns true when this wrong guess locked something (the caller answers "too many").
 */
export async function settleGuess(db: Db, guess: AdmittedGuess, right: boolean, now: number): Promise<boolean> {
  let locked = false;
  for (const [i, limit] of guess.limits.entries()) {
    if (right) await (limit.onSuccess === "reset" ? resetKey(db, limit.key) : uncountEvent(db, limit.key));
    else if (limit.lock && guess.counts[i] >= limit.max) {
      await lockKey(db, limit.key, now + limit.windowMs);
      locked = true;
    }
  }
  return locked;
}
