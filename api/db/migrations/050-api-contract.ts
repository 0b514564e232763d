import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * The rest of the spec §7 contract (ADR 180): lists a patron hands to a library (`gravar-armazem`),
 * access statistics (`vinculos/estatistica-acesso`), the Target standards catalogue (`produtos-target`),
 * the patron's chosen external base (`redirect-base`), one-time hand-over tokens (`token-redireciona`) and
 * the registration's validity (`pessoas/renovar`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
  const now = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`);
  await db.schema
    .createTable("armazem")
    .addColumn("cod_armazem", "integer", pk)
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa").onDelete("cascade"))
    .addColumn("cod_biblioteca", "integer", (c) => c.notNull().references("biblioteca.cod_biblioteca"))
    .addColumn("acervos", "text", (c) => c.notNull())
    .addColumn("created_at", "text", now)
    .execute();
  await db.schema.createIndex("armazem_pessoa").on("armazem").column("cod_pessoa").execute();
  await db.schema
    .createTable("estatistica_acesso")
    .addColumn("id", "integer", pk)
    .addColumn("cod_acervo", "integer", (c) => c.references("acervo.cod_acervo").onDelete("cascade"))
    .addColumn("cod_link", "integer", (c) => c.references("acervo_link.cod_link").onDelete("cascade"))
    .addColumn("origem", "text", (c) => c.notNull())
    .addColumn("cod_pessoa", "integer", (c) => c.references("pessoa.cod_pessoa").onDelete("set null"))
    .addColumn("created_at", "text", now)
    .execute();
  await db.schema
    .createTable("produto_target")
    .addColumn("cod_produto", "integer", pk)
    .addColumn("codigo", "text", (c) => c.notNull().unique())
    .addColumn("titulo", "text", (c) => c.notNull())
    .addColumn("ano", "integer")
    .execute();
  await db.schema
    .createTable("pessoa_redirect")
    .addColumn("cod_pessoa", "integer", (c) => c.primaryKey().references("pessoa.cod_pessoa").onDelete("cascade"))
    .addColumn("base", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", now)
    .execute();
  await db.schema
    .createTable("token_redireciona")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", now)
    .execute();
  await db.schema.alterTable("pessoa").addColumn("validade_cadastro", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("pessoa").dropColumn("validade_cadastro").execute();
  for (const t of ["token_redireciona", "pessoa_redirect", "produto_target", "estatistica_acesso", "armazem"])
    await db.schema.dropTable(t).ifExists().execute();
}
