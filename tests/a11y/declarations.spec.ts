import type { Page } from "@playwright/test";
import { login } from "../fixtures/demo";
import { auditRoutes, type RouteCase } from "./audit";

const AREA = "/meupergamum";
const NO_DEBTS = `${AREA}/nada-consta`;

/**
 * Signs the audited page in as another patron (the audit signs in as demo) and comes back to `path`: a patron with
 * a clean record for the declaration's warning and confirmation (formando never issues it, so the state stays),
 * the former student for the issued declaration, the professor for a list of absences.
 */
const signInAs = (user: string, path: string) => async (page: Page) => {
  await page.context().clearCookies({ name: /estante_sessao/ });
  await login(page, { login: user, password: "demo1234" }, path);
  await page.waitForURL((url) => url.pathname === path.split("?")[0]);
};

/** Submits the declaration without the confirmation, so the audit covers the error summary and the inline error. */
const withoutConfirmation = async (page: Page) => {
  await signInAs("formando", NO_DEBTS)(page);
  await page.locator("#ciente").locator("xpath=ancestor::form").getByRole("button").click();
  // The field's own error, which only the answer has: waiting for any alert could match one already on the page
  // and audit it mid-navigation (JS off: before the new page's stylesheet applied).
  await page.locator("#ciente-erro").waitFor();
  await page.waitForLoadState("load");
};

const badCode = async (page: Page) => {
  await page.locator("#codigo").fill("ABC");
  await page.locator("#codigo").locator("xpath=ancestor::form").getByRole("button").click();
  await page.getByRole("alert").first().waitFor();
};

// No-debts declaration, its public check, absences, paper posting and user swap (issue 11, ADR 192).
const ROUTES: RouteCase[] = [
  { name: "no-debts-refused", path: () => NO_DEBTS, signedIn: true },
  { name: "no-debts-confirm", path: () => NO_DEBTS, signedIn: true, act: signInAs("formando", NO_DEBTS) },
  { name: "no-debts-confirm-error", path: () => NO_DEBTS, signedIn: true, act: withoutConfirmation },
  { name: "no-debts-issued", path: () => `${NO_DEBTS}?aviso=emitida`, signedIn: true, act: signInAs("egresso", `${NO_DEBTS}?aviso=emitida`) },
  { name: "no-debts-verify", path: () => "/nada-consta/verificar" },
  { name: "no-debts-verify-valid", path: () => "/nada-consta/verificar?codigo=DEMO-NADA-2026" },
  { name: "no-debts-verify-unknown", path: () => "/nada-consta/verificar?codigo=AAAA-BBBB-CCCC" },
  { name: "no-debts-verify-error", path: () => "/nada-consta/verificar", act: badCode },
  { name: "absences", path: () => `${AREA}/afastamentos`, signedIn: true, act: signInAs("professor", `${AREA}/afastamentos`) },
  { name: "paper-posting", path: () => `${AREA}/postagem-trabalho`, signedIn: true },
  { name: "user-swap", path: () => `${AREA}/troca-usuario`, signedIn: true },
];

auditRoutes(ROUTES);
