import { expect, test } from "../fixtures/warm";
import type { Page } from "@playwright/test";
import { login, PRIVATE_AREA } from "../fixtures/demo";

/**
 * Personal data, password change, "my data" and the loan-history choice (issue 11). Each project has its own
 * patron (perfil1 with JS, perfil2 without), and the file runs in order: the password change comes last.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

const PROFILE = `${PRIVATE_AREA}/dados-pessoais`;
const isJs = () => test.info().project.name === "js-on";
const patron = () => ({ login: isJs() ? "perfil1" : "perfil2", password: "demo1234" });

async function open(page: Page, path = PROFILE) {
  await login(page, patron(), path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

test("the personal data page shows the library's fields read-only and saves a change, normalising the CEP", async ({ page }) => {
  await open(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dados pessoais" })).toBeVisible();
  // Identity fields belong to the library: shown, not editable.
  await expect(page.getByText("7654321 SSP/DF")).toBeVisible();
  await expect(page.getByRole("textbox", { name: /Identidade/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Dados pessoais" })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("CEP").fill("70910900");
  await page.getByLabel("Estado civil").selectOption("casado");
  await page.getByRole("button", { name: "Salvar dados pessoais" }).click();
  await expect(page.locator(".action-status")).toContainText("Dados pessoais salvos.");
  // The result has the focus and the title says it, with JS and without (WCAG 2.4.2, 2.4.3, 4.1.3).
  await expect(page.locator("#resultado")).toBeFocused();
  await expect(page).toHaveTitle(/^Dados pessoais salvos\. – Dados pessoais/);
  await expect(page.getByLabel("CEP")).toHaveValue("70910-900");
  await expect(page.getByLabel("Estado civil")).toHaveValue("casado");
});

test("a CPF with wrong check digits and a malformed CEP are refused next to the fields, keeping what was typed", async ({ page }) => {
  await open(page);
  await page.getByLabel("CPF").fill("111.444.777-36");
  await page.getByLabel("CEP").fill("7091-90");
  await page.getByLabel("Bairro").fill("Lago Norte");
  await page.getByRole("button", { name: "Salvar dados pessoais" }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("CPF inválido: confira os dígitos.");
  await expect(summary).toContainText("CEP inválido: use o formato 00000-000.");
  await expect(page.getByLabel("CPF")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("CPF")).toHaveValue("111.444.777-36");
  await expect(page.getByLabel("Bairro")).toHaveValue("Lago Norte");
  if (!isJs()) await expect(page).toHaveTitle(/^Erro: /);
  // The summary's link moves to the field.
  await summary.getByRole("link", { name: /CPF inválido/ }).click();
  await expect(page.getByLabel("CPF")).toBeFocused();
});

test("deleting the loan history goes with not keeping it, then deletes it", async ({ page }) => {
  await open(page);
  await expect(page.getByText("A biblioteca guarda o seu histórico para sempre: 3 empréstimos devolvidos.")).toBeVisible();
  // Deleting while keeping it is refused beside the box, and the choices are kept.
  await page.getByLabel("Guardar pelo prazo da biblioteca (365 dias)").check();
  await page.getByLabel("Apagar também o histórico atual (3 empréstimos devolvidos)").check();
  await page.getByRole("button", { name: "Salvar escolha" }).click();
  await expect(page.getByRole("alert")).toContainText("Para apagar o histórico atual, escolha “Não guardar”.");
  await expect(page.getByLabel("Guardar pelo prazo da biblioteca (365 dias)")).toBeChecked();
  await expect(page.getByLabel(/^Apagar também o histórico atual/)).toBeChecked();
  await page.getByLabel("Não guardar").check();
  await page.getByRole("button", { name: "Salvar escolha" }).click();
  await expect(page.locator(".action-status")).toContainText("Histórico de empréstimos apagado.");
  await expect(page.getByText("A biblioteca não guarda o seu histórico de empréstimos.")).toBeVisible();
  await expect(page.getByLabel("Não guardar")).toBeChecked();
});

test("my data downloads as JSON and as CSV", async ({ page }) => {
  await open(page);
  const json = await page.request.get(`${PROFILE}/meus-dados?formato=json`);
  expect(json.status()).toBe(200);
  expect(json.headers()["content-disposition"]).toMatch(/^attachment; filename="meus-dados-.*\.json"$/);
  expect((await json.json()).dados_pessoais.email).toMatch(/@example\.org$/);
  const csv = await page.request.get(`${PROFILE}/meus-dados?formato=csv`);
  expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
  expect(await csv.text()).toContain("secao,item,campo,valor");
  await expect(page.getByRole("link", { name: "Baixar meus dados em CSV (planilha)" })).toHaveAttribute("href", `${PROFILE}/meus-dados?formato=csv`);
});

test("the password change lists the rules, refuses a weak password and a mismatch with the spec's messages, then changes it", async ({ page }) => {
  await open(page, `${PROFILE}/senha`);
  const rules = page.locator("#senha-regras li");
  await expect(rules.first()).toContainText("ter de 8 a 32 caracteres");
  await expect(page.locator("#senha-regras")).toContainText("diferente das suas últimas 3 senhas");
  await page.getByLabel("Senha atual", { exact: true }).fill("demo1234");
  await page.getByLabel("Nova senha", { exact: true }).fill("marcos");
  if (isJs()) {
    // Checked as the patron types: the length rule is not met yet, mixed case neither.
    await expect(page.locator('[data-rule="length"]')).toHaveAttribute("data-met", "false");
    await page.getByLabel("Nova senha", { exact: true }).fill("Leitura#2026");
    await expect(page.locator('[data-rule="length"]')).toHaveAttribute("data-met", "true");
    await page.getByLabel("Nova senha", { exact: true }).fill("marcos");
  }
  await page.getByLabel("Confirme a nova senha").fill("outra");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("A senha não atende a todos os critérios!");
  await expect(summary).toContainText("As senhas não conferem!");
  // The rule list beside the field says which rules failed, in words (without JS too: the server marks them).
  await expect(page.locator('[data-rule="length"]')).toHaveAttribute("data-met", "false");
  await expect(page.locator('[data-rule="length"]')).toContainText("(não atendido)");
  await expect(page.locator('[data-rule="diff_case"]')).toContainText("(não atendido)");
  // Passwords are never sent back by the server (with JS the page is not reloaded, so the field keeps what was typed).
  if (!isJs()) await expect(page.getByLabel("Nova senha", { exact: true })).toHaveValue("");

  await page.getByLabel("Senha atual", { exact: true }).fill("demo1234");
  await page.getByLabel("Nova senha", { exact: true }).fill("  Leitura#2026 ");
  await page.getByLabel("Confirme a nova senha").fill("Leitura#2026");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page).toHaveURL(new RegExp(`${PROFILE}\\?aviso=senha$`));
  await expect(page.locator(".action-status")).toContainText("Senha alterada.");

  // The same password again: only the API knows the history, and its refusal marks that rule beside the field.
  await page.goto(`${PROFILE}/senha`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByLabel("Senha atual", { exact: true }).fill("Leitura#2026");
  await page.getByLabel("Nova senha", { exact: true }).fill("Leitura#2026");
  await page.getByLabel("Confirme a nova senha").fill("Leitura#2026");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByRole("alert")).toContainText("A senha não atende a todos os critérios!");
  await expect(page.locator('[data-rule="last_pw"]')).toHaveAttribute("data-met", "false");
  await expect(page.locator('[data-rule="last_pw"]')).toContainText("(não atendido)");
  await expect(page.locator('[data-rule="length"]')).not.toContainText("(não atendido)");
});
