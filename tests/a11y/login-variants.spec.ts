import type { Page } from "@playwright/test";
import { PORTS } from "../support/ports";
import { auditRoutes, type RouteCase } from "./audit";

// The "external" portal's institution uses the duplicate-persons login and the captcha (playwright.config.ts).
const external = `http://127.0.0.1:${PORTS.external}`;

/** Signs in as the demo person with two logins and sends the chooser without a choice (ADR 172). */
const chooserError = async (page: Page) => {
  await page.locator("input[name=username]").fill("paulo");
  await page.locator("input[name=password]").fill("demo1234");
  await page.locator("form.login-form button[value=login]").last().click();
  await page.locator("input[name=login]").first().waitFor();
  await page.getByRole("button", { name: /^(Usar este login|Use this login)$/ }).click();
  await page.locator("#login-erro").waitFor();
};

/**
 * On the variant institution's portal (same language and display settings as the audit's own page): the shared
 * user code, then the login sent without choosing the account. With JavaScript the captcha widget is there too.
 */
const duplicateChoiceError = async (page: Page) => {
  const here = await page.context().cookies(page.url());
  await page.context().addCookies(here.map((c) => ({ name: c.name, value: c.value, url: external })));
  await page.goto(`${external}/login`);
  await page.locator("input[name=username]").fill("9900112233");
  await page.locator("form.login-form button[value=continue]").last().click();
  await page.locator("input[name=pessoa]").first().waitFor();
  await page.locator("input[name=password]").fill("demo1234");
  await page.locator("form.login-form button[value=login]").last().click();
  await page.locator("#conta-erro").waitFor();
  // With JavaScript, the captcha widget is audited too: wait until it has loaded (without, it never comes).
  const js = await page
    .locator("html[data-hydrated]")
    .waitFor({ state: "attached", timeout: 5000 })
    .then(
      () => true,
      () => false,
    );
  if (js) await page.locator("altcha-widget .altcha").waitFor();
};

// The several-logins chooser and the duplicate-persons account choice, each in its error state (which holds
// everything the plain state shows).
const ROUTES: RouteCase[] = [
  { name: "login-chooser-error", path: () => "/login", act: chooserError },
  { name: "login-duplicate-account-error", path: () => "/login", act: duplicateChoiceError },
];

auditRoutes(ROUTES);
