/**
 * `npm run reminders`: runs the due-date reminder job once against the configured database (DATA_DIR or
 * DATABASE_URL) and prints what it did. Safe to run any number of times: a loan is reminded once per due day.
 */
import path from "node:path";
import { openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { pruneLoanHistory } from "../db/loan-history.ts";
import { runDueReminders } from "../domain/alerts.ts";
import { deliverMailOnce, mailerFromEnv } from "../mail/index.ts";

const dataDir = path.resolve(process.env.DATA_DIR ?? "data");
const db = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
try {
  await migrateToLatest(db);
  const mailer = mailerFromEnv(db, dataDir);
  const r = await runDueReminders(db, mailer, Date.now());
  console.log(`due-date reminders: ${r.checked} loan(s) due soon or overdue without a reminder, ${r.written} alert(s) written`);
  // The patrons' loan-history choices (ADR 249): "never" and the library's period, applied to what was returned.
  console.log(`loan history: ${await pruneLoanHistory(db, Date.now())} returned loan(s) deleted by the patrons' choices`);
  await deliverMailOnce(db);
  await db.destroy();
} catch (err) {
  console.error(`due-date reminders failed: ${err instanceof Error ? err.message : String(err)}`);
  await db.destroy().catch(() => {});
  process.exit(1);
}
