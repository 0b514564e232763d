/** The due-date reminder job (ADR 121): inside the server on a timer, or once from `npm run reminders`. */
import type { Db } from "../db/index.ts";
import { runDueReminders } from "../domain/alerts.ts";
import type { Mailer } from "../mail/index.ts";

/** How often the server runs the job. Each run is idempotent per loan and due day, so the period only sets the delay. */
export const REMINDER_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs the job now and then every `intervalMs`; returns a function that stops it. A failed run is logged and
 * the next one tries again. The timer does not keep the process alive.
 */
export function startReminderTimer(
  db: Db,
  mailer: Mailer,
  { intervalMs = REMINDER_INTERVAL_MS, log = (m: string) => console.log(m), now = () => Date.now() } = {},
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const r = await runDueReminders(db, mailer, now());
      if (r.written > 0) log(`[estante] due-date reminders: ${r.written} alert(s) written`);
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
