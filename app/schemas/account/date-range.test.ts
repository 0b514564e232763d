import { describe, expect, it } from "vitest";
import { DateRangeSchema } from "./date-range";

const errors = (input: Record<string, string | undefined>) => {
  const r = DateRangeSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the date-range filter", () => {
  it("needs both dates", () => {
    expect(errors({})).toEqual({ dataIni: "loans:errors.start_required", dataFim: "loans:errors.end_required" });
    expect(errors({ dataIni: "2026-01-01", dataFim: " " })).toEqual({ dataFim: "loans:errors.end_required" });
  });
  it("refuses a start after the end, and accepts the same day", () => {
    expect(errors({ dataIni: "2026-02-01", dataFim: "2026-01-01" })).toEqual({ dataIni: "loans:errors.start_after_end" });
    expect(DateRangeSchema.safeParse({ dataIni: "2026-01-01", dataFim: "2026-01-01" }).success).toBe(true);
  });
  it("refuses a day that does not exist", () => {
    expect(errors({ dataIni: "2026-02-30", dataFim: "2026-03-01" })).toEqual({ dataIni: "loans:errors.bad_date" });
  });
});
