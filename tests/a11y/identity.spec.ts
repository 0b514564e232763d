import { test, type Cookie, type Page } from "@playwright/test";
import { DEMO } from "../fixtures/demo";
import { outboxCount, waitForRecoveryCode } from "../support/outbox";
import { auditRoutes, type RouteCase } from "./audit";

// One recovery code serves every case of this file (a new code would end the previous one): run in order.
test.describe.configure({ mode: "serial" });

const BLOCKED_EMAIL = "carlos.lima@example.org";
const submit = (page: Page) => page.locator("form.login-form button[type=submit]").last().click();

/** Step 1 with an unknown user code (the same next step as a known one), then a wrong code on step 2. */
const wrongCode = async (page: Page) => {
  await page.locator("#usuario").fill("ninguem-cadastrado-aqui");
  await submit(page);
  await page.waitForURL(/\/recuperar-senha\/codigo$/);
  await page.locator("#codigo").fill("12345");
  await page.locator("button[value=check]").click();
  await page.locator("#codigo-erro").waitFor();
};

let flowCookie: Cookie | undefined;
/** Reaches step 3 (once per worker, with the blocked demo patron, whose password never changes here), then breaks the rules. */
const refusedPassword = async (page: Page) => {
  if (flowCookie) {
    await page.context().addCookies([flowCookie]);
  } else {
    const before = outboxCount(BLOCKED_EMAIL);
    await page.locator("#usuario").fill(DEMO.blocked.login);
    await submit(page);
    await page.waitForURL(/\/recuperar-senha\/codigo$/);
    await page.locator("#codigo").fill(await waitForRecoveryCode(BLOCKED_EMAIL, before));
    // With JS the full code submits itself; otherwise (or before hydration) the button does.
    if (
      !(await page.waitForURL(/nova-senha$/, { timeout: 2000 }).then(
        () => true,
        () => false,
      ))
    )
      await page.locator("button[value=check]").click();
    await page.waitForURL(/nova-senha$/);
    flowCookie = (await page.context().cookies()).find((c) => c.name === "estante_recuperacao");
  }
  await page.goto("/recuperar-senha/nova-senha");
  await page.locator("#senha").fill("abc");
  await page.locator("#confirmacao").fill("abc");
  await submit(page);
  await page.locator(".password-rules__broken").first().waitFor();
};

/** A login refused because the library blocked the patron (the library's reason is shown). */
const blockedLogin = async (page: Page) => {
  await page.locator("input[name=username]").fill(DEMO.blocked.login);
  await page.locator("input[name=password]").fill(DEMO.blocked.password);
  await page.locator("form.login-form button[value=login]").last().click();
  await page.getByRole("alert").waitFor();
};

// Password recovery (ADR 130): each step in its error state (which also holds everything the plain step shows).
const ROUTES: RouteCase[] = [
  { name: "recovery-start-error", path: () => "/recuperar-senha", act: submit },
  { name: "recovery-code-error", path: () => "/recuperar-senha", act: wrongCode },
  { name: "recovery-password-error", path: () => "/recuperar-senha", act: refusedPassword },
  { name: "login-blocked-by-library", path: () => "/login", act: blockedLogin },
];

auditRoutes(ROUTES);
