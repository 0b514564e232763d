import type { Kysely } from "kysely";

/**
 * Alerts the API writes on events (ADR 121): the kind and its data (so the portal words the alert in the
 * patron's language) and a unique key per event, so an event (e.g. "loan due in 2 days", per loan and day)
 * alerts once however often the job runs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("alerta")
    .addColumn("tipo", "text", (c) => c.notNull().defaultTo("mensagem"))
    .execute();
  await db.schema
    .alterTable("alerta")
    .addColumn("dados", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  await db.schema.alterTable("alerta").addColumn("chave", "text").execute();
  await db.schema.createIndex("alerta_chave").on("alerta").column("chave").unique().execute();
  await db.schema.createIndex("alerta_pessoa").on("alerta").columns(["cod_pessoa", "lido"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("alerta_pessoa").ifExists().execute();
  await db.schema.dropIndex("alerta_chave").ifExists().execute();
}
