import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * Loans self-service (ADR 120): the renewal rules per patron category, one row per renewal (its form key is
 * unique per loan, so a double submit renews once), the private calendar feed's token and the loan token.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
  const now = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`);

  // Days a renewal adds (from the day of the renewal), whether an overdue loan may be renewed, and the open
  // debit total above which the patron may not renew.
  await db.schema
    .alterTable("categoria")
    .addColumn("renovacao_dias", "integer", (c) => c.notNull().defaultTo(14))
    .execute();
  await db.schema
    .alterTable("categoria")
    .addColumn("renova_atrasado", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("categoria")
    .addColumn("limite_debito", "numeric", (c) => c.notNull().defaultTo(10))
    .execute();

  await db.schema
    .createTable("renovacao")
    .addColumn("id", "integer", pk)
    .addColumn("cod_emprestimo", "integer", (c) => c.notNull().references("emprestimo.cod_emprestimo"))
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("chave_envio", "text", (c) => c.notNull())
    .addColumn("data_devolucao_anterior", "text", (c) => c.notNull())
    .addColumn("data_devolucao_nova", "text", (c) => c.notNull())
    .addColumn("created_at", "text", now)
    .execute();
  await db.schema.createIndex("renovacao_chave").on("renovacao").columns(["cod_emprestimo", "chave_envio"]).unique().execute();

  // The feed URL carries this random token instead of a login (calendar apps cannot sign in); rotating or
  // deleting the row revokes it (ADR 120).
  await db.schema
    .createTable("calendario_feed")
    .addColumn("cod_pessoa", "integer", (c) => c.primaryKey().references("pessoa.cod_pessoa"))
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", now)
    .execute();

  await db.schema
    .createTable("token_emprestimo")
    .addColumn("id", "integer", pk)
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("valido_ate", "text", (c) => c.notNull())
    .addColumn("created_at", "text", now)
    .execute();
  await db.schema.createIndex("token_emprestimo_pessoa").on("token_emprestimo").column("cod_pessoa").execute();
  await db.schema.createIndex("emprestimo_historico").on("emprestimo").columns(["cod_pessoa", "data_emprestimo"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("token_emprestimo").ifExists().execute();
  await db.schema.dropTable("calendario_feed").ifExists().execute();
  await db.schema.dropTable("renovacao").ifExists().execute();
}
