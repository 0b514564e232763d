import { expect, test } from "../fixtures/warm";
import { hydrated, PRIVATE_AREA } from "../fixtures/demo";

// The demo person with two logins in two bases (README, api/seed/login-variants.ts; ADR 172).
const PAULO = { login: "paulo", password: "demo1234" };

test("a person with several logins chooses one after signing in, then goes on to where they were going", async ({ page }, info) => {
  const js = info.project.name === "js-on";
  await page.goto(`/login?redirect=${encodeURIComponent(PRIVATE_AREA)}`);
  await hydrated(page, js);
  await page.getByLabel("Usuário", { exact: true }).fill(PAULO.login);
  await page.getByLabel("Senha", { exact: true }).fill(PAULO.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();

  await expect(page).toHaveURL(/\/login\/escolher\?destino=%2Fmeupergamum$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Com qual login você quer trabalhar?");
  const logins = page.getByRole("group", { name: "Seus logins" });
  await expect(logins.getByRole("radio")).toHaveCount(2);
  // The login typed is the one in use until another is chosen.
  await expect(logins).toContainText("paulo, base UFD (em uso agora)");

  // The choice is required.
  await hydrated(page, js);
  await page.getByRole("button", { name: "Usar este login" }).click();
  await expect(page.getByRole("alert")).toContainText("Escolha um login.");
  await expect(page).toHaveTitle(/^Erro: /);

  await page.getByRole("radio", { name: /paulo\.hu, base HU-UFD/ }).check();
  await page.getByRole("button", { name: "Usar este login" }).click();
  const status = page.getByRole("status").filter({ hasText: "Agora você está usando o login paulo.hu, base HU-UFD." });
  await expect(status).toBeVisible();
  if (js) await expect(status).toBeFocused();
  await expect(page.getByRole("group", { name: "Seus logins" })).toContainText("paulo.hu, base HU-UFD (em uso agora)");

  await page.getByRole("link", { name: "Continuar" }).click();
  await expect(page).toHaveURL(new RegExp(`${PRIVATE_AREA}$`));
  await expect(page.getByRole("navigation", { name: "Menu do usuário" })).toContainText("Olá, Paulo");
});

test("the chooser needs a session: signed out, it asks for the login first", async ({ page }) => {
  await page.goto("/login/escolher");
  await expect(page).toHaveURL(/\/login\?redirect=%2Flogin%2Fescolher$/);
});
