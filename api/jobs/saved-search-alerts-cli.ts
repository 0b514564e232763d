/**
 * `npm run search-alerts`: runs the saved-search alert job once against the configured database (DATA_DIR or
 * DATABASE_URL) and prints what it did (ADR 248). Safe to run any number of times: a search alerts once per period.
 */
import path from "node:path";
import { openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { runSavedSearchAlerts } from "../domain/saved-search-alerts.ts";
import { deliverMailOnce, mailerFromEnv } from "../mail/index.ts";

const dataDir = path.resolve(process.env.DATA_DIR ?? "data");
const db = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
try {
  await migrateToLatest(db);
  const mailer = mailerFromEnv(db, dataDir);
  const r = await runSavedSearchAlerts(db, mailer, Date.now());
  console.log(`saved-search alerts: ${r.checked} search(es) due, ${r.written} alert(s) written`);
  await deliverMailOnce(db);
  await db.destroy();
} catch (err) {
  console.error(`saved-search alerts failed: ${err instanceof Error ? err.message : String(err)}`);
  await db.destroy().catch(() => {});
  process.exit(1);
}
