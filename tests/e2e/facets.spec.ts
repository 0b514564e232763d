import { expect, test } from "../fixtures/warm";
import type { Page } from "@playwright/test";
import { hydrated } from "../fixtures/demo";

// The facets derived from the catalogue data (ADR 068) on the demo catalogue: author, subject, publisher,
// place, collection and repository groups, selected and removed like any other filter (JS on and off).
const jsOn = () => test.info().project.name === "js-on";
const panel = (page: Page) => page.getByRole("region", { name: "Filtrar resultados" });

const resultCount = async (page: Page) => {
  const text = (await page.locator("#resultados-titulo").textContent()) ?? "";
  return Number(text.replace(/\D+.*$/s, "").replace(/\D/g, ""));
};

test.describe("facets from the catalogue data", () => {
  test("author, subject, publisher and place groups list values with their counts", async ({ page }) => {
    await page.goto("/?termo=brasil");
    for (const group of ["Autor", "Assunto", "Editora", "Local de publicação", "Coleção"]) {
      await expect(panel(page).getByRole("group", { name: group })).toBeVisible();
    }
    await expect(
      panel(page)
        .getByRole("group", { name: "Assunto" })
        .getByRole("checkbox", { name: /^Politica \(\d+\)$/ }),
    ).not.toBeChecked();
  });

  test("ticking a subject narrows the results; removing it restores them", async ({ page }) => {
    await page.goto("/?termo=brasil");
    // With JS a ticked box submits itself, once the page is hydrated.
    await hydrated(page);
    const before = await resultCount(page);
    await panel(page)
      .getByRole("group", { name: "Assunto" })
      .getByRole("checkbox", { name: /^Politica \(/ })
      .check();
    if (!jsOn()) await panel(page).getByRole("button", { name: "Aplicar filtros" }).first().click();
    await expect(page).toHaveURL(/filtro=S%3Apolitica/);
    const remove = page.getByRole("link", { name: "Remover o filtro Assunto: Politica" });
    await expect(remove).toBeVisible();
    const after = await resultCount(page);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
    await remove.click();
    await expect(page).not.toHaveURL(/filtro=/);
    await expect(page.getByRole("link", { name: /Remover o filtro/ })).toHaveCount(0);
    expect(await resultCount(page)).toBe(before);
  });

  test("an author and a subject together narrow further (AND); the author stays ticked", async ({ page }) => {
    await page.goto("/?termo=brasil&filtro=S:politica");
    const subject = await resultCount(page);
    await page.goto("/?termo=brasil&filtro=S:politica&filtro=A:coutinho-carlos-nelson");
    const both = await resultCount(page);
    expect(both).toBeGreaterThan(0);
    expect(both).toBeLessThan(subject);
    await expect(
      panel(page)
        .getByRole("group", { name: "Autor" })
        .getByRole("checkbox", { name: /^Coutinho, Carlos Nelson \(/ }),
    ).toBeChecked();
    // Carlos Nelson Coutinho is an added author (700) of these titles.
    await expect(page.locator("main ol li").first()).toContainText(/Afinal, que pais e este\?|Uma introducao a Economia Politica/);
  });
});
