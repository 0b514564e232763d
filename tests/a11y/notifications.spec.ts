import type { Page } from "@playwright/test";
import { PRIVATE_AREA } from "../fixtures/demo";
import { unsubscribeToken } from "../support/unsubscribe";
import { auditRoutes, type RouteCase } from "./audit";

const NOTICES = `${PRIVATE_AREA}/notificacoes`;
const SAVED = `${PRIVATE_AREA}/itens-salvos`;
const PROFILE = `${PRIVATE_AREA}/dados-pessoais`;

/** Days out of range: the error beside the field and in the summary (nothing is saved). */
const badDays = async (page: Page) => {
  await page.locator("#dias").fill("30");
  await page
    .getByRole("main")
    .getByRole("button", { name: /^(Salvar notificações|Save notifications)$/ })
    .click();
  await page.getByRole("alert").first().waitFor();
};

/** Asks to delete a saved search: the dialog with JS, the confirmation page without (nothing is deleted). */
const askDelete = async (page: Page) => {
  await page
    .getByRole("main")
    .getByRole("button", { name: /^(Excluir a pesquisa|Delete the search) Astronomia$/ })
    .click();
  await page.locator("#confirmar-titulo").waitFor();
};

/** Deleting the history while keeping it: the error beside the box (nothing is deleted). */
const historyUnconfirmed = async (page: Page) => {
  await page.locator("#historico-guardar-sempre").check();
  await page.locator("#historico-apagar").check();
  await page.locator("#historico").getByRole("button").click();
  await page.getByRole("alert").first().waitFor();
};

// Staying informed (issue 29, ADR 248): the notices, the saved searches' alerts and deletion, the unsubscribe page.
const ROUTES: RouteCase[] = [
  { name: "notifications", path: () => NOTICES, signedIn: true },
  { name: "notifications-saved", path: () => `${NOTICES}?feito=salvas`, signedIn: true },
  { name: "notifications-days-error", path: () => NOTICES, signedIn: true, act: badDays },
  { name: "saved-items-alerts", path: () => `${SAVED}?feito=alerta`, signedIn: true },
  { name: "saved-items-delete-confirm", path: () => SAVED, signedIn: true, act: askDelete },
  { name: "personal-data-history-error", path: () => PROFILE, signedIn: true, act: historyUnconfirmed },
  { name: "unsubscribe", path: () => `/descadastro?token=${unsubscribeToken("avisos3", { evento: "vencimento" })}` },
  { name: "unsubscribe-search", path: () => `/descadastro?token=${unsubscribeToken("avisos3", { pesquisa: "Astronomia" })}` },
  { name: "unsubscribe-invalid", path: () => "/descadastro?token=forjado.nao-assinado" },
  { name: "unsubscribe-done", path: () => "/descadastro?feito=1&evento=atraso" },
];

auditRoutes(ROUTES, { patron: { login: "avisos3", password: "demo1234" } });
