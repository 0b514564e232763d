import { expect, test } from "../fixtures/warm";

test.describe("browse indexes", () => {
  test("the home page links to the indexes", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: /Navegar pelos índices/ }).click();
    await expect(page).toHaveURL(/\/indice$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Navegar pelos índices");
  });

  test("an index lists its entries alphabetically from the entered point, with their counts", async ({ page }) => {
    await page.goto("/indice");
    await page.getByLabel("Índice", { exact: true }).selectOption("assunto");
    await page.getByLabel("Começar em").fill("educa");
    await page.getByRole("button", { name: "Navegar" }).click();
    await expect(page).toHaveURL(/indice=assunto/);
    const entries = page.getByRole("region", { name: /Entradas do índice de Assunto/ }).getByRole("listitem");
    await expect(entries.first()).toContainText(/^Educa/i);
    await expect(entries.first()).toContainText(/\(\d+ títulos?\)/);
    const texts = (await entries.allTextContents()).map((s) => s.replace(/\s*\(\d+ títulos?\)$/, ""));
    const folded = texts.map((s) =>
      s
        .normalize("NFD")
        .replace(/\p{M}/gu, "")
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim(),
    );
    expect([...folded].sort()).toEqual(folded);
  });

  test("pages forwards and back through an index", async ({ page }) => {
    await page.goto("/indice?indice=titulo&termo=m");
    const region = page.getByRole("region", { name: /Entradas do índice/ });
    const first = await region.getByRole("listitem").first().textContent();
    await page.getByRole("link", { name: "Próximas entradas" }).click();
    await expect(page).toHaveURL(/de=/);
    await expect(
      page
        .getByRole("region", { name: /Entradas do índice/ })
        .getByRole("listitem")
        .first(),
    ).not.toHaveText(first!);
    await page.getByRole("link", { name: "Entradas anteriores" }).click();
    await expect(page).toHaveURL(/ate=/);
    await expect(
      page
        .getByRole("region", { name: /Entradas do índice/ })
        .getByRole("listitem")
        .first(),
    ).toHaveText(first!);
  });

  test("choosing an entry shows its titles", async ({ page }) => {
    await page.goto("/indice?indice=autor&termo=a");
    const link = page
      .getByRole("region", { name: /Entradas do índice/ })
      .getByRole("link")
      .first();
    const name = (await link.textContent())!;
    await link.click();
    await expect(page.getByRole("heading", { name: `Títulos de “${name}”` })).toBeVisible();
    await expect(page.locator("main ol li h3 a").first()).toBeVisible();
    await page.locator("main ol li h3 a").first().click();
    await expect(page).toHaveURL(/\/acervo\/\d+/);
  });
});
