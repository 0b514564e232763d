import { sql, type Kysely } from "kysely";

/**
 * The open loan of a copy, by copy (ADR 210, fourth pass): a title's copies are listed with the due date of
 * those on loan (a left join on `emprestimo` by copy, open loans only), and without this index every copy
 * scanned every loan ever made: 1.6 ms of SQLite for a title page on the demo catalogue's 26,000 loans, growing
 * with the library's history. Partial (open loans only), so it stays the size of what is on loan now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("emprestimo_exemplar_aberto")
    .on("emprestimo")
    .column("cod_exemplar")
    .where(sql.ref("data_devolucao"), "is", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("emprestimo_exemplar_aberto").ifExists().execute();
}
