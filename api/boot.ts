import { sql } from "kysely";
import type { Db } from "./db/index.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { reindexAcervos } from "./db/search.ts";
import { syncSequences } from "./db/sequences.ts";
import { seedAccountProfile } from "./seed/account-profile.ts";
import { seedInstitution } from "./seed/institution.ts";
import { seedPatrons } from "./seed/patrons.ts";
import { seedTeachingPlans } from "./seed/teaching-plans.ts";
import { seedTitlePages } from "./seed/title-pages.ts";
import { seedWaitingList } from "./seed/waiting-list.ts";

export interface PrepareOptions {
  log: (m: string) => void;
  /** Imports the bundled MARC catalogue (api/marc/demo.ts), printing its own progress. */
  importDemoCatalogue: (db: Db) => Promise<void>;
  /** Seeds the demo network (OAI) catalogue when it is empty (api/seed/network.ts); also on later starts. */
  importNetworkCatalogue?: (db: Db) => Promise<void>;
}

async function count(db: Db, table: "acervo" | "login"): Promise<number> {
  const r = await db.selectFrom(table).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Migrates; on a new database (no institution) also seeds the demo institution, imports the
 * bundled catalogue, indexes it and seeds demo patrons with loans, holds and debits. Later starts
 * only migrate. A first start that stopped half-way (institution but no logins) is resumed.
 */
export async function prepareDatabase(db: Db, { log, importDemoCatalogue, importNetworkCatalogue }: PrepareOptions): Promise<void> {
  await migrateToLatest(db);
  const institution = await db.selectFrom("instituicao").select("cod_empresa").executeTakeFirst();
  if (institution && (await count(db, "login")) > 0) {
    await importNetworkCatalogue?.(db);
    log("database ready (migrations up to date)");
    return;
  }
  if (!institution) {
    log("new database: seeding the demo institution, campuses, libraries, categories and activities");
    await seedInstitution(db);
    await syncSequences(db);
  } else {
    log("resuming a first start that did not finish");
  }
  log("importing the bundled demo catalogue");
  await importDemoCatalogue(db);
  const titles = await count(db, "acervo");
  const indexed = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM acervo_busca`.execute(db)).rows[0]?.n ?? 0);
  if (indexed !== titles) {
    log(`indexing ${titles} titles for search`);
    await reindexAcervos(db);
  }
  log("seeding demo patrons (password demo1234): demo, bloqueado, professor, posgrad, funcionario");
  await syncSequences(db);
  await seedPatrons(db, { log });
  await seedTitlePages(db, { log });
  await seedWaitingList(db, { log });
  await seedTeachingPlans(db, { log });
  await seedAccountProfile(db, { log });
  await importNetworkCatalogue?.(db);
  await syncSequences(db);
  log(`demo library ready: ${titles} titles`);
}
