import { ApiError } from "./errors";

export type Settled<T> = { ok: true; value: T } | { ok: false };

/**
 * A list that failed to load shows its own message instead of failing the whole page (spec §8).
 * A thrown Response (the redirect to the login page when the session expired) and programming errors pass through.
 */
export async function settle<T>(p: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await p };
  } catch (err) {
    if (err instanceof Response || !(err instanceof ApiError)) throw err;
    return { ok: false };
  }
}
