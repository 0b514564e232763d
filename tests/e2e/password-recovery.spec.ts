import { expect, test } from "../fixtures/warm";
import type { Page } from "@playwright/test";
import { outboxCount, waitForRecoveryCode } from "../support/outbox";
import { hydrated } from "../fixtures/demo";

// Each project changes the password of its own demo patron (README), so the JS-on and JS-off runs never share
// codes; the tests of a project run in order because a new code ends the previous one.
test.describe.configure({ mode: "serial" });

const PATRONS = {
  "js-on": { login: "comunidade", email: "beatriz.campos@example.org", name: "Beatriz Nogueira Campos" },
  "js-off": { login: "comunidade2", email: "tiago.lopes@example.org", name: "Tiago Ferreira Lopes" },
} as const;
const patronOf = (projectName: string) => PATRONS[projectName as keyof typeof PATRONS] ?? PATRONS["js-on"];

/** Step 2 with a code: with JS it is checked as soon as the last digit is typed; without JS by the button. */
async function enterCode(page: Page, js: boolean, code: string) {
  await hydrated(page, js);
  await page.getByLabel("Código de verificação").fill(code);
  if (!js) await page.getByRole("button", { name: "Verificar código" }).click();
}

async function requestCode(page: Page, js: boolean, userCode: string) {
  await page.goto("/recuperar-senha");
  await hydrated(page, js);
  await page.getByLabel("Código de usuário").fill(userCode);
  await page.getByRole("button", { name: "Enviar código" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Digite o código de verificação");
}

test("an unknown user code gets the same next step as a known one, and no e-mail goes anywhere", async ({ page }, info) => {
  const js = info.project.name === "js-on";
  await page.goto("/recuperar-senha");
  await hydrated(page, js);
  await page.getByRole("button", { name: "Enviar código" }).click();
  await expect(page.getByRole("alert")).toContainText("Digite o código de usuário");
  await expect(page).toHaveTitle(/^Erro: /);

  await requestCode(page, js, "ninguem-cadastrado-aqui");
  await expect(page.getByRole("main")).toContainText(
    "Se o código de usuário ninguem-cadastrado-aqui estiver cadastrado, enviamos um código de 6 dígitos",
  );
  await expect(page.getByRole("main")).toContainText("O código vale por 10 minutos");
});

test("a wrong code is refused with an offer to send a new one, and the new code works", async ({ page }, info) => {
  const js = info.project.name === "js-on";
  const patron = patronOf(info.project.name);
  const before = outboxCount(patron.email);
  await requestCode(page, js, patron.login);
  const first = await waitForRecoveryCode(patron.email, before);

  await enterCode(page, js, first === "000000" ? "111111" : "000000");
  await expect(page.getByRole("alert")).toContainText("Código errado ou expirado. Confira os dígitos e digite-o de novo");
  await expect(page).toHaveTitle(/^Erro: /);
  // With JS the check ran by itself: the result is announced and focus stays in the field.
  if (js) await expect(page.getByLabel("Código de verificação")).toBeFocused();

  await page.getByRole("button", { name: "Enviar um novo código" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Enviamos um novo código" })).toBeVisible();
  const second = await waitForRecoveryCode(patron.email, before + 1);
  await enterCode(page, js, second);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crie a nova senha");
});

test("after too many attempts the login points to the recovery, which sets a new password that then logs in", async ({ page }, info) => {
  const js = info.project.name === "js-on";
  const patron = patronOf(info.project.name);
  const newPassword = `Nova#Senha${js ? 41 : 42}`;
  // Twelve form posts in one flow (five of them failed logins): more than the default budget on a busy machine.
  test.setTimeout(90_000);

  // Five wrong passwords lock the login (spec §8 429): the message links to "Esqueci minha senha".
  await page.goto("/login");
  for (let i = 0; i < 5; i++) {
    await hydrated(page, js);
    await page.getByLabel("Usuário", { exact: true }).fill(patron.login);
    await page.getByLabel("Senha", { exact: true }).fill(`errada-${i}`);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByRole("alert")).toBeVisible();
  }
  await expect(page.getByRole("alert")).toContainText("Muitas tentativas consecutivas");
  const before = outboxCount(patron.email);
  await page.getByRole("main").getByRole("link", { name: "Esqueci minha senha" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/recuperar-senha\\?usuario=${patron.login}$`));
  await expect(page.getByLabel("Código de usuário")).toHaveValue(patron.login);
  await hydrated(page, js);
  await page.getByRole("button", { name: "Enviar código" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Digite o código de verificação");
  await enterCode(page, js, await waitForRecoveryCode(patron.email, before));

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crie a nova senha");
  await expect(page.getByRole("main")).toContainText(`Olá, ${patron.name}.`);
  const rules = page.getByRole("list").filter({ hasText: "caracteres" });
  await expect(rules).toContainText("ter de 8 a 32 caracteres");
  await expect(rules).toContainText("não conter nenhuma parte do seu nome");

  // The confirmation must match.
  await hydrated(page, js);
  await page.getByLabel("Nova senha", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirme a nova senha").fill(`${newPassword}x`);
  await page.getByRole("button", { name: "Salvar a nova senha" }).click();
  await expect(page.getByRole("alert")).toContainText("As senhas não coincidem!");
  await expect(page).toHaveTitle(/^Erro: /);
  // Without JS the server answered: a refused password is never sent back (with JS the browser kept it in place).
  if (!js) await expect(page.getByLabel("Nova senha", { exact: true })).toHaveValue("");

  // The institution's rules, checked by the server, with the broken ones marked.
  const weak = `${patron.name.split(" ")[0].toLowerCase()}2024`;
  await page.getByLabel("Nova senha", { exact: true }).fill(weak);
  await page.getByLabel("Confirme a nova senha").fill(weak);
  await page.getByRole("button", { name: "Salvar a nova senha" }).click();
  await expect(page.getByRole("alert")).toContainText("A senha não atende a todos os critérios!");
  await expect(rules.getByRole("listitem").filter({ hasText: "não conter nenhuma parte do seu nome" })).toContainText("(não atendido)");
  await expect(rules.getByRole("listitem").filter({ hasText: "ter de 8 a 32 caracteres" })).not.toContainText("(não atendido)");

  // Spaces around the new password are trimmed.
  await page.getByLabel("Nova senha", { exact: true }).fill(` ${newPassword} `);
  await page.getByLabel("Confirme a nova senha").fill(` ${newPassword} `);
  await page.getByRole("button", { name: "Salvar a nova senha" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status").filter({ hasText: "Senha alterada. Entre com a nova senha." })).toBeVisible();

  // The lock is gone and the new password works.
  await hydrated(page, js);
  await page.getByLabel("Usuário", { exact: true }).fill(patron.login);
  await page.getByLabel("Senha", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Menu do usuário" })).toContainText(`Olá, ${patron.name.split(" ")[0]}`);

  // The flow is over: its pages send the visitor back to the start.
  await page.goto("/recuperar-senha/nova-senha");
  await expect(page).toHaveURL(/\/recuperar-senha$/);
});
