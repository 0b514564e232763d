import type { Kysely } from "kysely";

/**
 * Acquisition statistics and the professor's teaching plans (issue 11, ADR 193): each copy's acquisition date
 * and mode (purchase, donation, exchange), which `GET /api/aquisicao/estatisticas` counts, and the professor
 * who owns a teaching plan, which the private area's teaching-plan screen lists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // YYYY-MM-DD; null for copies catalogued before this migration (the title's creation date stands in).
  await db.schema.alterTable("exemplar").addColumn("data_aquisicao", "text").execute();
  // compra, doacao or permuta; null when the library did not record it.
  await db.schema.alterTable("exemplar").addColumn("modalidade_aquisicao", "text").execute();
  await db.schema
    .alterTable("plano_ensino")
    .addColumn("cod_professor", "integer", (c) => c.references("pessoa.cod_pessoa"))
    .execute();
  await db.schema.createIndex("plano_ensino_professor").on("plano_ensino").column("cod_professor").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("plano_ensino_professor").ifExists().execute();
  await db.schema.alterTable("plano_ensino").dropColumn("cod_professor").execute();
  await db.schema.alterTable("exemplar").dropColumn("modalidade_aquisicao").execute();
  await db.schema.alterTable("exemplar").dropColumn("data_aquisicao").execute();
}
