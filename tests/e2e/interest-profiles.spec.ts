import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "../fixtures/account";
import { hydrated, PRIVATE_AREA } from "../fixtures/demo";

/**
 * The interest profile and the areas of interest (issue 11, ADR 191). Each project has its own patron (interesse1
 * with JS, interesse2 without), who starts with no profile; the file runs in order on that patron's profile.
 */
test.describe.configure({ mode: "serial", timeout: 60_000 });
test.use({
  // eslint-disable-next-line no-empty-pattern
  patron: async ({}, use, info: TestInfo) => use({ login: info.project.name === "js-off" ? "interesse2" : "interesse1", password: "demo1234" }),
});

const PROFILE = `${PRIVATE_AREA}/perfil-interesse`;
const PERIODICALS = `${PROFILE}/periodicos`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function searchAreas(page: Page) {
  await page.goto(PROFILE);
  await page.getByLabel("Tipo", { exact: true }).selectOption("area");
  await page.getByRole("button", { name: "Procurar", exact: true }).click();
  await expect(page.getByRole("group", { name: /Área: marque o que deseja incluir/ })).toBeVisible();
}

test("a patron includes an area of the catalogue with an expiry date, sees it listed, and removes it", async ({ signedIn: page }) => {
  await searchAreas(page);
  const group = page.getByRole("group", { name: /Área: marque/ });
  const first = group.getByRole("checkbox").first();
  const name = ((await group.locator("label").first().textContent()) ?? "").replace(/ \(\d+ títulos?\)$/, "");
  await first.check();
  await page.locator("#incluir-validade").fill(inDays(100));
  await page.getByRole("button", { name: "Incluir no perfil" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Itens incluídos no seu perfil de interesse." })).toBeVisible();
  const table = page.getByRole("table", { name: "Itens do seu perfil de interesse" });
  await expect(table.getByRole("rowheader", { name })).toBeVisible();
  await expect(page.getByText(/Seu perfil vale até/)).toBeVisible();
  // The areas-of-interest page lists the area as the patron's.
  await page.goto(`${PRIVATE_AREA}/areas-interesse`);
  await expect(page.getByRole("heading", { level: 1, name: "Áreas de interesse" })).toBeVisible();
  await expect(page.getByRole("list").filter({ hasText: name }).first()).toBeVisible();
  await expect(page.getByText(/^\d+ títulos?\.$/)).toBeVisible();
  await page.goto(PROFILE);
  await page.getByRole("button", { name: `Remover ${name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Item removido do seu perfil de interesse." })).toBeVisible();
  await expect(page.getByRole("button", { name: `Remover ${name}` })).toHaveCount(0);
});

test("including nothing is refused next to the choices, keeping the expiry date typed", async ({ signedIn: page, javaScriptEnabled }) => {
  await searchAreas(page);
  await page.locator("#incluir-validade").fill(inDays(45));
  await page.getByRole("button", { name: "Incluir no perfil" }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("Escolha ao menos um item.");
  await expect(page.getByRole("group", { name: /Área: marque/ })).toContainText("Escolha ao menos um item.");
  await expect(page.locator("#incluir-validade")).toHaveValue(inDays(45));
  if (!javaScriptEnabled) await expect(page).toHaveTitle(/^Erro: /);
  await summary.getByRole("link", { name: "Escolha ao menos um item." }).click();
  await expect(page.locator("#itens-0")).toBeFocused();
});

test("a search term under 3 characters is refused next to the field, keeping it", async ({ signedIn: page }) => {
  await page.goto(PROFILE);
  await page.getByLabel("Tipo", { exact: true }).selectOption("autor");
  await page.getByLabel("Procurar", { exact: true }).fill("ab");
  await page.getByRole("button", { name: "Procurar", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Informe ao menos 3 caracteres.");
  await expect(page.getByLabel("Procurar", { exact: true })).toHaveValue("ab");
  await expect(page.getByLabel("Procurar", { exact: true })).toHaveAttribute("aria-invalid", "true");
  // The page answers 4xx for the patron's mistake, not 200.
  expect((await page.request.get(`${PROFILE}?tipo=autor&termo=ab`)).status()).toBe(400);
});

test("a periodical search under 3 characters answers 400 with the message beside the field", async ({ signedIn: page }) => {
  await page.goto(PERIODICALS);
  await page.getByLabel("Título do periódico").fill("la");
  await page.getByRole("button", { name: "Procurar", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Informe ao menos 3 caracteres.");
  await expect(page.getByLabel("Título do periódico")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Título do periódico")).toHaveValue("la");
  expect((await page.request.get(`${PERIODICALS}?termo=la`)).status()).toBe(400);
});

test("the expiry date changes, and a past date is refused with the date kept", async ({ signedIn: page }) => {
  await page.goto(PROFILE);
  await hydrated(page);
  await page.locator("#validade").fill(inDays(-3));
  await page.getByRole("button", { name: "Alterar a validade" }).click();
  await expect(page.getByRole("alert")).toContainText("A validade não pode ser anterior a hoje.");
  await expect(page.locator("#validade")).toHaveValue(inDays(-3));
  await page.locator("#validade").fill(inDays(200));
  await page.getByRole("button", { name: "Alterar a validade" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Validade do perfil alterada." })).toBeVisible();
  await expect(page.locator("#validade")).toHaveValue(inDays(200));
});

test("the profile is narrowed to the work types ticked", async ({ signedIn: page }) => {
  await page.goto(PROFILE);
  const types = page.getByRole("group", { name: "Tipos de obra que interessam a você" });
  await types.getByRole("checkbox", { name: "Livro" }).check();
  await page.getByRole("button", { name: "Salvar os tipos de obra" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Tipos de obra salvos." })).toBeVisible();
  await expect(page.getByRole("group", { name: "Tipos de obra que interessam a você" }).getByRole("checkbox", { name: "Livro" })).toBeChecked();
});

test("following a periodical needs at least one journal type; with one it is followed, and can be left", async ({ signedIn: page }) => {
  await page.goto(PERIODICALS);
  await hydrated(page);
  await page.getByLabel("Título do periódico").fill("law review");
  await page.getByRole("button", { name: "Procurar", exact: true }).click();
  await page.getByRole("button", { name: "Acompanhar Mexican Law Review" }).click();
  await expect(page.getByRole("alert")).toContainText("Escolha ao menos um tipo de periódico.");
  const group = page.getByRole("group", { name: "O que receber de Mexican Law Review" });
  await expect(group).toContainText("Escolha ao menos um tipo de periódico.");
  await expect(page.getByLabel("Título do periódico")).toHaveValue("law review");
  await group.getByRole("checkbox", { name: "Sumários" }).check();
  await page.getByRole("button", { name: "Acompanhar Mexican Law Review" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Periódico incluído no seu perfil." })).toBeVisible();
  await expect(page.getByText("Recebendo: Sumários.")).toBeVisible();
  await page.getByRole("button", { name: "Deixar de acompanhar Mexican Law Review" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Você deixou de acompanhar o periódico." })).toBeVisible();
  await expect(page.getByText("Você ainda não acompanha nenhum periódico.")).toBeVisible();
});
