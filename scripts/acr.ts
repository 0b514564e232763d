/**
 * Writes the Accessibility Conformance Report of this build (ADR 152): the ITI VPAT 2.5 (WCAG 2.2 edition)
 * tables for every WCAG 2.2 A and AA success criterion, and the eMAG 3.1 checklist, from the evidence the test
 * suite left in a11y-reports/ (the axe cases, the interaction checks, the text-browser journeys) and the manual
 * checks recorded in docs/accessibility/manual-checks.json.
 *
 * Output: a11y-reports/acr.md (to file) and a11y-reports/acr.json (what the portal's report page shows).
 * Usage: npm run acr [-- --reports <dir>] [--manual <file>] [--commit <sha>]
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import axe from "axe-core";
import type { Acr, AcrRow, Conformance } from "../contract/acr.ts";
import { CONFORMANCE_TERMS } from "../contract/acr.ts";
import { EMAG_31, WCAG_22 } from "./acr-criteria.ts";

export interface ManualCheck {
  /** A WCAG criterion ("1.2.1") or an eMAG recommendation ("eMAG 3.12"). */
  criterion: string;
  date: string;
  result: Conformance;
  by: string;
  remarks: string;
}

interface AxeCase {
  id: string;
  route: string;
  axeVersion: string;
  violations: Array<{ id: string }>;
}
interface InteractionCase {
  check: string;
  mode: string;
  criteria: string;
  outcome: "passed" | "failed" | "not applicable";
}

const readJsonDir = <T>(dir: string): T[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(".json") && f !== "acr.json")
        .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as T)
    : [];

/** axe rule id → the WCAG criteria its tags name ("wcag143" → "1.4.3"). */
function axeRulesByCriterion(): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const rule of axe.getRules(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])) {
    for (const tag of rule.tags) {
      const m = /^wcag(\d)(\d)(\d{1,2})$/.exec(tag);
      if (!m) continue;
      const id = `${m[1]}.${m[2]}.${m[3]}`;
      map.set(id, [...(map.get(id) ?? []), rule.ruleId]);
    }
  }
  return map;
}

/** The WCAG criteria ("2.4.3") and eMAG recommendations ("eMAG 1.5") an interaction check's `criteria` names. */
export function criteriaOf(text: string): string[] {
  const out: string[] = [];
  const emag = /eMAG\s*((?:\d\.\d{1,2}(?:\s*,\s*|\s+e\s+|\s+and\s+)?)+)/gi;
  let rest = text;
  for (const m of text.matchAll(emag)) {
    for (const id of m[1].match(/\d\.\d{1,2}/g) ?? []) out.push(`eMAG ${id}`);
    rest = rest.replace(m[0], " ");
  }
  for (const id of rest.match(/\b\d\.\d\.\d{1,2}\b/g) ?? []) out.push(id);
  return out;
}

const RANK: Record<Conformance, number> = { "Does Not Support": 0, "Partially Supports": 1, "Not Evaluated": 2, Supports: 3, "Not Applicable": 4 };

