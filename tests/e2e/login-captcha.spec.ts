import { expect, test } from "../fixtures/warm";
import type { Page } from "@playwright/test";
import { DEMO, PRIVATE_AREA } from "../fixtures/demo";
import { PORTS } from "../support/ports";

// The "external" portal's institution asks for the captcha (activity 1120, playwright.config.ts; ADR 170).
const external = `http://127.0.0.1:${PORTS.external}`;

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });
const enter = (page: Page) => page.getByRole("button", { name: "Entrar", exact: true });
/** That institution asks for the user code first (the duplicate-persons login, ADR 173). */
async function userCode(page: Page, code: string) {
  await page.getByLabel("Usuário", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Continuar" }).click();
}

test.describe("the captcha (activity 1120)", () => {
  test("with JavaScript the browser solves it by itself and the login goes through; without, the login works without it", async ({ page }, info) => {
    const js = info.project.name === "js-on";
    await page.goto(`${external}/login?redirect=${encodeURIComponent(PRIVATE_AREA)}`);
    if (js) await hydrated(page);
    await userCode(page, DEMO.patron.login);
    if (js) {
      await hydrated(page);
      await expect(page.getByRole("group", { name: "Verificação anti-robô" })).toBeVisible();
      await expect(page.getByRole("checkbox", { name: "Eu não sou um robô" })).toBeVisible();
    } else {
      // Nothing a browser without JavaScript could not use.
      await expect(page.getByRole("group", { name: "Verificação anti-robô" })).toHaveCount(0);
    }
    await page.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
    // Sent at once: with JavaScript the form waits for the proof of work, then goes.
    await enter(page).click();
    await expect(page).toHaveURL(`${external}${PRIVATE_AREA}`);
    await expect(page.getByRole("navigation", { name: "Menu do usuário" })).toContainText("Olá, Ana");
  });

  test("a form sent without the widget's answer, or with a forged one, gets the spec's captcha messages", async ({ page }, info) => {
    test.skip(info.project.name !== "js-on", "the widget exists only with JavaScript");
    await page.goto(`${external}/login`);
    await hydrated(page);
    await userCode(page, DEMO.patron.login);
    await page.locator("altcha-widget").waitFor();
    await page.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
    // As if the form left before the proof of work was done: the widget (and its answer) is not there.
    await page.locator("altcha-widget").evaluate((el) => el.remove());
    await enter(page).click();
    await expect(page.getByRole("alert")).toContainText("Faça a verificação do Captcha!");
    await expect(page).toHaveTitle(/^Erro: /);
    // The user code given in the first step is kept.
    await expect(page.getByRole("main")).toContainText(`Usuário: ${DEMO.patron.login}`);

    // A new widget came with the refused form; a forged answer is refused by the API.
    await page.locator("altcha-widget").waitFor();
    await page.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
    await page.locator("altcha-widget").evaluate((el) => {
      const forged = document.createElement("input");
      forged.type = "hidden";
      forged.name = "captcha";
      forged.value = btoa(
        JSON.stringify({ challenge: { parameters: { algorithm: "PBKDF2/SHA-256" }, signature: "00" }, solution: { counter: 1, derivedKey: "00" } }),
      );
      el.replaceWith(forged);
    });
    await enter(page).click();
    await expect(page.getByRole("alert")).toContainText("A verificação do Captcha é inválida. Faça-a de novo.");
    await expect(page.getByRole("navigation", { name: "Menu do usuário" })).not.toContainText("Olá");
  });

  test("password recovery step 1 asks for it too, and goes on to step 2", async ({ page }, info) => {
    const js = info.project.name === "js-on";
    await page.goto(`${external}/recuperar-senha`);
    if (js) {
      await hydrated(page);
      await expect(page.getByRole("checkbox", { name: "Eu não sou um robô" })).toBeVisible();
    }
    await page.getByLabel("Código de usuário").fill("ninguem-cadastrado-aqui");
    await page.getByRole("button", { name: "Enviar código" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Digite o código de verificação");
  });
});
