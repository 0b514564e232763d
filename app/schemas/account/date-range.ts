import { z } from "zod";

const day = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day in YYYY-MM-DD (what <input type="date"> sends): 2026-02-30 is not one. */
export function isDay(v: string): boolean {
  if (!day.test(v)) return false;
  const d = new Date(`${v}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/**
 * A date-range filter (spec §5 "Date filters: both dates required, and start must not be after end").
 * Messages are translation keys of the `loans` namespace.
 */
export const DateRangeSchema = z
  .object({
    dataIni: z
      .string({ error: "loans:errors.start_required" })
      .trim()
      .min(1, { message: "loans:errors.start_required", abort: true })
      .refine(isDay, "loans:errors.bad_date"),
    dataFim: z
      .string({ error: "loans:errors.end_required" })
      .trim()
      .min(1, { message: "loans:errors.end_required", abort: true })
      .refine(isDay, "loans:errors.bad_date"),
  })
  .refine((v) => !isDay(v.dataIni) || !isDay(v.dataFim) || v.dataIni <= v.dataFim, { path: ["dataIni"], message: "loans:errors.start_after_end" });
export type DateRange = z.infer<typeof DateRangeSchema>;
