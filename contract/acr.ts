/**
 * The Accessibility Conformance Report's data (ADR 152): written by `npm run acr` (scripts/acr.ts) as
 * a11y-reports/acr.json, shown by the portal at /sobre/acessibilidade/relatorio.
 */
export type Conformance = "Supports" | "Partially Supports" | "Does Not Support" | "Not Applicable" | "Not Evaluated";

export const CONFORMANCE_TERMS: readonly Conformance[] = ["Supports", "Partially Supports", "Does Not Support", "Not Applicable", "Not Evaluated"];

export interface AcrRow {
  id: string;
  name: string;
  /** WCAG level ("A", "AA"); absent for eMAG. */
  level?: string;
  /** eMAG section; absent for WCAG. */
  section?: string;
  conformance: Conformance;
  /** "automated" when the tests settle it, "manual" when only a person can. */
  judgement: "automated" | "manual";
  remarks: string;
  evidence: string[];
  manual?: { date: string; result: Conformance; by: string };
}

export interface Acr {
  product: string;
  commit: string;
  generated: string;
  axeVersion: string | null;
  axeCases: number;
  interactionChecks: number;
  wcag: AcrRow[];
  emag: AcrRow[];
}
