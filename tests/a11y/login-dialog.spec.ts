import type { Page } from "@playwright/test";
import { PORTS } from "../support/ports";
import { auditRoutes, type RouteCase } from "./audit";

// The login dialog, the embedded login, the dialog's alternate content without activity 107 and the category
// picker (ADR 174). The "category" portal's institution uses the category login and has activity 107 off
// (playwright.config.ts).
const category = `http://127.0.0.1:${PORTS.category}`;

/** Whether the app's scripts run (the audit's "JS off" blocks them: the page then never hydrates). */
const scriptsRun = (page: Page) =>
  page
    .locator("html[data-hydrated]")
    .waitFor({ state: "attached", timeout: 5000 })
    .then(
      () => true,
      () => false,
    );

/** Opens the header's login: with JS the dialog (loaded), without the link to the full login page. */
const openLogin = async (page: Page, loaded: string) => {
  const menu = page.locator("nav.user-menu");
  if (await scriptsRun(page)) {
    await menu.getByRole("button").click();
    await page.locator(`[role=dialog] ${loaded}`).first().waitFor();
  } else {
    await menu.getByRole("link").click();
    await page.locator("form.login-form").waitFor();
  }
};

/** Sends the login form (dialog or page) empty, and waits for the error summary. */
const sendEmpty = async (page: Page) => {
  await page.locator("form.login-form button.button[value=login]").click();
  await page.getByRole("alert").waitFor();
};

/** Moves the audit's language and display cookies to the category portal, and opens its page there. */
const onCategoryPortal = async (page: Page, path: string) => {
  const here = await page.context().cookies(page.url());
  await page.context().addCookies(here.map((c) => ({ name: c.name, value: c.value, url: category })));
  await page.goto(`${category}${path}`);
};

const ROUTES: RouteCase[] = [
  { name: "login-dialog", path: () => "/?termo=brasil", act: (page) => openLogin(page, "form.login-form") },
  {
    name: "login-dialog-error",
    path: () => "/?termo=brasil",
    act: async (page) => {
      await openLogin(page, "form.login-form");
      await sendEmpty(page);
    },
  },
  { name: "login-embedded", path: () => "/login?embed=1" },
  {
    name: "login-dialog-without-107",
    path: () => "/",
    act: async (page) => {
      await onCategoryPortal(page, "/");
      await openLogin(page, "a.button");
    },
  },
  {
    name: "login-category-error",
    path: () => "/login",
    act: async (page) => {
      await onCategoryPortal(page, "/login");
      await page.locator("input[name=username]").fill("demo");
      await sendEmpty(page);
    },
  },
];

auditRoutes(ROUTES);
