import { describe, expect, it } from "vitest";
import { MONTHS_MAX, monthsBetween, periodsOf } from "./acquisition-statistics.ts";

describe("the periods of acquisition statistics", () => {
  it("lists every month between two months, across a year's end", () => {
    expect(monthsBetween("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsBetween("2026-03", "2026-03")).toEqual(["2026-03"]);
  });

  it("spans the chosen range, else the acquisitions' first and last month", () => {
    expect(periodsOf(["2026-02-10"], { dataIni: "2026-01-31", dataFim: "2026-03-01" })).toEqual({
      agrupamento: "mes",
      periodos: ["2026-01", "2026-02", "2026-03"],
    });
    expect(periodsOf(["2026-04-01", "2026-02-28"], {})).toEqual({ agrupamento: "mes", periodos: ["2026-02", "2026-03", "2026-04"] });
    expect(periodsOf([], {})).toEqual({ agrupamento: "mes", periodos: [] });
  });

  it(`groups by year past ${MONTHS_MAX} months`, () => {
    expect(periodsOf([], { dataIni: "2024-01-01", dataFim: "2025-12-31" }).agrupamento).toBe("mes");
    expect(periodsOf([], { dataIni: "2024-01-01", dataFim: "2026-01-01" })).toEqual({ agrupamento: "ano", periodos: ["2024", "2025", "2026"] });
  });
});
