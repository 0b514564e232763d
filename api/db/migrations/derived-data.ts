import { sql, type Kysely } from "kysely";

/**
 * The search's derived tables a migration asks to rebuild (issue: migrations import only the database handle).
 * A migration that adds or changes a table the indexer fills does not call the indexer: the indexer of its day
 * would run against a schema later migrations still change. It records the kind here instead; once every
 * migration has run, `rebuildRequestedDerivedData` (api/search/rebuild-requested.ts) rebuilds each requested kind
 * once with the current indexer on the current schema, and clears the request. A migration that needs only some
 * titles' index entries rewritten lists them with `requestTitleReindex`.
 */
export type DerivedDataKind = "guias" | "facetas" | "ordem" | "termos";

export async function requestRebuild(db: Kysely<any>, kind: DerivedDataKind): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS reconstrucao_pendente (tipo text PRIMARY KEY)`.execute(db);
  await sql`INSERT INTO reconstrucao_pendente (tipo) VALUES (${kind}) ON CONFLICT (tipo) DO NOTHING`.execute(db);
}

/** Asks for these titles' search index entries to be rewritten by the current indexer after the migrations. */
export async function requestTitleReindex(db: Kysely<any>, codAcervos: readonly number[]): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS reindexacao_pendente (cod_acervo integer PRIMARY KEY)`.execute(db);
  for (let i = 0; i < codAcervos.length; i += 500) {
    const values = sql.join(codAcervos.slice(i, i + 500).map((id) => sql`(${id})`));
    await sql`INSERT INTO reindexacao_pendente (cod_acervo) VALUES ${values} ON CONFLICT (cod_acervo) DO NOTHING`.execute(db);
  }
}
