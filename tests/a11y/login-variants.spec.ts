import type { Page } from "@playwright/test";
import { auditRoutes, type RouteCase } from "./audit";

/** Signs in as the demo person with two logins and sends the chooser without a choice (ADR 172). */
const chooserError = async (page: Page) => {
  await page.locator("input[name=username]").fill("paulo");
  await page.locator("input[name=password]").fill("demo1234");
  await page.locator("form.login-form button[value=login]").last().click();
  await page.locator("input[name=login]").first().waitFor();
  await page.getByRole("button", { name: /^(Usar este login|Use this login)$/ }).click();
  await page.locator("#login-erro").waitFor();
};

// The several-logins chooser in its error state (it holds everything the plain state shows).
const ROUTES: RouteCase[] = [{ name: "login-chooser-error", path: () => "/login", act: chooserError }];

auditRoutes(ROUTES);
