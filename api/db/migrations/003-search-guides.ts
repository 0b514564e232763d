import type { Kysely } from "kysely";
import { requestRebuild } from "./derived-data.ts";

/**
 * Tables derived from each title when it is indexed (computed in JS; existing catalogues are filled here once):
 * - `acervo_guia`: the search tabs a title belongs to by a MARC rule (archive, normative acts, case law; ADR 061);
 * - `indice_entrada`: the browse-index entries of a title (title, series, author, subject, call number, ISBN,
 *   ISSN; ADR 062), keyed by a folded sort key so a browse is one range scan.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("acervo_guia")
    .addColumn("guia", "text", (c) => c.notNull())
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo").onDelete("cascade"))
    .addPrimaryKeyConstraint("acervo_guia_pk", ["guia", "cod_acervo"])
    .execute();
  await db.schema.createIndex("acervo_guia_acervo").on("acervo_guia").column("cod_acervo").execute();
  await db.schema
    .createTable("indice_entrada")
    .addColumn("indice", "text", (c) => c.notNull())
    .addColumn("chave", "text", (c) => c.notNull())
    .addColumn("valor", "text", (c) => c.notNull())
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo").onDelete("cascade"))
    .addPrimaryKeyConstraint("indice_entrada_pk", ["indice", "chave", "cod_acervo"])
    .execute();
  await db.schema.createIndex("indice_entrada_acervo").on("indice_entrada").column("cod_acervo").execute();
  // Facet and browse helpers: the class (K) and the library of each copy are read per candidate.
  await db.schema.createIndex("exemplar_acervo_biblioteca").ifNotExists().on("exemplar").columns(["cod_acervo", "cod_biblioteca"]).execute();
  await requestRebuild(db, "guias");
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("exemplar_acervo_biblioteca").ifExists().execute();
  await db.schema.dropTable("indice_entrada").ifExists().execute();
  await db.schema.dropTable("acervo_guia").ifExists().execute();
}
