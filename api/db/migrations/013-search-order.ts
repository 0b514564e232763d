import { sql, type Kysely } from "kysely";
import { requestRebuild } from "./derived-data.ts";

/**
 * What the search needs to be exact at any size (ADR 105):
 * - `busca_ordem`: one compact row per title with its sort keys (folded title and author, year, number of
 *   title words) and the folded title as a key for "exact title" lookups. Each order has its own index, so a
 *   broad search walks that index and tests each title against the text index instead of sorting every match;
 * - `busca_palavra`: the catalogue's vocabulary (folded words of titles, authors and subjects, with one
 *   accented form), read by the "did you mean" suggestions.
 * Existing catalogues are filled here once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("busca_ordem")
    .addColumn("cod_acervo", "integer", (c) => c.primaryKey().references("acervo.cod_acervo").onDelete("cascade"))
    .addColumn("chave_titulo", "text", (c) => c.notNull())
    .addColumn("palavras", "integer", (c) => c.notNull())
    .addColumn("titulo_ord", "text", (c) => c.notNull())
    .addColumn("sem_autor", "integer", (c) => c.notNull())
    .addColumn("autor_ord", "text", (c) => c.notNull())
    .addColumn("ano_ord", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("busca_ordem_chave").on("busca_ordem").columns(["chave_titulo"]).execute();
  await db.schema.createIndex("busca_ordem_relevancia").on("busca_ordem").columns(["palavras", "cod_acervo"]).execute();
  await db.schema.createIndex("busca_ordem_titulo").on("busca_ordem").columns(["titulo_ord", "cod_acervo"]).execute();
  await db.schema.createIndex("busca_ordem_autor").on("busca_ordem").columns(["sem_autor", "autor_ord", "cod_acervo"]).execute();
  await sql`CREATE INDEX busca_ordem_ano ON busca_ordem (ano_ord DESC, cod_acervo)`.execute(db);
  await db.schema
    .createTable("busca_palavra")
    .addColumn("palavra", "text", (c) => c.primaryKey())
    .addColumn("forma", "text", (c) => c.notNull())
    .execute();
  await requestRebuild(db, "ordem");
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("busca_palavra").ifExists().execute();
  await db.schema.dropTable("busca_ordem").ifExists().execute();
}
