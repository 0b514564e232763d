import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * Interest profiles (DSI, spec §7 "Perfil-interesse", ADR 191): the profile's expiry date, its areas, authors
 * and subjects, the periodicals followed (with the kinds of news wanted), the work types that narrow it, and
 * which titles each patron was already told about (so a title alerts a patron once).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
  const now = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`);
  const person = (c: ColumnDefinitionBuilder) => c.notNull().references("pessoa.cod_pessoa").onDelete("cascade");
  await db.schema
    .createTable("perfil_interesse")
    .addColumn("cod_pessoa", "integer", (c) => c.primaryKey().references("pessoa.cod_pessoa").onDelete("cascade"))
    .addColumn("validade", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", now)
    .execute();
  await db.schema
    .createTable("perfil_interesse_item")
    .addColumn("cod_item", "integer", pk)
    .addColumn("cod_pessoa", "integer", person)
    .addColumn("tipo_dsi", "text", (c) => c.notNull())
    .addColumn("cod_tipo_area", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("codigo", "text", (c) => c.notNull())
    .addColumn("descricao", "text", (c) => c.notNull())
    .addColumn("created_at", "text", now)
    .addUniqueConstraint("perfil_interesse_item_unico", ["cod_pessoa", "tipo_dsi", "cod_tipo_area", "codigo"])
    .execute();
  // Matching a new title looks items up by value.
  await db.schema.createIndex("perfil_interesse_item_valor").on("perfil_interesse_item").columns(["tipo_dsi", "codigo"]).execute();
  await db.schema
    .createTable("perfil_interesse_periodico")
    .addColumn("cod_pessoa", "integer", person)
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo").onDelete("cascade"))
    .addColumn("tipos", "text", (c) => c.notNull())
    .addColumn("created_at", "text", now)
    .addPrimaryKeyConstraint("perfil_interesse_periodico_pk", ["cod_pessoa", "cod_acervo"])
    .execute();
  await db.schema
    .createTable("perfil_interesse_tipo_obra")
    .addColumn("cod_pessoa", "integer", person)
    .addColumn("cod_tipo_obra", "integer", (c) => c.notNull().references("tipo_obra.cod_tipo_obra"))
    .addPrimaryKeyConstraint("perfil_interesse_tipo_obra_pk", ["cod_pessoa", "cod_tipo_obra"])
    .execute();
  await db.schema
    .createTable("perfil_interesse_envio")
    .addColumn("cod_pessoa", "integer", person)
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo").onDelete("cascade"))
    .addColumn("created_at", "text", now)
    .addPrimaryKeyConstraint("perfil_interesse_envio_pk", ["cod_pessoa", "cod_acervo"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "perfil_interesse_envio",
    "perfil_interesse_tipo_obra",
    "perfil_interesse_periodico",
    "perfil_interesse_item",
    "perfil_interesse",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
