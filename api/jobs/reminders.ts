/** The due-date reminder job (ADR 121): inside the server on a timer, or once from `npm run reminders`. */
import crypto from "node:crypto";
import type { Db } from "../db/index.ts";
import { claimSlot } from "../db/task-lease.ts";
import { runDueReminders } from "../domain/alerts.ts";
import type { Mailer } from "../mail/index.ts";

/** How often the server runs the job. Each run is idempotent per loan and due day, so the period only sets the delay. */
export const REMINDER_INTERVAL_MS = 60 * 60 * 1000;

/** `tarefa_exclusiva` row of the job's hourly slots. */
export const REMINDER_TASK = "lembretes";

/**
 * Runs the job now and then every `intervalMs`; returns a function that stops it. A failed run is logged and
 * the next one tries again. The timer does not keep the process alive.
 *
 * Every process sharing the database runs this timer (several portal processes, on several machines); each
 * period (the hour from :00 with the default interval) is claimed in the database first (`claimSlot`), so one
 * process runs it and the others skip it. A process that dies during its run leaves the rest to the next period's
 * run (the job picks up every loan not yet reminded; its alerts are keyed, so nothing is written twice).
 */
export function startReminderTimer(
  db: Db,
  mailer: Mailer,
  {
    intervalMs = REMINDER_INTERVAL_MS,
    log = (m: string) => console.log(m),
    now = () => Date.now(),
    holder = `${process.pid}-${crypto.randomUUID()}`,
  }: { intervalMs?: number; log?: (m: string) => void; now?: () => number; holder?: string } = {},
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const at = now();
      const slot = Math.floor(at / intervalMs) * intervalMs;
      if (!(await claimSlot(db, REMINDER_TASK, holder, slot))) {
        log(`[estante] due-date reminders for the period from ${new Date(slot).toISOString()}: run by another process`);
        return;
      }
      const r = await runDueReminders(db, mailer, at);
      log(`[estante] due-date reminders for the period from ${new Date(slot).toISOString()} ran here: ${r.written} alert(s) written`);
    } catch (err) {
      console.error("[estante] due-date reminders failed:", err instanceof Error ? err.message : err);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
