import { sql, type Kysely } from "kysely";

/**
 * The search's derived tables a migration asks to rebuild (issue: migrations import only the database handle).
 * A migration that adds or changes a table the indexer fills does not call the indexer: the indexer of its day
 * would run against a schema later migrations still change. It records the kind here instead; once every
 * migration has run, `rebuildRequestedDerivedData` (api/search/rebuild-requested.ts) rebuilds each requested kind
 * once with the current indexer on the current schema, and clears the request.
 */
export type DerivedDataKind = "guias" | "facetas" | "ordem" | "termos";

export async function requestRebuild(db: Kysely<any>, kind: DerivedDataKind): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS reconstrucao_pendente (tipo text PRIMARY KEY)`.execute(db);
  await sql`INSERT INTO reconstrucao_pendente (tipo) VALUES (${kind}) ON CONFLICT (tipo) DO NOTHING`.execute(db);
}
