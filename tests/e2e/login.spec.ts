import { expect, test } from "../fixtures/warm";
import { DEMO, PRIVATE_AREA, hydrated, login } from "../fixtures/demo";

const enter = (page: import("@playwright/test").Page) => page.getByRole("button", { name: "Entrar", exact: true });

test.describe("signing in", () => {
  test("a visitor who opens the private area is sent to the login page and comes back after signing in", async ({ page }) => {
    await page.goto(PRIVATE_AREA);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmeupergamum$/);
    await page.getByLabel("Usuário", { exact: true }).fill(DEMO.patron.login);
    await page.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
    await enter(page).click();
    await expect(page).toHaveURL(new RegExp(`${PRIVATE_AREA}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meu Pergamum");
    // The greeting uses the first name only.
    await expect(page.getByRole("navigation", { name: "Menu do usuário" })).toContainText(`Olá, ${DEMO.patron.firstName}`);
    await expect(page.getByRole("navigation", { name: "Menu do usuário" })).not.toContainText("Souza");
  });

  test("the private area summarises the patron's loans, holds and debits from the API", async ({ page }) => {
    await login(page, DEMO.patron, PRIVATE_AREA);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: /^Empréstimos \(3\)$/ })).toBeVisible();
    await expect(main.getByRole("heading", { name: /^Reservas \(1\)$/ })).toBeVisible();
    await expect(main.getByRole("heading", { name: /^Débitos \(1\)$/ })).toBeVisible();
    await expect(main.getByText("Em atraso").first()).toBeVisible();
    await expect(main.getByText(/R\$\s?\d/).first()).toBeVisible();
  });

  test("pressing Enter in the password field signs in", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Usuário", { exact: true }).fill(DEMO.patron.login);
    await page.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
    await page.getByLabel("Senha", { exact: true }).press("Enter");
    await expect(page.getByRole("navigation", { name: "Menu do usuário" })).toContainText("Olá, Ana");
  });

  test("empty fields get their required messages next to them, and the username is kept", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await enter(page).click();
    // Both empty: the one spec §5 message in the summary, each field marked with its own.
    await expect(page.getByRole("alert")).toContainText("Preencha todos os campos para entrar!");
    await expect(page.getByRole("main")).toContainText("O usuário é obrigatório!");
    await expect(page.getByRole("main")).toContainText("Senha obrigatória!");
    await expect(page.getByLabel("Usuário", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveTitle(/^Erro: /);

    await page.getByLabel("Usuário", { exact: true }).fill("demo");
    await enter(page).click();
    await expect(page.getByRole("alert")).toContainText("Senha obrigatória!");
    await expect(page.getByRole("alert")).not.toContainText("O usuário é obrigatório!");
    await expect(page.getByLabel("Usuário", { exact: true })).toHaveValue("demo");
  });

  test("wrong credentials give the spec's message and never echo the password", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Usuário", { exact: true }).fill("ninguem-aqui");
    await page.getByLabel("Senha", { exact: true }).fill("senha-errada");
    await enter(page).click();
    await expect(page.getByRole("alert")).toContainText("Credenciais incorretas! Tente novamente.");
    await expect(page.getByLabel("Usuário", { exact: true })).toHaveValue("ninguem-aqui");
    await expect(page.getByLabel("Senha", { exact: true })).toHaveValue("");
  });

  test("a patron blocked by the library is told the library's reason, not the too-many-attempts message", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Usuário", { exact: true }).fill(DEMO.blocked.login);
    await page.getByLabel("Senha", { exact: true }).fill(DEMO.blocked.password);
    await enter(page).click();
    await expect(page.getByRole("alert")).toContainText("A biblioteca bloqueou o seu acesso: Material em atraso há mais de 60 dias");
    await expect(page.getByRole("alert")).not.toContainText("excesso de tentativas");
    await expect(page.getByRole("navigation", { name: "Menu do usuário" })).not.toContainText("Olá");
  });

  test("the show-password toggle reveals the password and keeps what was typed", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Usuário", { exact: true }).fill("demo");
    const password = page.getByLabel("Senha", { exact: true });
    await password.fill("segredo");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Mostrar senha" }).click();
    await expect(page.getByLabel("Senha", { exact: true })).toHaveAttribute("type", "text");
    await expect(page.getByLabel("Senha", { exact: true })).toHaveValue("segredo");
    await expect(page.getByLabel("Usuário", { exact: true })).toHaveValue("demo");
  });

  test("Back returns to the page that asked for the login", async ({ page }) => {
    await page.goto("/login?redirect=%2F%3Ftermo%3Djazz");
    await hydrated(page);
    await page.getByRole("link", { name: "Voltar" }).click();
    await expect(page).toHaveURL(/\/\?termo=jazz$/);
  });

  test("the login link in the top bar redirects back to the current page", async ({ page }, info) => {
    test.skip(info.project.name !== "js-off", "with JS the link opens the login dialog (login-dialog.spec.ts)");
    await page.goto("/?termo=jazz");
    await page.getByRole("navigation", { name: "Menu do usuário" }).getByRole("link", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2F%3Ftermo%3Djazz$/);
    await page.getByLabel("Usuário", { exact: true }).fill(DEMO.patron.login);
    await page.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
    await enter(page).click();
    await expect(page).toHaveURL(/\/\?termo=jazz$/);
    await expect(page.getByRole("navigation", { name: "Menu do usuário" })).toContainText("Olá, Ana");
  });

  test("'keep me logged in' makes the session cookie persistent; without it, it ends with the browser", async ({ page, context }) => {
    await login(page, DEMO.patron);
    const sessionCookie = (await context.cookies()).find((c) => c.name.includes("sessao"));
    expect(sessionCookie, "a session cookie").toBeTruthy();
    expect(sessionCookie!.expires).toBe(-1);

    await context.clearCookies();
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Usuário", { exact: true }).fill(DEMO.patron.login);
    await page.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
    await page.getByLabel("Manter-me conectado").check();
    await enter(page).click();
    await expect(page.getByRole("navigation", { name: "Menu do usuário" })).toContainText("Olá, Ana");
    const persistent = (await context.cookies()).find((c) => c.name === sessionCookie!.name)!;
    expect(persistent.expires).toBeGreaterThan(Date.now() / 1000 + 24 * 3600);
  });
});

test.describe("signing out", () => {
  test("the logout button signs the patron out", async ({ page }) => {
    await login(page, DEMO.patron, PRIVATE_AREA);
    await page.getByRole("navigation", { name: "Menu do usuário" }).getByRole("button", { name: "Sair" }).click();
    await expect(page.getByRole("navigation", { name: "Menu do usuário" })).toContainText("Entrar");
    await page.goto(PRIVATE_AREA);
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test("opening /sair asks for confirmation, then signs out", async ({ page }) => {
    await login(page, DEMO.patron);
    await page.goto("/sair");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sair");
    await page.getByRole("main").getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("navigation", { name: "Menu do usuário" })).toContainText("Entrar");
  });
});
