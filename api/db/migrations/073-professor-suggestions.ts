import type { Kysely } from "kysely";

/**
 * A professor's purchase suggestion (ADR 195): the teaching plan (course and discipline) it is for, whether the title
 * goes to the plan's basic or complementary bibliography, how many copies, and why. Null on a patron's suggestion.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("sugestao_aquisicao")
    .addColumn("cod_plano", "integer", (c) => c.references("plano_ensino.cod_plano"))
    .execute();
  // B basic, C complementary (as plano_bibliografia.tipo).
  await db.schema.alterTable("sugestao_aquisicao").addColumn("tipo_bibliografia", "text").execute();
  await db.schema.alterTable("sugestao_aquisicao").addColumn("exemplares", "integer").execute();
  await db.schema.alterTable("sugestao_aquisicao").addColumn("justificativa", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ["justificativa", "exemplares", "tipo_bibliografia", "cod_plano"])
    await db.schema.alterTable("sugestao_aquisicao").dropColumn(c).execute();
}
