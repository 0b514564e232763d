import { expect, test } from "../fixtures/warm";
import type { Page } from "@playwright/test";
import { DEMO } from "../fixtures/demo";
import { PORTS } from "../support/ports";

// The login as a modal dialog (spec §1, §6 activity 107; ADR 174): with JS the header's login opens it; without,
// the header's link goes to the full page and back.
const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });
const userMenu = (page: Page) => page.getByRole("navigation", { name: "Menu do usuário" });

test("without JS the header's login link goes to the full login page and back to the page it was on", async ({ page }, info) => {
  test.skip(info.project.name !== "js-off", "with JS the header's login opens the dialog (below)");
  await page.goto("/?termo=jazz");
  await userMenu(page).getByRole("link", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2F%3Ftermo%3Djazz$/);
  await page.getByLabel("Usuário", { exact: true }).fill(DEMO.patron.login);
  await page.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/\?termo=jazz$/);
  await expect(userMenu(page)).toContainText("Olá, Ana");
});

test.describe("with JS", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "a dialog needs JS; without it the link above goes to the page");

  test("the dialog takes the focus, keeps it inside, and Escape gives it back to the login button", async ({ page }) => {
    await page.goto("/?termo=jazz");
    await hydrated(page);
    const trigger = userMenu(page).getByRole("button", { name: "Entrar" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Entrar" });
    await expect(dialog.getByLabel("Usuário", { exact: true })).toBeVisible();
    const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")));
    await expect.poll(focusInDialog).toBe(true);
    // The "go to" choice is never in the dialog (spec §2).
    await expect(dialog.getByRole("group", { name: "Ir para" })).toHaveCount(0);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInDialog()).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
    await expect(page).toHaveURL(/\/\?termo=jazz$/);
  });

  test("errors show in the dialog with the summary and the username kept; success lands on the page it was opened on", async ({ page }) => {
    await page.goto("/?termo=jazz");
    await hydrated(page);
    await userMenu(page).getByRole("button", { name: "Entrar" }).click();
    const dialog = page.getByRole("dialog", { name: "Entrar" });
    await dialog.getByLabel("Usuário", { exact: true }).fill(DEMO.patron.login);
    await dialog.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(dialog.getByRole("alert")).toContainText("Senha obrigatória!");
    await expect(dialog.getByLabel("Senha", { exact: true })).toHaveAttribute("aria-invalid", "true");

    // A refusal from the API comes back into the dialog too (the same action as the full page).
    await dialog.getByLabel("Senha", { exact: true }).fill("senha-errada");
    await dialog.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(dialog.getByRole("alert")).toContainText("Credenciais incorretas! Tente novamente.");
    await expect(dialog.getByLabel("Usuário", { exact: true })).toHaveValue(DEMO.patron.login);
    await expect(dialog.getByLabel("Senha", { exact: true })).toHaveValue("");
    await expect(page).toHaveURL(/\/\?termo=jazz$/);

    await dialog.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
    await dialog.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(userMenu(page)).toContainText("Olá, Ana");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/\?termo=jazz$/);
  });

  test("the duplicate-persons steps and the captcha continue inside the dialog, then land on the page", async ({ page }) => {
    // The "external" portal's institution: duplicate persons and the captcha (playwright.config.ts; ADRs 170, 173).
    const external = `http://127.0.0.1:${PORTS.external}`;
    await page.goto(`${external}/?termo=jazz`);
    await hydrated(page);
    await userMenu(page).getByRole("button", { name: "Entrar" }).click();
    const dialog = page.getByRole("dialog", { name: "Entrar" });
    await dialog.getByLabel("Usuário", { exact: true }).fill("9900112233");
    await dialog.getByRole("button", { name: "Continuar" }).click();
    const accounts = dialog.getByRole("group", { name: "Escolha a conta" });
    await expect(accounts.getByRole("radio")).toHaveCount(2);
    await expect(dialog.locator("altcha-widget")).toHaveCount(1);
    await accounts.getByRole("radio", { name: "Funcionário" }).check();
    await dialog.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
    await dialog.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(userMenu(page)).toContainText("Olá, Lúcia");
    await expect(page).toHaveURL(`${external}/?termo=jazz`);
  });

  test("without activity 107 the dialog offers the login page instead of the form, and the patron comes back", async ({ page }) => {
    const category = `http://127.0.0.1:${PORTS.category}`;
    await page.goto(`${category}/?termo=jazz`);
    await hydrated(page);
    await userMenu(page).getByRole("button", { name: "Entrar" }).click();
    const dialog = page.getByRole("dialog", { name: "Entrar" });
    await expect(dialog).toContainText("Nesta biblioteca o login é feito na página de login.");
    await expect(dialog.getByLabel("Senha", { exact: true })).toHaveCount(0);
    await dialog.getByRole("link", { name: "Ir para a página de login" }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2F%3Ftermo%3Djazz$/);
    await page.getByLabel("Usuário", { exact: true }).fill(DEMO.patron.login);
    await page.getByLabel("Categoria").selectOption("01");
    await page.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(/\/\?termo=jazz$/);
    await expect(userMenu(page)).toContainText("Olá, Ana");
  });
});
