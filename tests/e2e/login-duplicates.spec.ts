import { expect, test } from "../fixtures/warm";
import { hydrated } from "../fixtures/demo";
import { PORTS } from "../support/ports";

// The "external" portal's institution uses the duplicate-persons login (playwright.config.ts; ADR 173).
// Lúcia is registered twice (student and employee) under one document number (README).
const external = `http://127.0.0.1:${PORTS.external}`;
const SHARED_DOCUMENT = "9900112233";

test("the user code comes first; when two accounts share it, the patron chooses one, then gives the password", async ({ page }, info) => {
  const js = info.project.name === "js-on";
  await page.goto(`${external}/login`);
  await hydrated(page, js);
  await expect(page.getByLabel("Senha", { exact: true })).toHaveCount(0);

  // The user code is required.
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("alert")).toContainText("O usuário é obrigatório!");
  await expect(page).toHaveTitle(/^Erro: /);

  await page.getByLabel("Usuário", { exact: true }).fill(SHARED_DOCUMENT);
  await page.getByRole("button", { name: "Continuar" }).click();
  const accounts = page.getByRole("group", { name: "Escolha a conta" });
  await expect(accounts.getByRole("radio")).toHaveCount(2);
  await expect(accounts).toContainText("Aluno de graduação");
  await expect(accounts).toContainText("Funcionário");
  // The accounts are told apart by their category, never by a name.
  await expect(accounts).not.toContainText("Lúcia");
  await expect(page.getByRole("main")).toContainText(`Usuário: ${SHARED_DOCUMENT}`);

  // The choice is required.
  await hydrated(page, js);
  await page.getByLabel("Senha", { exact: true }).fill("demo1234");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Escolha a conta");
  await expect(page).toHaveTitle(/^Erro: /);

  // A wrong password keeps the step and the accounts.
  await page.getByRole("radio", { name: "Funcionário" }).check();
  await page.getByLabel("Senha", { exact: true }).fill("errada");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Credenciais incorretas! Tente novamente.");
  await expect(page.getByRole("group", { name: "Escolha a conta" }).getByRole("radio")).toHaveCount(2);

  await page.getByRole("radio", { name: "Funcionário" }).check();
  await page.getByLabel("Senha", { exact: true }).fill("demo1234");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Menu do usuário" })).toContainText("Olá, Lúcia");
});

test("a user code of one person goes straight to the password, with no choice to make", async ({ page }, info) => {
  const js = info.project.name === "js-on";
  await page.goto(`${external}/login`);
  await hydrated(page, js);
  await page.getByLabel("Usuário", { exact: true }).fill("lucia.aluna");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByLabel("Senha", { exact: true })).toBeVisible();
  await expect(page.getByRole("group", { name: "Escolha a conta" })).toHaveCount(0);
  // The user code can still be changed.
  await page.getByRole("link", { name: "Trocar o usuário" }).click();
  await expect(page.getByLabel("Usuário", { exact: true })).toBeVisible();
});
