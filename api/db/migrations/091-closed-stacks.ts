import type { Kysely } from "kysely";

/**
 * Closed stacks (spec §2 "acervo-fechado"): a location of a library whose copies patrons cannot take from the
 * shelf themselves (rare books, special collections). A title is in a closed collection when one of its copies
 * is at such a location; only those titles have the "acervo fechado" page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("localizacao_fechada")
    .addColumn("cod_biblioteca", "integer", (c) => c.notNull().references("biblioteca.cod_biblioteca"))
    .addColumn("localizacao", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("localizacao_fechada_pk", ["cod_biblioteca", "localizacao"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("localizacao_fechada").execute();
}
