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
