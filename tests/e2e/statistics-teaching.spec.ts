import { expect, test } from "../fixtures/account";
import { DEMO, hydrated, PRIVATE_AREA } from "../fixtures/demo";

/** Acquisition statistics, collection totals and the professor's teaching plans (issue 11), with JS on and off. */
const ACQUISITIONS = `${PRIVATE_AREA}/estatisticas-aquisicao`;
const TOTALS = `${PRIVATE_AREA}/totais-acervo`;
const PLANS = `${PRIVATE_AREA}/plano-ensino`;

test("acquisition statistics draw each chart as a described image beside its data table", async ({ signedIn: page }) => {
  await page.goto(ACQUISITIONS);
  await expect(page.getByRole("heading", { level: 1, name: "Estatísticas de aquisição" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Estatísticas de aquisição" })).toHaveAttribute("aria-current", "page");
  const byMode = page.getByRole("img", { name: /Aquisições por modalidade/ });
  await expect(byMode).toBeVisible();
  // The description lists every value, and the table beside the chart has the same rows.
  const desc = await page.locator("#aquisicao-modalidade-descricao").textContent();
  expect(desc).toMatch(/Compra: \d+/);
  const table = page.getByRole("table", { name: "Dados do gráfico: Aquisições por modalidade" });
  await expect(table.getByRole("rowheader", { name: "Compra" })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: "Doação" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Sugestões de compra por situação/ })).toBeVisible();
});

test("the statistics filter refuses a start after the end next to the field, keeping the dates, then filters a valid range", async ({
  signedIn: page,
}) => {
  await page.goto(ACQUISITIONS);
  await hydrated(page);
  await page.getByLabel("Data inicial").fill("2026-03-01");
  await page.getByLabel("Data final").fill("2026-01-01");
  await page.getByLabel("Biblioteca").selectOption({ label: "Biblioteca Central" });
  await page.getByRole("button", { name: "Aplicar filtro" }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("A data inicial não pode ser posterior à data final.");
  await expect(page.getByLabel("Data inicial")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Data inicial")).toHaveValue("2026-03-01");
  await expect(page.getByLabel("Data final")).toHaveValue("2026-01-01");
  await expect(page.getByLabel("Biblioteca")).toHaveValue("1");
  await expect(page).toHaveTitle(/^Erro: /);
  await summary.getByRole("link").click();
  await expect(page.getByLabel("Data inicial")).toBeFocused();

  const year = new Date().getUTCFullYear();
  await page.getByLabel("Data inicial").fill(`${year}-01-01`);
  await page.getByLabel("Data final").fill(`${year}-03-31`);
  await page.getByRole("button", { name: "Aplicar filtro" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`dataIni=${year}-01-01&dataFim=${year}-03-31&biblioteca=1`));
  // Three months, one row each, zero months included.
  const months = page.getByRole("table", { name: "Dados do gráfico: Aquisições por mês" }).locator("tbody tr");
  await expect(months).toHaveCount(3);
});

test("collection totals show titles and copies by work type for a library, and refuse a library not in the list", async ({ signedIn: page }) => {
  await page.goto(`${TOTALS}?biblioteca=1`);
  await expect(page.getByRole("heading", { level: 1, name: "Totais do acervo" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Acervo por tipo de obra/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Dados do gráfico: Acervo por tipo de obra" }).locator("tbody tr").first()).toBeVisible();
  const res = await page.goto(`${TOTALS}?biblioteca=999`);
  expect(res?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("Escolha uma biblioteca da lista.");
});

test.describe("as the professor", () => {
  test.use({ patron: DEMO.professor });

  test("the teaching plan in the menu lists their plans with each title's availability and loans", async ({ signedIn: page }) => {
    await page.goto(PRIVATE_AREA);
    await page.getByRole("navigation").getByRole("link", { name: "Plano de ensino", exact: true }).click();
    await expect(page).toHaveURL(PLANS);
    await expect(page.getByRole("heading", { level: 1, name: "Meus planos de ensino" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /planos? de ensino/ })).toBeVisible();
    const plan = page.locator(".teaching-plan").first();
    await expect(plan.getByRole("heading", { level: 3 })).toContainText("DIR");
    await expect(plan.getByText("Empréstimos (total)")).toBeVisible();
    await expect(plan.locator(".teaching-plan__loans").first()).toContainText(/emprestados? agora · \d+ empréstimos? no total/);
  });
});

test("a patron who is not a professor has no teaching plan in the menu, and the page says why", async ({ signedIn: page }) => {
  await page.goto(PRIVATE_AREA);
  await expect(page.getByRole("navigation").getByRole("link", { name: "Plano de ensino", exact: true })).toHaveCount(0);
  const res = await page.goto(PLANS);
  expect(res?.status()).toBe(403);
  await expect(page.getByText("O seu cadastro não é de professor")).toBeVisible();
});
