import fs from "node:fs";
import path from "node:path";
import { writeAcr } from "../../scripts/acr";
import type { InteractionCase } from "../support/interaction-report";

/**
 * Global teardown: turns the per-case axe reports in a11y-reports/ into a11y-reports/summary.md, the
 * page an institution can read as its accessibility evidence.
 */
export default function writeSummary() {
  const dir = path.resolve(import.meta.dirname, "../../a11y-reports");
  if (!fs.existsSync(dir)) return;
  const cases = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json") && f !== "acr.json")
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as AxeCase)
    .sort((a, b) => a.id.localeCompare(b.id));
  if (cases.length === 0) return;
  const failing = cases.filter((c) => c.violations.length > 0);
  const routes = [...new Set(cases.map((c) => c.route))];
  const lines = [
    "# Accessibility report",
    "",
    `Generated ${new Date().toISOString()} by the end-to-end suite with axe-core ${cases[0].axeVersion} (tags: ${cases[0].tags.join(", ")}).`,
    "",
    `- Cases: **${cases.length}** (${routes.length} routes × colour schemes × JavaScript on/off × languages)`,
    "- Method (ADR 199): the core routes are audited in Portuguese and English, with JavaScript on and off, in every visual setting; every other route in Portuguese with JavaScript on and off, and in every colour scheme with JavaScript off. Each colour scheme (normal, inverted, greyscale, high contrast, dark) is applied on the loaded page with the exact `<html>` classes and color-scheme meta the server renders for it. The normal scheme gets every WCAG rule; the other colour schemes change only colours, so they get the rules that read colours (color-contrast, link-in-text-block), and every pair of the palettes' colour tokens is checked in every scheme by a unit test. Zoom + bold + Libras changes the markup, so on the core routes it gets its own page load and every rule. JavaScript off means the app's scripts are blocked, so axe sees the server-rendered HTML.",
    `- Cases with violations: **${failing.length}**`,
    `- Total violations: **${cases.reduce((n, c) => n + c.violations.length, 0)}**`,
    "",
    "| route | scheme | JS | lang | rules | violations | passes | incomplete |",
    "|---|---|---|---|---|---|---|---|",
    ...cases.map(
      (c) =>
        `| ${c.route} | ${c.scheme} | ${c.js ? "on" : "off"} | ${c.lang} | ${c.rules === "all" || !c.rules ? "all" : c.rules.join(", ")} | ${c.violations.length} | ${c.passes} | ${c.incomplete} |`,
    ),
  ];
  if (failing.length) {
    lines.push("", "## Violations", "");
    for (const c of failing) {
      for (const v of c.violations) lines.push(`- \`${c.id}\`: **${v.id}** (${v.impact}) ${v.help} — ${v.nodes} node(s)`);
    }
  }
  lines.push(...interactionSection(path.join(dir, "interactions")));
  fs.writeFileSync(path.join(dir, "summary.md"), lines.join("\n") + "\n");
  // The Accessibility Conformance Report of this build, from the same evidence (ADR 152).
  writeAcr({ reportsDir: dir, manualFile: path.resolve(import.meta.dirname, "../../docs/accessibility/manual-checks.json") });
}

/**
 * The interaction checks (focus after actions, language of parts, skip links, reflow at 320 px...): what a
 * checker cannot see, tried by the e2e and a11y suites as patrons would (tests/e2e/a11y-interactions.spec.ts).
 */
function interactionSection(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const cases = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as InteractionCase)
    .sort((a, b) => a.check.localeCompare(b.check) || a.mode.localeCompare(b.mode));
  if (cases.length === 0) return [];
  const count = (o: InteractionCase["outcome"]) => cases.filter((c) => c.outcome === o).length;
  const cell = (s: string) => s.replace(/\|/g, "\\|");
  return [
    "",
    "## Interaction checks",
    "",
    "Checks a checker cannot make, run in the browser as keyboard, screen-reader and magnifier users would.",
    "",
    `- Checks: **${cases.length}**: passed **${count("passed")}**, failed **${count("failed")}**, not applicable **${count("not applicable")}**`,
    "",
    "| check | mode | criteria | outcome | detail |",
    "|---|---|---|---|---|",
    ...cases.map((c) => `| ${cell(c.check)} | ${c.mode} | ${cell(c.criteria)} | ${c.outcome} | ${cell(c.detail ?? "")} |`),
  ];
}

export interface AxeCase {
  id: string;
  route: string;
  url: string;
  scheme: string;
  js: boolean;
  lang: string;
  axeVersion: string;
  tags: string[];
  /** "all" (every rule of the tags) or the rules run (the colour rules, for the colour-only schemes). */
  rules?: "all" | string[];
  passes: number;
  incomplete: number;
  violations: Array<{ id: string; impact: string | null; help: string; nodes: number; targets: string[] }>;
}
