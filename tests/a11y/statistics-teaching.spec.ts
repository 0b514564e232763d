import type { Page } from "@playwright/test";
import { DEMO } from "../fixtures/demo";
import { auditRoutes, type RouteCase } from "./audit";

const ACQUISITIONS = "/meupergamum/estatisticas-aquisicao";
const TOTALS = "/meupergamum/totais-acervo";

/** Submits a start date after the end date, so the audit covers the error summary and the inline error. */
const startAfterEnd = async (page: Page) => {
  await page.locator("#aquisicao-dataIni").fill("2026-03-01");
  await page.locator("#aquisicao-dataFim").fill("2026-01-01");
  await page.getByRole("button", { name: /filtro|filter/i }).click();
  await page.getByRole("alert").first().waitFor();
};

// Acquisition statistics and collection totals (issue 11): the charts in every colour scheme, in both languages.
const CHARTS: RouteCase[] = [
  { name: "acquisition-statistics", path: () => ACQUISITIONS, signedIn: true },
  { name: "collection-totals", path: () => `${TOTALS}?biblioteca=1`, signedIn: true },
];
auditRoutes(CHARTS, { fullMatrix: true });
// The form's errors: the charts' page with the error summary, whose colours every other form shows too.
auditRoutes([{ name: "acquisition-statistics-errors", path: () => ACQUISITIONS, signedIn: true, act: startAfterEnd }]);

// The professor's teaching plans, with their bibliography's loans.
auditRoutes([{ name: "my-teaching-plans", path: () => "/meupergamum/plano-ensino", signedIn: true }], { patron: DEMO.professor });
