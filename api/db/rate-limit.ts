/**
 * Fixed-window counters in the database (table contador_limite, migration 016, ADR 111), shared by every
 * worker and instance: login throttling and the basket e-mail limits.
 */
import { sql } from "kysely";
import type { Db } from "./index.ts";

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Counts one event against `key` in a single atomic upsert and returns the count within the current window
 * (and the lock, if one runs). An expired window or an expired lock starts a fresh count. Counting before the
 * work is done means N parallel requests get the numbers 1..N, so a limit holds under bursts.
 */
export async function countEvent(db: Db, key: string, now: number, windowMs: number): Promise<{ count: number; lockedUntil: string | null }> {
  const nowIso = iso(now);
  const fresh = sql<boolean>`(contador_limite.inicio <= ${iso(now - windowMs)} OR (contador_limite.bloqueado_ate IS NOT NULL AND contador_limite.bloqueado_ate <= ${nowIso}))`;
  const row = await db
    .insertInto("contador_limite")
    .values({ chave: key, contagem: 1, inicio: nowIso, bloqueado_ate: null })
    .onConflict((oc) =>
      oc.column("chave").doUpdateSet({
        contagem: sql<number>`CASE WHEN ${fresh} THEN 1 ELSE contador_limite.contagem + 1 END`,
        inicio: sql<string>`CASE WHEN ${fresh} THEN ${nowIso} ELSE contador_limite.inicio END`,
        bloqueado_ate: sql<string | null>`CASE WHEN ${fresh} THEN NULL ELSE contador_limite.bloqueado_ate END`,
      }),
    )
    .returning(["contagem", "bloqueado_ate"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.contagem), lockedUntil: row.bloqueado_ate };
}

/** True when `key` may take one more event: it is counted, and refused when over `max` or locked. */
export async function allowEvent(db: Db, key: string, max: number, now: number, windowMs: number): Promise<{ allowed: boolean; count: number }> {
  const { count, lockedUntil } = await countEvent(db, key, now, windowMs);
  return { allowed: !(lockedUntil && Date.parse(lockedUntil) > now) && count <= max, count };
}

/** Locks `key` until `until` (ms): every event is refused until then. */
export async function lockKey(db: Db, key: string, until: number): Promise<void> {
  await db
    .updateTable("contador_limite")
    .set({ bloqueado_ate: iso(until) })
    .where("chave", "=", key)
    .execute();
}

/** Takes back one counted event (e.g. a login that succeeded). */
export async function uncountEvent(db: Db, key: string): Promise<void> {
  await db
    .updateTable("contador_limite")
    .set({ contagem: sql<number>`contagem - 1` })
    .where("chave", "=", key)
    .where("contagem", ">", 0)
    .execute();
}

/** Forgets a key's count and lock. */
export async function resetKey(db: Db, key: string): Promise<void> {
  await db.deleteFrom("contador_limite").where("chave", "=", key).execute();
}
