import type { Kysely } from "kysely";

/**
 * The patron's loan-history privacy choice (ADR 140): 1 keeps returned loans as history, 0 means the
 * library keeps none (turning it off deletes the history there and then).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("pessoa")
    .addColumn("guarda_historico", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("pessoa").dropColumn("guarda_historico").execute();
}
