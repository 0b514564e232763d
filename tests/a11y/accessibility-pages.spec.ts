import fs from "node:fs";
import path from "node:path";
import { test } from "@playwright/test";
import { writeAcr } from "../../scripts/acr";
import { auditRoutes, type RouteCase } from "./audit";

// The accessibility page and this build's conformance report (ADR 135, 152). The report's tables come from
// a11y-reports/acr.json when a run wrote it; without one, the page says there is no report yet.
const ROUTES: RouteCase[] = [
  { name: "accessibility", path: () => "/sobre/acessibilidade" },
  { name: "accessibility-report", path: () => "/sobre/acessibilidade/relatorio" },
];

// The server reads the report from a11y-reports/ (its working directory). A first run has none yet: write one from
// the evidence so far, so the audit sees the report's tables; the run's teardown writes it again from all of it.
test.beforeAll(() => {
  const reports = path.resolve(import.meta.dirname, "../../a11y-reports");
  if (!fs.existsSync(path.join(reports, "acr.json")))
    writeAcr({ reportsDir: reports, manualFile: path.resolve(import.meta.dirname, "../../docs/accessibility/manual-checks.json") });
});

auditRoutes(ROUTES);
