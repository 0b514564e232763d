import type { Kysely } from "kysely";

/**
 * The language the patron last used the portal in (ADR 254): `pt`, `es` or `en`, the API's languages, set at a
 * password login and when the patron saves their notification choices; null until then. The reminder and alert
 * e-mails are written in it (Portuguese while null).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("pessoa").addColumn("idioma", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("pessoa").dropColumn("idioma").execute();
}
