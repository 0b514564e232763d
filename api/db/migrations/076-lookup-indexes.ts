import { sql, type Kysely } from "kysely";

/**
 * The open loan of a copy, by copy (ADR 210, fourth pass): a title's copies are listed with the due date of
 * those on loan (a left join on `emprestimo` by copy, open loans only), and without this index every copy
 * scanned every loan ever made: 1.6 ms of SQLite for a title page on the demo catalogue's 26,000 loans, growing
 * with the library's history. Partial (open loans only), so it stays the size of what is on loan now.
 * And the contents of a periodical's issue, by issue: the latest issues a periodical's title page embeds each
 * say whether they have contents, which read every issue's contents of the library without it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("emprestimo_exemplar_aberto")
    .on("emprestimo")
    .column("cod_exemplar")
    .where(sql.ref("data_devolucao"), "is", null)
    .execute();
  await db.schema.createIndex("sumario_fasciculo").on("sumario").column("cod_fasciculo").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("sumario_fasciculo").ifExists().execute();
  await db.schema.dropIndex("emprestimo_exemplar_aberto").ifExists().execute();
}
