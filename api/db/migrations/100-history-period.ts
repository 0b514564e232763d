import type { Kysely } from "kysely";

/**
 * The loan-history choice gains a period (ADR 249): with `guarda_historico` on, `historico_prazo` says whether
 * returned loans are kept forever (`sempre`, what "on" meant until now) or for the library's period
 * (`padrao`: `instituicao.parametros.historico_dias`). With it off nothing is recorded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("pessoa")
    .addColumn("historico_prazo", "text", (c) => c.notNull().defaultTo("sempre"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("pessoa").dropColumn("historico_prazo").execute();
}
