import { sql, type Kysely } from "kysely";
import { requestRebuild } from "./derived-data.ts";

/**
 * The work a title is an edition of (ADR 244): `busca_ordem.chave_obra` holds the FRBR-style work key (filing
 * title and main author, folded), written by the indexer with the title's other sort keys, so the title page
 * lists the other editions and a search result counts them with one indexed lookup. Titles indexed before are
 * given theirs by the current indexer once every migration has run (api/db/migrations/derived-data.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("busca_ordem").addColumn("chave_obra", "text").execute();
  await sql`CREATE INDEX busca_ordem_obra ON busca_ordem (chave_obra, cod_acervo)`.execute(db);
  // "More like this" reads the titles of the same class (api/search/related.ts).
  await sql`CREATE INDEX acervo_classificacao ON acervo (classificacao, cod_acervo)`.execute(db);
  const any = await db.selectFrom("busca_ordem").select("cod_acervo").limit(1).executeTakeFirst();
  if (any) await requestRebuild(db, "ordem");
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS busca_ordem_obra`.execute(db);
  await sql`DROP INDEX IF EXISTS acervo_classificacao`.execute(db);
  await db.schema.alterTable("busca_ordem").dropColumn("chave_obra").execute();
}
