import { expect, test } from "../fixtures/warm";
import { DEMO, PRIVATE_AREA, hydrated } from "../fixtures/demo";
import { PORTS } from "../support/ports";

// The category-code login (spec §5, ADR 173): the "category" portal's institution asks for the patron's category,
// and the API signs in `user#category` only for a user of that category (the demo patron is "01", Aluno de graduação).
const category = `http://127.0.0.1:${PORTS.category}`;

test("the category is required, named by the library, kept on error, and must be the patron's own", async ({ page }, info) => {
  await page.goto(`${category}/login`);
  await hydrated(page, info.project.name === "js-on");
  const picker = page.getByLabel("Categoria");
  // The spec's codes that the library has, in the spec's order, each named by the library.
  const options = await picker.locator("option").evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
  expect(options.slice(0, 3)).toEqual([
    ["", "Escolha a sua categoria"],
    ["01", "Aluno de graduação"],
    ["19", "Aluno de graduação digital"],
  ]);
  expect(options.map(([v]) => v)).toEqual(["", "01", "19", "03", "06", "07", "21", "09", "05", "12", "08"]);

  await page.getByLabel("Usuário", { exact: true }).fill(DEMO.patron.login);
  await page.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Escolha a sua categoria.");
  await expect(picker).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveTitle(/^Erro: /);
  await expect(page.getByLabel("Usuário", { exact: true })).toHaveValue(DEMO.patron.login);

  // Another person's category: refused like any wrong credentials, with the choice and the username kept.
  await picker.selectOption("07");
  await page.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Credenciais incorretas! Tente novamente.");
  await expect(picker).toHaveValue("07");
  await expect(page.getByLabel("Usuário", { exact: true })).toHaveValue(DEMO.patron.login);

  await picker.selectOption("01");
  await page.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Menu do usuário" })).toContainText("Olá, Ana");
});

test("the main portal's plain login has no category", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByLabel("Categoria")).toHaveCount(0);
});

test("a patron whose category has no private area (activity 8 off for the site too) is told so at its address, not shown the area", async ({
  page,
}, info) => {
  await page.goto(`${category}/login`);
  await hydrated(page, info.project.name === "js-on");
  await page.getByLabel("Categoria").selectOption("05");
  await page.getByLabel("Usuário", { exact: true }).fill("comunidade");
  await page.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  const userMenu = page.getByRole("navigation", { name: "Menu do usuário" });
  await expect(userMenu).toContainText("Olá, Beatriz");
  await expect(userMenu.getByRole("link", { name: /^Meu / })).toHaveCount(0);
  const res = await page.goto(`${category}${PRIVATE_AREA}/emprestimos`);
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Meu \S+ não está disponível$/);
  await expect(page.getByRole("main")).toContainText("A sua categoria de usuário não tem acesso");
  await expect(page.getByRole("navigation", { name: "Menu da conta" })).toHaveCount(0);
});
