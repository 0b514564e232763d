/** Storage of the patron's alerts (table `alerta`). Every read and write names the owner. */
import { sql } from "kysely";
import type { Db } from "./index.ts";

const COLUMNS = ["id", "tipo", "dados", "mensagem", "lido", "created_at"] as const;

/** How many of the patron's visible alerts are unread. */
export async function unreadAlerts(db: Db, codPessoa: number): Promise<number> {
  const r = await db
    .selectFrom("alerta")
    .select(sql<number>`count(*)`.as("n"))
    .where("cod_pessoa", "=", codPessoa)
    .where("visivel", "=", 1)
    .where("lido", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The patron's visible alerts, newest first, at most `limit`. */
export function visibleAlerts(db: Db, codPessoa: number, limit: number) {
  return db
    .selectFrom("alerta")
    .select(COLUMNS)
    .where("cod_pessoa", "=", codPessoa)
    .where("visivel", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Marks one of the patron's alerts read or unread, and answers it; undefined when it is not theirs. */
export async function markAlert(db: Db, codPessoa: number, id: number, lido: boolean) {
  await db
    .updateTable("alerta")
    .set({ lido: lido ? 1 : 0 })
    .where("id", "=", id)
    .where("cod_pessoa", "=", codPessoa)
    .execute();
  return db.selectFrom("alerta").select(COLUMNS).where("id", "=", id).where("cod_pessoa", "=", codPessoa).executeTakeFirst();
}

/** Deletes one of the patron's alerts; false when it was not theirs or is gone. */
export async function deleteAlert(db: Db, codPessoa: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom("alerta").where("id", "=", id).where("cod_pessoa", "=", codPessoa).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
