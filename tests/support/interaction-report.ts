import fs from "node:fs";
import path from "node:path";
import { test, type TestInfo } from "@playwright/test";

/** Where interaction checks write their outcome, beside the axe cases (tests/a11y/write-summary.ts reads it). */
export const INTERACTIONS_DIR = path.resolve(import.meta.dirname, "../../a11y-reports/interactions");

/** One interaction check as the accessibility report lists it. */
export interface InteractionCase {
  id: string;
  check: string;
  /** "js-on" / "js-off" (the e2e projects) or the a11y suite's own label. */
  mode: string;
  /** WCAG success criteria (and eMAG recommendations) the check covers. */
  criteria: string;
  outcome: "passed" | "failed" | "not applicable";
  detail?: string;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 120);

/** Writes one interaction case to the report folder. */
export function writeInteraction(c: Omit<InteractionCase, "id"> & { id?: string }) {
  fs.mkdirSync(INTERACTIONS_DIR, { recursive: true });
  const id = c.id ?? slug(`${c.check}--${c.mode}`);
  fs.writeFileSync(path.join(INTERACTIONS_DIR, `${id}.json`), JSON.stringify({ ...c, id }, null, 2));
}

/**
 * Records every test of the calling spec file as an interaction check of the accessibility report: its title,
 * its JS mode, the criteria of its `wcag` annotation, and whether it passed (a skipped test is "not applicable").
 */
export function reportInteractionChecks() {
  // Playwright needs the (empty) fixtures pattern before testInfo.
  // eslint-disable-next-line no-empty-pattern
  test.afterEach(async ({}, testInfo: TestInfo) => {
    const criteria = testInfo.annotations.find((a) => a.type === "wcag")?.description ?? "";
    const outcome = testInfo.status === "skipped" ? "not applicable" : testInfo.status === testInfo.expectedStatus ? "passed" : "failed";
    writeInteraction({ check: testInfo.title, mode: testInfo.project.name, criteria, outcome, detail: testInfo.error?.message?.split("\n")[0] });
  });
}
