import type { Page } from "@playwright/test";
import { PRIVATE_AREA } from "../fixtures/demo";
import { auditRoutes, type RouteCase } from "./audit";

const HISTORY = `${PRIVATE_AREA}/emprestimos/historico`;
const DELETE = /^(Excluir os selecionados|Delete the selected)$/;

/** Nothing selected: the error beside the list and in the summary (nothing is deleted). */
const noSelection = async (page: Page) => {
  await page.getByRole("main").getByRole("button", { name: DELETE }).click();
  await page.getByRole("alert").first().waitFor();
};

/** One loan chosen (by its own label: the filter's "multa" box comes first): the confirmation, a dialog with JS and a page without. */
const askDelete = async (page: Page) => {
  await page
    .getByRole("checkbox", { name: /^(Selecionar|Select) .+, / })
    .first()
    .check();
  await page.getByRole("main").getByRole("button", { name: DELETE }).click();
  await page.locator("#confirmar-titulo").waitFor();
};

// Deleting chosen loans from the history (issue 29): the list with its checkboxes, the refusal, the question, the result.
const ROUTES: RouteCase[] = [
  { name: "loan-history-select", path: () => HISTORY, signedIn: true },
  { name: "loan-history-no-selection", path: () => HISTORY, signedIn: true, act: noSelection },
  { name: "loan-history-delete-confirm", path: () => HISTORY, signedIn: true, act: askDelete },
  { name: "loan-history-deleted", path: () => `${HISTORY}?feito=excluidos&n=2&m=1`, signedIn: true },
];

auditRoutes(ROUTES, { patron: { login: "historico3", password: "demo1234" } });
