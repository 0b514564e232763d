import { sql, type Kysely } from "kysely";
import { reindexFacets, reindexGuides, reindexOrder } from "./indexer.ts";
import { fillTerms } from "./terms.ts";

/** What rebuilds each kind of derived data a migration may request (api/db/migrations/derived-data.ts). */
const REBUILDS: Record<string, (db: Kysely<any>) => Promise<void>> = {
  guias: (db) => reindexGuides(db),
  facetas: (db) => reindexFacets(db),
  ordem: (db) => reindexOrder(db),
  termos: (db) => fillTerms(db),
};

/**
 * Rebuilds, with the current indexer on the fully migrated schema, each derived table a migration asked for,
 * then clears the requests. Call it after `migrateToLatest` wherever a database may hold titles (the server's
 * start, the importer). Returns the kinds rebuilt.
 */
export async function rebuildRequestedDerivedData(db: Kysely<any>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.name === "reconstrucao_pendente")) return [];
  const kinds = (await sql<{ tipo: string }>`SELECT tipo FROM reconstrucao_pendente ORDER BY tipo`.execute(db)).rows.map((r) => r.tipo);
  for (const kind of kinds) {
    const rebuild = REBUILDS[kind];
    if (rebuild) await rebuild(db);
    await sql`DELETE FROM reconstrucao_pendente WHERE tipo = ${kind}`.execute(db);
  }
  return kinds;
}
