/** Leases of background tasks that one process runs at a time, whatever the workers and machines (ADR 197). */
import type { Db } from "./index.ts";

/**
 * Takes or renews the lease of background task `name` for `holder` until `now + leaseMs`; true when `holder`
 * holds it. One conditional UPDATE: whoever's lease is still running keeps it, whatever the workers or machines.
 */
export async function takeLease(db: Db, name: string, holder: string, now: number, leaseMs: number): Promise<boolean> {
  await db
    .insertInto("tarefa_exclusiva")
    .values({ nome: name, dono: null, ate: new Date(0).toISOString() })
    .onConflict((oc) => oc.column("nome").doNothing())
    .execute();
  const r = await db
    .updateTable("tarefa_exclusiva")
    .set({ dono: holder, ate: new Date(now + leaseMs).toISOString() })
    .where("nome", "=", name)
    .where((eb) => eb.or([eb("dono", "=", holder), eb("ate", "<", new Date(now).toISOString())]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives the lease back (a stopping server), so another process takes the task without waiting it out. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db
    .updateTable("tarefa_exclusiva")
    .set({ dono: null, ate: new Date(0).toISOString() })
    .where("nome", "=", name)
    .where("dono", "=", holder)
    .execute();
}

/**
 * Claims slot `slot` (a period's start, epoch ms) of periodic task `name` for `holder`: true for exactly one
 * caller per slot, whatever the processes and machines sharing the database. One conditional UPDATE of the
 * task's row (`ate` = the last claimed slot's start): PostgreSQL makes a second UPDATE wait for the first and
 * re-check the condition on the row it committed; SQLite runs writes one at a time.
 */
export async function claimSlot(db: Db, name: string, holder: string, slot: number): Promise<boolean> {
  const start = new Date(slot).toISOString();
  await db
    .insertInto("tarefa_exclusiva")
    .values({ nome: name, dono: null, ate: new Date(0).toISOString() })
    .onConflict((oc) => oc.column("nome").doNothing())
    .execute();
  const r = await db
    .updateTable("tarefa_exclusiva")
    .set({ dono: holder, ate: start })
    .where("nome", "=", name)
    .where("ate", "<", start)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
