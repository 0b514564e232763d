import type { Page } from "@playwright/test";
import { auditRoutes, type RouteCase } from "./audit";

const PROFILE = "/meupergamum/dados-pessoais";

/** Submits the password form with a weak, mismatched password, so the audit covers the errors and the rule states. */
const weakPassword = async (page: Page) => {
  await page.locator("#senha-atual").fill("x");
  await page.locator("#senha-nova").fill("abc");
  await page.locator("#senha-confirmacao").fill("abd");
  await page.locator("#senha").getByRole("button").click();
  await page.getByRole("alert").first().waitFor();
};

/** Submits a CPF with wrong check digits. */
const badCpf = async (page: Page) => {
  await page.locator("#pd-cpf").fill("111.444.777-36");
  await page.locator("#dados-pessoais").getByRole("button").click();
  await page.getByRole("alert").first().waitFor();
};

// Personal data, password change and the loan-history choice (issue 11).
const ROUTES: RouteCase[] = [
  { name: "personal-data", path: () => PROFILE, signedIn: true },
  { name: "personal-data-saved", path: () => `${PROFILE}?aviso=salvo`, signedIn: true },
  { name: "personal-data-errors", path: () => PROFILE, signedIn: true, act: badCpf },
  { name: "password-change", path: () => `${PROFILE}/senha`, signedIn: true },
  { name: "password-change-errors", path: () => `${PROFILE}/senha`, signedIn: true, act: weakPassword },
];

auditRoutes(ROUTES);