export function buildAcr({
  reportsDir,
  manualFile,
  commit,
  now = new Date(),
}: {
  reportsDir: string;
  manualFile: string;
  commit: string;
  now?: Date;
}): Acr {
  const axeCases = readJsonDir<AxeCase>(reportsDir);
  const interactions = readJsonDir<InteractionCase>(path.join(reportsDir, "interactions"));
  const manual = fs.existsSync(manualFile) ? (JSON.parse(fs.readFileSync(manualFile, "utf8")) as { checks: ManualCheck[] }).checks : [];
  // The last manual check of each criterion counts.
  const lastManual = new Map<string, ManualCheck>();
  for (const m of [...manual].sort((a, b) => a.date.localeCompare(b.date))) lastManual.set(m.criterion, m);
  const rules = axeRulesByCriterion();
  const checksFor = (id: string) => interactions.filter((c) => criteriaOf(c.criteria).includes(id));

  const wcag: AcrRow[] = WCAG_22.map((c) => {
    const ruleIds = rules.get(c.id) ?? [];
    const axeFailures = axeCases.flatMap((a) => a.violations.filter((v) => ruleIds.includes(v.id)).map((v) => `${v.id} on ${a.id}`));
    const checks = checksFor(c.id);
    const failedChecks = checks.filter((k) => k.outcome === "failed");
    const passedChecks = checks.filter((k) => k.outcome === "passed");
    const evidence = [
      ...(ruleIds.length && axeCases.length
        ? [
            `axe-core rules ${ruleIds.join(", ")} on ${axeCases.length} page cases: ${axeFailures.length ? `${axeFailures.length} violation(s)` : "no violation"}`,
          ]
        : []),
      ...[...new Set(checks.map((k) => k.check))].map((name) => {
        const runs = checks.filter((k) => k.check === name);
        return `${name} (${runs.map((k) => `${k.mode}: ${k.outcome}`).join("; ")})`;
      }),
    ];
    const m = lastManual.get(c.id);
    const manualNote = m ? `Manual check ${m.date} (${m.by}): ${m.result}. ${m.remarks}` : "";
    let conformance: Conformance;
    let remarks: string;
    if (axeFailures.length || failedChecks.length) {
      conformance = "Partially Supports";
      remarks = `Automated tests found failures: ${[...axeFailures.slice(0, 5), ...failedChecks.map((k) => `${k.check} (${k.mode})`)].join("; ")}.`;
    } else if (m) {
      conformance = m.result;
      remarks = manualNote;
    } else if (c.auto && (passedChecks.length || (ruleIds.length && axeCases.length))) {
      conformance = "Supports";
      remarks = "Settled by the automated tests listed.";
    } else {
      conformance = "Not Evaluated";
      remarks = evidence.length
        ? "Only a person can judge this criterion and no manual check is recorded yet; the automated tests listed found no failure."
        : "Only a person can judge this criterion and no manual check is recorded yet.";
    }
    return {
      id: c.id,
      name: c.name,
      level: c.level,
      conformance,
      judgement: c.auto ? "automated" : "manual",
      remarks,
      evidence,
      ...(m ? { manual: { date: m.date, result: m.result, by: m.by } } : {}),
    };
  });

  const byId = new Map(wcag.map((r) => [r.id, r]));
  const emag: AcrRow[] = EMAG_31.map((e) => {
    const m = lastManual.get(`eMAG ${e.id}`);
    const related = e.wcag.map((id) => byId.get(id)).filter((r): r is AcrRow => Boolean(r));
    const checks = checksFor(`eMAG ${e.id}`);
    const evidence = [...related.map((r) => `WCAG ${r.id} ${r.name}: ${r.conformance}`), ...[...new Set(checks.map((k) => k.check))]];
    if (m)
      return {
        id: e.id,
        name: e.name,
        section: e.section,
        conformance: m.result,
        judgement: "manual",
        remarks: `Manual check ${m.date} (${m.by}): ${m.result}. ${m.remarks}`,
        evidence,
        manual: { date: m.date, result: m.result, by: m.by },
      };
    if (checks.some((k) => k.outcome === "failed"))
      return {
        id: e.id,
        name: e.name,
        section: e.section,
        conformance: "Partially Supports",
        judgement: "automated",
        remarks: "An interaction check of this recommendation failed.",
        evidence,
      };
    const worst = related.length ? related.reduce((a, b) => (RANK[b.conformance] < RANK[a.conformance] ? b : a)).conformance : "Not Evaluated";
    const remarks = related.length
      ? `Follows the WCAG criteria it relies on (${related.map((r) => r.id).join(", ")}).`
      : "Relies on WCAG criteria beyond level AA; only a person can judge it and no manual check is recorded yet.";
    return { id: e.id, name: e.name, section: e.section, conformance: worst, judgement: "manual", remarks, evidence };
  });

  return {
    product: "Estante",
    commit,
    generated: now.toISOString(),
    axeVersion: axeCases[0]?.axeVersion ?? null,
    axeCases: axeCases.length,
    interactionChecks: interactions.length,
    wcag,
    emag,
  };
}

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** The report as Markdown, in the VPAT 2.5 layout (Table 1: Level A, Table 2: Level AA) and the eMAG checklist. */
export function acrMarkdown(acr: Acr): string {
  const table = (rows: AcrRow[]) => [
    "| Criteria | Conformance Level | Remarks and Explanations |",
    "|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.id} ${cell(r.name)} (Level ${r.level}) | ${r.conformance} | ${cell(r.remarks)}${r.evidence.length ? ` Evidence: ${cell(r.evidence.join("; "))}.` : ""} |`,
    ),
  ];
  const count = (rows: AcrRow[], c: Conformance) => rows.filter((r) => r.conformance === c).length;
  const tally = (rows: AcrRow[]) => CONFORMANCE_TERMS.map((c) => `${c}: ${count(rows, c)}`).join(" · ");
  return [
    `# ${acr.product} Accessibility Conformance Report`,
    "",
    "Based on the ITI VPAT® 2.5 (WCAG 2.2 edition), with the eMAG 3.1 checklist.",
    "",
    `- **Name of product/version:** ${acr.product}, commit \`${acr.commit}\``,
    `- **Report date:** ${acr.generated.slice(0, 10)} (generated ${acr.generated} by \`npm run acr\` at the end of \`npm test\`)`,
    "- **Product description:** an accessibility-first library catalogue and patron self-service portal.",
    "- **Contact information:** the library that runs this portal (see its “Suporte” page).",
    `- **Evaluation methods used:** axe-core ${acr.axeVersion ?? "(no run found)"} on ${acr.axeCases} page cases (routes × colour schemes × JavaScript on/off × languages); ${acr.interactionChecks} interaction checks in Chromium (keyboard, focus, reflow, language of parts) and journeys in the Lynx and w3m text browsers; manual checks recorded in docs/accessibility/manual-checks.json, each with its date and result.`,
    "- **Applicable standards:** WCAG 2.2 levels A and AA (Table 1 and Table 2); eMAG 3.1 (Table 3). Level AAA is not claimed.",
    "- **Terms:** Supports · Partially Supports · Does Not Support · Not Applicable · Not Evaluated (as in the VPAT). “Not Evaluated” means the criterion needs a person's judgement and no manual check is recorded yet.",
    "",
    "## Table 1: Success Criteria, Level A",
    "",
    tally(acr.wcag.filter((r) => r.level === "A")),
    "",
    ...table(acr.wcag.filter((r) => r.level === "A")),
    "",
    "## Table 2: Success Criteria, Level AA",
    "",
    tally(acr.wcag.filter((r) => r.level === "AA")),
    "",
    ...table(acr.wcag.filter((r) => r.level === "AA")),
    "",
    "## Table 3: eMAG 3.1 checklist",
    "",
    tally(acr.emag),
    "",
    "| Recomendação | Seção | Conformance Level | Remarks and Explanations |",
    "|---|---|---|---|",
    ...acr.emag.map(
      (r) =>
        `| ${r.id} ${cell(r.name)} | ${r.section} | ${r.conformance} | ${cell(r.remarks)}${r.evidence.length ? ` Evidence: ${cell(r.evidence.join("; "))}.` : ""} |`,
    ),
    "",
    "Criterion 4.1.1 Parsing was removed from WCAG 2.2 and is not listed.",
    "",
  ].join("\n");
}

