import type { Page } from "@playwright/test";
import { auditRoutes, type RouteCase } from "./audit";

/**
 * Puts the current title (the page is `/acervo/{id}`) in the basket, then opens `path`. The add is the plain
 * form POST a no-JS browser sends, made from the page's own cookie jar: the audit is about the basket page,
 * and the add button itself (fetcher and form) is covered by the basket e2e tests.
 */
const withTitleInBasket = (path: string) => async (page: Page) => {
  const url = new URL(page.url());
  const id = url.pathname.match(/^\/acervo\/(\d+)/)?.[1];
  if (!id) throw new Error(`not a title page: ${url.pathname}`);
  const res = await page.request.post("/cesta", {
    form: { intent: "add", acervo: id, redirectTo: url.pathname },
    headers: { origin: url.origin },
    maxRedirects: 0,
  });
  if (res.status() !== 303 && res.status() !== 302) throw new Error(`adding to the basket answered ${res.status()}`);
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
    // Only a signed-in patron can e-mail the basket.
    signedIn: true,
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
