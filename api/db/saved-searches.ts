/**
 * Storage of the patron's saved searches (table `pesquisa_salva`). Every read and write of a patron's request names
 * the owner; the alert run (ADR 248) reads every search with an alert and the titles added since.
 */
import { sql } from "kysely";
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

/**
 * Sets a saved search's alert frequency (null: off) and where it starts looking (ISO); false when the search is
 * not the patron's.
 */
export async function setSavedSearchAlertRow(
  db: Db,
  codPessoa: number,
  id: number,
  alerta: SavedSearchAlert | null,
  desde: string | null,
): Promise<boolean> {
  const res = await db
    .updateTable("pesquisa_salva")
    .set({ alerta, alerta_desde: desde })
    .where("id", "=", id)
    .where("cod_pessoa", "=", codPessoa)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Every saved search with an alert (daily or weekly), by id. */
export function savedSearchesWithAlert(db: Db) {
  return db
    .selectFrom("pesquisa_salva")
    .select(["id", "cod_pessoa", "nome", "consulta", "alerta", "alerta_desde", "created_at"])
    .where("alerta", "in", ["diario", "semanal"])
    .orderBy("id")
    .execute();
}

/** Records that a saved search's alert has looked up to `until` (ISO). */
export async function setSavedSearchLookedUntil(db: Db, id: number, until: string): Promise<void> {
  await db.updateTable("pesquisa_salva").set({ alerta_desde: until }).where("id", "=", id).execute();
}

/**
 * The titles added after `after` and up to `upTo` (both `YYYY-MM-DDTHH:MM:SS`, UTC), by the catalogue's own
 * timestamps (stored as UTC text, compared as such).
 */
export function titlesAddedBetween(db: Db, after: string, upTo: string) {
  return db
    .selectFrom("acervo")
    .select("cod_acervo")
    .where(sql<boolean>`replace(substr(created_at, 1, 19), ' ', 'T') > ${after}`)
    .where(sql<boolean>`replace(substr(created_at, 1, 19), ' ', 'T') <= ${upTo}`)
    .execute();
}

/** The titles of these catalogue records, by id. */
export function titlesNamed(db: Db, ids: number[]) {
  return db.selectFrom("acervo").select("titulo").where("cod_acervo", "in", ids).orderBy("cod_acervo").execute();
}