function gitCommit(cwd: string): string {
  if (process.env.SOURCE_COMMIT) return process.env.SOURCE_COMMIT;
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}

/** Writes acr.md and acr.json into the reports folder; returns the report. */
export function writeAcr(opts: { reportsDir: string; manualFile: string; commit?: string }): Acr {
  const root = path.resolve(import.meta.dirname, "..");
  const acr = buildAcr({ reportsDir: opts.reportsDir, manualFile: opts.manualFile, commit: opts.commit ?? gitCommit(root) });
  fs.mkdirSync(opts.reportsDir, { recursive: true });
  fs.writeFileSync(path.join(opts.reportsDir, "acr.md"), acrMarkdown(acr));
  fs.writeFileSync(path.join(opts.reportsDir, "acr.json"), JSON.stringify(acr, null, 2) + "\n");
  return acr;
}

function main(argv: string[]) {
  const root = path.resolve(import.meta.dirname, "..");
  const arg = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const reportsDir = path.resolve(arg("reports") ?? path.join(root, "a11y-reports"));
  const manualFile = path.resolve(arg("manual") ?? path.join(root, "docs/accessibility/manual-checks.json"));
  if (!fs.existsSync(manualFile)) {
    process.stderr.write(`acr: no manual checks file at ${manualFile}\n`);
    process.exit(2);
  }
  const acr = writeAcr({ reportsDir, manualFile, commit: arg("commit") });
  const tally = (c: Conformance) => acr.wcag.filter((r) => r.conformance === c).length;
  process.stdout.write(
    `acr: ${acr.wcag.length} WCAG 2.2 criteria (${tally("Supports")} supported, ${tally("Partially Supports")} partially, ${tally("Does Not Support")} not supported, ${tally("Not Applicable")} not applicable, ${tally("Not Evaluated")} not evaluated) and ${acr.emag.length} eMAG 3.1 recommendations from ${acr.axeCases} axe cases and ${acr.interactionChecks} interaction checks; wrote ${path.join(reportsDir, "acr.md")}\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
