import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * Patron lists (ADR 246): the permanent basket becomes each patron's default list.
 * - `lista`: a patron's named list; `padrao` 1 marks the default one (at most one per patron, a partial unique
 *   index, so two first uses at once make one); `token_publico` is set while the list is public.
 * - `lista_item`: a title in a list, with the patron's note; the pair is the key (adding twice keeps one).
 * Each patron's `cesta_permanente` rows move into a default list, with their dates, and that table goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
  const ts = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`);
  await db.schema
    .createTable("lista")
    .addColumn("cod_lista", "integer", pk)
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa").onDelete("cascade"))
    .addColumn("nome", "text", (c) => c.notNull())
    .addColumn("padrao", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("token_publico", "text", (c) => c.unique())
    .addColumn("created_at", "text", ts)
    .addColumn("updated_at", "text", ts)
    .execute();
  await db.schema.createIndex("lista_pessoa").on("lista").column("cod_pessoa").execute();
  await db.schema.createIndex("lista_padrao_unica").on("lista").column("cod_pessoa").unique().where(sql.ref("padrao"), "=", 1).execute();
  await db.schema
    .createTable("lista_item")
    .addColumn("cod_lista", "integer", (c) => c.notNull().references("lista.cod_lista").onDelete("cascade"))
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo").onDelete("cascade"))
    .addColumn("nota", "text")
    .addColumn("created_at", "text", ts)
    .addPrimaryKeyConstraint("lista_item_pk", ["cod_lista", "cod_acervo"])
    .execute();

  // The default list's name is the basket's, in the institution's source language (the patron may rename it).
  await sql`INSERT INTO lista (cod_pessoa, nome, padrao) SELECT DISTINCT cod_pessoa, ${"Cesta permanente"}, 1 FROM cesta_permanente`.execute(db);
  await sql`INSERT INTO lista_item (cod_lista, cod_acervo, created_at)
    SELECT l.cod_lista, c.cod_acervo, c.created_at FROM cesta_permanente c JOIN lista l ON l.cod_pessoa = c.cod_pessoa AND l.padrao = 1`.execute(db);
  await db.schema.dropTable("cesta_permanente").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("cesta_permanente")
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addPrimaryKeyConstraint("cesta_permanente_pk", ["cod_pessoa", "cod_acervo"])
    .execute();
  await sql`INSERT INTO cesta_permanente (cod_pessoa, cod_acervo, created_at)
    SELECT l.cod_pessoa, i.cod_acervo, i.created_at FROM lista_item i JOIN lista l ON l.cod_lista = i.cod_lista WHERE l.padrao = 1`.execute(db);
  await db.schema.dropTable("lista_item").execute();
  await db.schema.dropTable("lista").execute();
}
