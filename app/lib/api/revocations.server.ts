/**
 * Sessions that ended while the API could not be reached (logout with the API down): their tokens are kept
 * here and revoked as soon as the API answers again, retried with a growing delay (1 s doubling to 30 s) for
 * as long as the refresh token could still be used. Until then this process refuses a cookie that carries them
 * (`isPendingRevocation`), so a copy of the cookie does not open the private area in the meantime (ADR 115).
 */
import type { TokenPair } from "../session.server";

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** The API's refresh-token lifetime: after it the tokens are dead anyway (docs/security.md). */
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

interface Pending {
  tokens: TokenPair;
  until: number;
  delay: number;
}

export class RevocationQueue {
  #pending = new Map<string, Pending>();
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly revoke: (tokens: TokenPair) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Revokes `tokens` now; when the API cannot be reached, queues them for retries. */
  async revokeOrQueue(tokens: TokenPair): Promise<void> {
    try {
      await this.revoke(tokens);
    } catch {
      this.#pending.set(tokens.refresh_token, { tokens, until: this.now() + KEEP_MS, delay: FIRST_DELAY_MS });
      this.#schedule(FIRST_DELAY_MS);
    }
  }

  /** True when a cookie's tokens belong to a session that ended and is still waiting for its revocation. */
  isPending(tokens: TokenPair): boolean {
    return this.#pending.has(tokens.refresh_token);
  }

  get size(): number {
    return this.#pending.size;
  }

  /** One round of retries (the timer calls it; tests call it directly). */
  async retry(): Promise<void> {
    this.#timer = null;
    let next = Infinity;
    for (const [key, p] of this.#pending) {
      if (p.until <= this.now()) {
        this.#pending.delete(key);
        continue;
      }
      try {
        await this.revoke(p.tokens);
        this.#pending.delete(key);
      } catch {
        p.delay = Math.min(p.delay * 2, MAX_DELAY_MS);
        next = Math.min(next, p.delay);
      }
    }
    if (next !== Infinity) this.#schedule(next);
  }

  #schedule(ms: number): void {
    if (this.#timer) return;
    this.#timer = setTimeout(() => void this.retry(), ms);
    this.#timer.unref?.();
  }
}
