import type { Page } from "@playwright/test";
import { auditRoutes, type RouteCase } from "./audit";

const LISTS = "/meupergamum/listas";
const A11Y_LIST = "Lista da auditoria";

/** Puts the audited title in the default list, so the list page has an item with its note form. */
const addToDefault = async (page: Page) => {
  const url = page.url();
  await page.locator("form[method=post] button[type=submit]").last().click();
  await page.locator("#resultado").waitFor();
  if (!url.includes("/listas/adicionar")) await page.goto(url);
};

/** Opens the audit's own named list, making it the first time (so repeated runs keep one list). */
const openOwnList = async (page: Page) => {
  await page.goto(LISTS);
  const link = page.getByRole("table").getByRole("link", { name: A11Y_LIST, exact: true });
  if (await link.count()) {
    await link.click();
  } else {
    await page.locator("#lista-nome").fill(A11Y_LIST);
    await page.locator("#lista-nome").press("Enter");
  }
  await page.locator("#lista-renomear").waitFor();
};

// Patron lists (issue 29, ADR 246): every page and state of the lists screens, the add form and a public list.
const ROUTES: RouteCase[] = [
  { name: "lists-add", path: ({ titleId }) => `/listas/adicionar?acervo=${titleId}`, signedIn: true },
  {
    name: "lists-add-note-error",
    path: ({ titleId }) => `/listas/adicionar?acervo=${titleId}`,
    signedIn: true,
    act: async (page) => {
      await page.locator("#lista-nota").fill("x".repeat(501));
      await page.locator("#lista-nota").press("Tab");
      await page.locator("form[method=post] button[type=submit]").last().click();
      await page.getByRole("alert").first().waitFor();
    },
  },
  { name: "lists-add-done", path: ({ titleId }) => `/listas/adicionar?acervo=${titleId}`, signedIn: true, act: addToDefault },
  { name: "lists", path: () => LISTS, signedIn: true },
  {
    name: "lists-create-error",
    path: () => LISTS,
    signedIn: true,
    act: async (page) => {
      await page.locator("#lista-nome").press("Enter");
      await page.getByRole("alert").first().waitFor();
    },
  },
  { name: "list-default", path: () => `${LISTS}/padrao`, signedIn: true },
  {
    name: "list-note-error",
    path: ({ titleId }) => `/listas/adicionar?acervo=${titleId}`,
    signedIn: true,
    act: async (page) => {
      await page.locator("#lista-padrao").check();
      await addToDefault(page);
      await page.goto(`${LISTS}/padrao`);
      await page.locator(".list-item textarea").first().fill("y".repeat(501));
      await page.locator(".list-item button[value^='nota:']").first().click();
      await page.getByRole("alert").first().waitFor();
    },
  },
  {
    name: "list-public",
    path: () => `${LISTS}/padrao`,
    signedIn: true,
    act: async (page) => {
      const makePublic = page.locator("button[value=publica]");
      if (await makePublic.count()) await makePublic.click();
      await page.locator("#lista-link-publico").waitFor();
    },
  },
  {
    name: "list-public-page",
    path: () => `${LISTS}/padrao`,
    signedIn: true,
    act: async (page) => {
      const makePublic = page.locator("button[value=publica]");
      if (await makePublic.count()) await makePublic.click();
      const href = await page.locator("#lista-link-publico").getAttribute("href");
      await page.goto(href!);
    },
  },
  {
    name: "list-delete-confirm",
    path: () => LISTS,
    signedIn: true,
    act: async (page) => {
      await openOwnList(page);
      await page.goto(`${page.url().replace(/[?#].*$/, "")}?apagar=1`);
    },
  },
  { name: "public-list-missing", path: () => "/listas/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
];

auditRoutes(ROUTES, { patron: { login: "listas3", password: "demo1234" } });
