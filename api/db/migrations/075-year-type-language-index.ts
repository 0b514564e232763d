import type { Kysely } from "kysely";

/**
 * The year index also holds the type of work and the language (ADR 105, "A year drives with its type and
 * language"): a search narrowed by years, types and languages finds its few titles in the index alone, without
 * reading each year's title rows, and lets those titles drive a broad word's search. It replaces the year-only
 * index, which is its prefix.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("acervo_ano_tipo_idioma").on("acervo").columns(["ano_publicacao", "cod_tipo_obra", "idioma"]).execute();
  await db.schema.dropIndex("acervo_ano").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("acervo_ano").on("acervo").column("ano_publicacao").execute();
  await db.schema.dropIndex("acervo_ano_tipo_idioma").execute();
}
