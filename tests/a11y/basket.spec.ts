import type { Page } from "@playwright/test";
import { auditRoutes, type RouteCase } from "./audit";

/** Puts the current title in the basket with its own button (fetcher with JS, form post without), then opens `path`. */
const withTitleInBasket = (path: string) => async (page: Page) => {
  await page.getByRole("button", { name: /^(Adicionar à cesta|Add to basket)/ }).first().click();
  await page.waitForLoadState("load");
  // With JS the fetcher's answer sets the cookie; wait for the status message before leaving.
  await page.locator(".add-to-basket__status:not(:empty), .notice").first().waitFor();
  await page.goto(path);
};

// The basket (empty, full, with its export text, with e-mail errors) and the title's reference page.
const ROUTES: RouteCase[] = [
  { name: "basket-empty", path: () => "/cesta" },
  { name: "basket-with-export", path: ({ titleId }) => `/acervo/${titleId}`, act: withTitleInBasket("/cesta?formato=referencia") },
  { name: "basket-added-notice", path: ({ titleId }) => `/acervo/${titleId}`, act: withTitleInBasket("/cesta?aviso=added&n=1&voltar=%2F") },
  {
    name: "basket-email-errors",
    path: ({ titleId }) => `/acervo/${titleId}`,
    act: async (page) => {
      await withTitleInBasket("/cesta")(page);
      await page.locator("#cesta-destinatarios").fill("nao-e-email");
      await page.locator("form:has(#cesta-destinatarios) button[type=submit]").click();
      await page.locator(".error-summary").waitFor();
    },
  },
  { name: "basket-signed-in", path: ({ titleId }) => `/acervo/${titleId}`, signedIn: true, act: withTitleInBasket("/cesta") },
  { name: "reference", path: ({ titleId }) => `/acervo/${titleId}/referencia` },
  { name: "reference-not-found", path: () => "/acervo/999999999/referencia" },
];

auditRoutes(ROUTES);
