import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * Title sub-pages: periodical issues (kardex), tables of contents (of a book or of an issue) and
 * the log of restricted online-link accesses. Loans per year come from `emprestimo`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());

  await db.schema
    .createTable("fasciculo")
    .addColumn("cod_fasciculo", "integer", pk)
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo").onDelete("cascade"))
    .addColumn("cod_biblioteca", "integer", (c) => c.notNull().references("biblioteca.cod_biblioteca"))
    .addColumn("ano", "integer", (c) => c.notNull())
    .addColumn("volume", "text")
    .addColumn("numero", "text")
    // Free text as printed on the issue ("jan./mar.", "primavera").
    .addColumn("periodo", "text")
    .addColumn("data_publicacao", "text")
    .addColumn("data_chegada", "text")
    // recebido | atrasado | encadernacao | nao_publicado
    .addColumn("situacao", "text", (c) => c.notNull().defaultTo("recebido"))
    .addColumn("observacao", "text")
    .execute();
  await db.schema.createIndex("fasciculo_acervo").on("fasciculo").columns(["cod_acervo", "cod_biblioteca", "ano"]).execute();

  await db.schema
    .createTable("sumario")
    .addColumn("cod_sumario", "integer", pk)
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo").onDelete("cascade"))
    // null: the table of contents of the title itself (a book); else of one periodical issue.
    .addColumn("cod_fasciculo", "integer", (c) => c.references("fasciculo.cod_fasciculo").onDelete("cascade"))
    .addColumn("ordem", "integer", (c) => c.notNull())
    .addColumn("titulo", "text", (c) => c.notNull())
    .addColumn("autor", "text")
    .addColumn("pagina", "text")
    .execute();
  await db.schema.createIndex("sumario_acervo").on("sumario").columns(["cod_acervo", "cod_fasciculo", "ordem"]).execute();

  await db.schema
    .createTable("acesso_link")
    .addColumn("cod_acesso", "integer", pk)
    .addColumn("cod_link", "integer", (c) => c.notNull().references("acervo_link.cod_link").onDelete("cascade"))
    .addColumn("cod_pessoa", "integer", (c) => c.references("pessoa.cod_pessoa"))
    .addColumn("navegador", "text")
    .addColumn("dispositivo", "text")
    .addColumn("sistema", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("acesso_link").execute();
  await db.schema.dropTable("sumario").execute();
  await db.schema.dropTable("fasciculo").execute();
}
