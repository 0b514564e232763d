import type { Page } from "@playwright/test";
import { DEMO } from "../fixtures/demo";
import { auditRoutes } from "./audit";

const FORM = "/meupergamum/sugestao-professor";

/** Sends the empty form, so the audit covers the error summary and the inline errors. */
const sendEmpty = async (page: Page) => {
  await page.locator("#sugestao-professor-form button[type=submit]").click();
  await page.getByRole("alert").first().waitFor();
};

// The professors' purchase suggestion (ADR 195): the form, and the form with errors.
auditRoutes(
  [
    { name: "professor-suggestion", path: () => FORM, signedIn: true },
    { name: "professor-suggestion-errors", path: () => FORM, signedIn: true, act: sendEmpty },
  ],
  { patron: DEMO.professor },
);
