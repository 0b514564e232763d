import type { Page } from "@playwright/test";
import { lastMailTo } from "../support/outbox";
import { auditRoutes, type RouteCase } from "./audit";

const PROFILE = "/meupergamum/dados-pessoais";
const NEW_EMAIL = "silvia.nova@example.org";

/** Asks for a new e-mail address: the page then says a confirmation was sent (the link goes to the outbox). */
const requestChange = async (page: Page) => {
  await page.locator("#novo-email").fill(NEW_EMAIL);
  await page.locator("#email form").last().getByRole("button").click();
  await page.locator("#email-pendente").waitFor();
};

/** A phone with letters: the error beside the field and in the summary. */
const badPhone = async (page: Page) => {
  await page.locator("#pd-telefone").fill("61 3201-abcd");
  await page.locator("#dados-pessoais").getByRole("button").click();
  await page.getByRole("alert").first().waitFor();
};

/** Not an e-mail address: refused by the form (no mail is asked for). */
const badEmail = async (page: Page) => {
  await page.locator("#novo-email").fill("sem-arroba");
  await page.locator("#email form").last().getByRole("button").click();
  await page.getByRole("alert").first().waitFor();
};

/** The confirmation page of the link the pending case's request mailed (read from the outbox, not followed). */
const confirmLink = () => /\/confirmar-email\?token=[\w-]+/.exec(lastMailTo(NEW_EMAIL)?.text ?? "")?.[0] ?? "/confirmar-email?token=sem-link";

// Contact details (issue 26, ADR 236): the pending confirmation, the confirmation page's states, the errors.
const ROUTES: RouteCase[] = [
  { name: "personal-data-email-pending", path: () => PROFILE, signedIn: true, act: requestChange },
  { name: "personal-data-phone-error", path: () => PROFILE, signedIn: true, act: badPhone },
  { name: "personal-data-email-error", path: () => PROFILE, signedIn: true, act: badEmail },
  { name: "email-confirm", path: confirmLink },
  { name: "email-confirm-invalid", path: () => "/confirmar-email?token=nao-existe" },
  { name: "email-confirm-done", path: () => "/confirmar-email?situacao=confirmado" },
];

auditRoutes(ROUTES, { patron: { login: "contato3", password: "demo1234" } });
