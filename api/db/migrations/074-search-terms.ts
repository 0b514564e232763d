import { sql, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";
import { requestRebuild } from "./derived-data.ts";

/**
 * `busca_termo`: the SQLite text index's terms, so the search can expand the last word's prefix into exact
 * terms (ADR 105, "At a million titles"). Filled here from the index's own vocabulary; the indexer adds the
 * terms of every title it writes. Created on PostgreSQL too (same schema everywhere), where it stays empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  await db.schema
    .createTable("busca_termo")
    .addColumn("termo", "text", (c) => c.primaryKey())
    .$call((b) => (sqlite ? b.modifyEnd(sql`WITHOUT ROWID`) : b))
    .execute();
  await requestRebuild(db, "termos");
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("busca_termo").ifExists().execute();
}
