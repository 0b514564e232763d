import { sql, type Kysely } from "kysely";

/**
 * What the first start of this database did (ADR 100): key `primeiro_inicio` = `demo` (seeded the demo
 * library) or `catalogo-proprio` (found an imported catalogue and left it alone), and `catalogo_demo` =
 * `iniciado` while the bundled demo catalogue is being imported, so an interrupted demo start resumes
 * instead of being taken for a library's own catalogue.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("estado_instalacao")
    .addColumn("chave", "text", (c) => c.primaryKey())
    .addColumn("valor", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("estado_instalacao").ifExists().execute();
}
