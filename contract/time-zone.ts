/**
 * The library's time zone (ADR 226): the API reports it in `/parametros/instituicao` (`fuso_horario`, set by
 * the institution's `parametros.fuso_horario`), and every time a patron reads (a due hour, the loan token's
 * validity, a reminder) is shown in it.
 */

/** The zone when the institution sets none: most Estante libraries are in Brazil. */
export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

/** True for an IANA zone name this runtime knows ("America/Sao_Paulo", "UTC"). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.trim() === "" || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone to use: `value` when it is a known zone, the default otherwise. */
export function timeZoneOr(value: unknown): string {
  return isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export function dayIn(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** Whole days from `from`'s day to `to`'s day in a zone (0: the same day, 1: the next…); dates may be YYYY-MM-DD. */
export function daysBetween(from: Date | string, to: Date | string, timeZone: string): number {
  const day = (v: Date | string) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : dayIn(new Date(v), timeZone));
  return Math.round((Date.parse(`${day(to)}T00:00:00Z`) - Date.parse(`${day(from)}T00:00:00Z`)) / 86_400_000);
}

/** How long before an hourly loan's due hour its calendar event starts. */
const HOURLY_EVENT_MS = 30 * 60 * 1000;

/**
 * A loan's calendar event time (ADR 226): its due day as an all-day event (the day in the library's zone), or,
 * for an hourly loan, a timed event in the half hour before its due hour.
 */
export function dueEventTime(due: string, hourly: boolean, timeZone: string): { start: Date; end?: Date; allDay: boolean } {
  if (hourly) return { start: new Date(Date.parse(due) - HOURLY_EVENT_MS), end: new Date(due), allDay: false };
  const day = /^\d{4}-\d{2}-\d{2}$/.test(due) ? due : dayIn(new Date(due), timeZone);
  return { start: new Date(`${day}T00:00:00Z`), allDay: true };
}
