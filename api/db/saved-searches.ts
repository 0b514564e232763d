/** Storage of the patron's saved searches (table `pesquisa_salva`). Every read and write names the owner. */
import type { Db } from "./index.ts";

/** How often a saved search mails its new titles (migration 099 keeps the column to these values). */
export type SavedSearchAlert = "diario" | "semanal";

const COLUMNS = ["id", "nome", "consulta", "created_at", "alerta"] as const;

/** The patron's saved searches, newest first. */
export function savedSearchesOf(db: Db, codPessoa: number) {
  return db
    .selectFrom("pesquisa_salva")
    .select(COLUMNS)
    .$narrowType<{ alerta: SavedSearchAlert | null }>()
    .where("cod_pessoa", "=", codPessoa)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** The patron's saved search of this query string; undefined when not saved. */
export function savedSearchByQuery(db: Db, codPessoa: number, consulta: string) {
  return db
    .selectFrom("pesquisa_salva")
    .select(COLUMNS)
    .$narrowType<{ alerta: SavedSearchAlert | null }>()
    .where("cod_pessoa", "=", codPessoa)
    .where("consulta", "=", consulta)
    .executeTakeFirst();
}

/** Saves a search (throws a unique violation when the patron saved the same query meanwhile). */
export async function insertSavedSearch(db: Db, codPessoa: number, nome: string, consulta: string): Promise<void> {
  await db.insertInto("pesquisa_salva").values({ cod_pessoa: codPessoa, nome, consulta }).execute();
}

/** Deletes one of the patron's saved searches; false when it was not theirs or is gone. */
export async function deleteSavedSearch(db: Db, codPessoa: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom("pesquisa_salva").where("id", "=", id).where("cod_pessoa", "=", codPessoa).executeTakeFirst();
  return Number(res.numDeletedRows) !== 0;
}
