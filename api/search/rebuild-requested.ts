import { sql, type Kysely } from "kysely";
import { reindexFacets, reindexGuides, reindexOrder, reindexTitlesIn } from "./indexer.ts";
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
 * start, the importer). Then rewrites the index entries of the titles a migration listed, 500 to a transaction.
 * Returns the kinds rebuilt (and "titulos" when titles were rewritten).
 */
export async function rebuildRequestedDerivedData(db: Kysely<any>): Promise<string[]> {
  const tables = new Set((await db.introspection.getTables()).map((t) => t.name));
  const done: string[] = [];
  if (tables.has("reconstrucao_pendente")) done.push(...(await rebuildKinds(db)));
  if (tables.has("reindexacao_pendente") && (await reindexListedTitles(db))) done.push("titulos");
  return done;
}

async function rebuildKinds(db: Kysely<any>): Promise<string[]> {
  const kinds = (await sql<{ tipo: string }>`SELECT tipo FROM reconstrucao_pendente ORDER BY tipo`.execute(db)).rows.map((r) => r.tipo);
  for (const kind of kinds) {
    const rebuild = REBUILDS[kind];
    if (rebuild) await rebuild(db);
    await sql`DELETE FROM reconstrucao_pendente WHERE tipo = ${kind}`.execute(db);
  }
  return kinds;
}

async function reindexListedTitles(db: Kysely<any>): Promise<boolean> {
  let any = false;
  for (;;) {
    const ids = (await sql<{ cod_acervo: number }>`SELECT cod_acervo FROM reindexacao_pendente ORDER BY cod_acervo LIMIT 500`.execute(db)).rows.map(
      (r) => Number(r.cod_acervo),
    );
    if (!ids.length) return any;
    any = true;
    await db.transaction().execute(async (trx) => {
      // A title deleted since it was listed is simply skipped by the indexer.
      await reindexTitlesIn(trx, ids);
      await sql`DELETE FROM reindexacao_pendente WHERE cod_acervo IN (${sql.join(ids)})`.execute(trx);
    });
  }
}
