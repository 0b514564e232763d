import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import { dialectOf } from "../index.ts";
import { requestRebuild } from "./derived-data.ts";

/**
 * The facet values derived from each title's data (ADR 068), computed in JS when a title is indexed:
 * - `faceta_valor`: one row per distinct value (type, stable code, label) with a small integer id;
 * - `acervo_faceta`: which values a title has. Its primary key (title, type, value) covers the facet count
 *   (one range read per candidate), and (value, title) serves a selected filter.
 * Existing catalogues are filled here once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
  await db.schema
    .createTable("faceta_valor")
    .addColumn("cod_valor", "integer", pk)
    .addColumn("tipo", "text", (c) => c.notNull())
    .addColumn("codigo", "text", (c) => c.notNull())
    .addColumn("descricao", "text", (c) => c.notNull())
    .addUniqueConstraint("faceta_valor_codigo", ["tipo", "codigo"])
    .execute();
  await db.schema
    .createTable("acervo_faceta")
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo").onDelete("cascade"))
    .addColumn("tipo", "text", (c) => c.notNull())
    .addColumn("cod_valor", "integer", (c) => c.notNull().references("faceta_valor.cod_valor"))
    .addPrimaryKeyConstraint("acervo_faceta_pk", ["cod_acervo", "tipo", "cod_valor"])
    .execute();
  await db.schema.createIndex("acervo_faceta_valor").on("acervo_faceta").columns(["cod_valor", "cod_acervo"]).execute();
  await requestRebuild(db, "facetas");
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("acervo_faceta").ifExists().execute();
  await db.schema.dropTable("faceta_valor").ifExists().execute();
}
