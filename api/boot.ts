import { sql } from "kysely";
import type { Db } from "./db/index.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { finishBulkLoad } from "./marc/import.ts";
import { rebuildRequestedDerivedData, reindexAcervos } from "./search/index.ts";
import { syncSequences } from "./db/sequences.ts";
import { seedAccountProfile, seedContactTestPatrons } from "./seed/account-profile.ts";
import { seedAcquisitions } from "./seed/acquisitions.ts";
import { seedApiContract } from "./seed/api-contract.ts";
import { seedCirculation } from "./seed/circulation.ts";
import { seedLibraryRequests } from "./seed/library-requests.ts";
import { seedInterestProfiles } from "./seed/interest-profiles.ts";
import { seedCirculationHolds } from "./seed/circulation-holds.ts";
import { seedDemoCategories, seedInstitution } from "./seed/institution.ts";
import { seedLoginVariants } from "./seed/login-variants.ts";
import { seedDeclarations } from "./seed/declarations.ts";
import { seedPatrons } from "./seed/patrons.ts";
import { seedTeachingPlans } from "./seed/teaching-plans.ts";
import { seedClosedStacks, seedLibrasVideo, seedTitlePages } from "./seed/title-pages.ts";
import { seedWaitingList } from "./seed/waiting-list.ts";

export interface PrepareOptions {
  log: (m: string) => void;
  /** Imports the bundled MARC catalogue (api/marc/demo.ts), printing its own progress. */
  importDemoCatalogue: (db: Db) => Promise<void>;
  /** Seeds the demo network (OAI) catalogue when it is empty (api/seed/network.ts); also on later starts of a demo database. */
  importNetworkCatalogue?: (db: Db) => Promise<void>;
  /** DEMO_PATRONS=1: also seed the demo patrons into a library's own (imported) catalogue. */
  demoPatrons?: boolean;
}

/** `estado_instalacao.primeiro_inicio`: what the first start made of this database (ADR 100). */
export type FirstStart = "demo" | "catalogo-proprio";

async function count(db: Db, table: "acervo" | "login"): Promise<number> {
  const r = await db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function getState(db: Db, chave: string): Promise<string | undefined> {
  return (await db.selectFrom("estado_instalacao").select("valor").where("chave", "=", chave).executeTakeFirst())?.valor;
}

async function setState(db: Db, chave: string, valor: string): Promise<void> {
  await db.deleteFrom("estado_instalacao").where("chave", "=", chave).execute();
  await db.insertInto("estado_instalacao").values({ chave, valor }).execute();
}

async function ensureIndexed(db: Db, log: (m: string) => void): Promise<number> {
  const titles = await count(db, "acervo");
  const indexed = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM acervo_busca`.execute(db)).rows[0]?.n ?? 0);
  if (indexed !== titles) {
    log(`indexing ${titles} titles for search`);
    await reindexAcervos(db);
  }
  return titles;
}

/**
 * Migrates, then on the first start decides what the database becomes (ADR 100):
 * - an empty catalogue: the demo library (demo institution, the bundled catalogue, demo patrons with loans,
 *   holds and debits, the demo network catalogue);
 * - a catalogue that already holds titles (the library imported its own records with `npm run import`):
 *   nothing demo on top of it; demo patrons only when asked (`demoPatrons`, env DEMO_PATRONS=1).
 * Later starts only migrate (and keep the demo network catalogue of a demo database). A demo first start
 * that stopped half-way is resumed.
 */
export async function prepareDatabase(
  db: Db,
  { log, importDemoCatalogue, importNetworkCatalogue, demoPatrons = false }: PrepareOptions,
): Promise<FirstStart> {
  await migrateToLatest(db);
  const rebuilt = await rebuildRequestedDerivedData(db);
  if (rebuilt.length) log(`rebuilt the search's derived data the migrations asked for: ${rebuilt.join(", ")}`);
  // A bulk import killed half-way left the search tables without some indexes (ADR 101): rebuilt here too.
  if (await finishBulkLoad(db)) log("rebuilt the search indexes an interrupted bulk import had dropped");
  const institution = await db.selectFrom("instituicao").select("cod_empresa").executeTakeFirst();
  let done = (await getState(db, "primeiro_inicio")) as FirstStart | undefined;
  // Databases from before migration 011 finished their first start when they had logins.
  if (!done && institution && (await count(db, "login")) > 0) await setState(db, "primeiro_inicio", (done = "demo"));
  if (done) {
    if (done === "demo") await importNetworkCatalogue?.(db);
    log("database ready (migrations up to date)");
    return done;
  }

  const demoStarted = (await getState(db, "catalogo_demo")) === "iniciado";
  const titles = await count(db, "acervo");
  if (titles > 0 && !demoStarted) {
    log(`the catalogue already holds ${titles} titles (imported): no demo catalogue on top of it`);
    await ensureIndexed(db, log);
    if (demoPatrons) {
      log("DEMO_PATRONS=1: seeding demo patrons (password demo1234) on this catalogue's copies");
      await seedDemoCategories(db);
      await syncSequences(db);
      await seedPatrons(db, { log });
      await syncSequences(db);
    } else {
      log("no demo patrons (set DEMO_PATRONS=1 to seed them)");
    }
    await setState(db, "primeiro_inicio", "catalogo-proprio");
    log(`library ready: ${titles} titles`);
    return "catalogo-proprio";
  }

  if (!institution) {
    log("new database: seeding the demo institution, campuses, libraries, categories and activities");
    await seedInstitution(db);
    await syncSequences(db);
  } else {
    log("resuming a first start that did not finish");
    await seedDemoCategories(db);
  }
  await setState(db, "catalogo_demo", "iniciado");
  log("importing the bundled demo catalogue");
  await importDemoCatalogue(db);
  const total = await ensureIndexed(db, log);
  log("seeding demo patrons (password demo1234): demo, bloqueado, professor, posgrad, funcionario");
  await syncSequences(db);
  await seedPatrons(db, { log });
  await syncSequences(db); // later seeds insert patrons without explicit ids (PostgreSQL sequences)
  await seedTitlePages(db, { log });
  await seedClosedStacks(db, { log });
  await seedLibrasVideo(db, { log });
  await seedWaitingList(db, { log });
  await seedCirculation(db, { log });
  await seedTeachingPlans(db, { log });
  await seedCirculationHolds(db, { log });
  await seedAccountProfile(db, { log });
  await seedApiContract(db, { log });
  await seedLibraryRequests(db, { log });
  await seedInterestProfiles(db, { log });
  await seedLoginVariants(db, { log });
  await seedDeclarations(db, { log });
  await seedAcquisitions(db, { log });
  await seedContactTestPatrons(db, { log });
  await importNetworkCatalogue?.(db);
  await syncSequences(db);
  await setState(db, "catalogo_demo", "concluido");
  await setState(db, "primeiro_inicio", "demo");
  log(`demo library ready: ${total} titles`);
  return "demo";
}
