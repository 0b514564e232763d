import { expect, test } from "../fixtures/warm";
import type { Page } from "@playwright/test";
import { DEMO, login } from "../fixtures/demo";

/** Runs a search from the search page's form, the way a visitor does: typing and clicking the button beside the box. */
async function search(page: Page, term: string) {
  await page.goto("/");
  await page.getByLabel("Termo de pesquisa", { exact: true }).fill(term);
  await page.getByRole("button", { name: "Pesquisar", exact: true }).click();
  await expect(page.getByRole("heading", { name: /resultados? para/ })).toBeVisible();
}

const table = (page: Page) => page.getByRole("table", { name: /Pesquisas desta sessão/ });

test.describe("search history", () => {
  test("a new visitor's history is empty and links to the search", async ({ page }) => {
    await page.goto("/historico");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Histórico de pesquisa");
    await expect(page.getByText("Nenhuma pesquisa foi feita nesta sessão.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Limpar o histórico" })).toHaveCount(0);
    await page.getByRole("link", { name: "Pesquisar no catálogo" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the searches of the session are listed newest first, with their results, and one runs again", async ({ page }) => {
    // Four searches, two of them broad, then the history: more than one page's time on a busy machine.
    test.slow();
    await search(page, "historia");
    await search(page, "brasil");
    // Another page of the same search is not a new search.
    await page.goto("/?termo=brasil&pagina=2");
    await page.goto("/");
    await page.getByRole("link", { name: "Histórico de pesquisa" }).click();
    await expect(page).toHaveURL(/\/historico$/);
    const rows = table(page).locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByRole("rowheader")).toHaveText("brasil");
    await expect(rows.nth(1).getByRole("rowheader")).toHaveText("historia");
    await expect(rows.nth(1).getByRole("cell").nth(3)).toHaveText(/^\d+\+?$/);
    await expect(rows.nth(1).getByRole("cell").nth(1)).toHaveText("Todos os campos");

    await rows
      .nth(1)
      .getByRole("link", { name: /^Pesquisar novamente\s?: historia$/ })
      .click();
    await expect(page).toHaveURL(/\/\?termo=historia$/);
    await expect(page.getByRole("heading", { name: /resultados? para “historia”/ })).toBeVisible();
  });

  test("an advanced search keeps its tab and its field names", async ({ page }) => {
    await page.goto("/avancada?titulo=historia");
    await expect(page.getByRole("heading", { name: /resultados? para/ })).toBeVisible();
    await page.goto("/historico");
    const row = table(page).locator("tbody tr").first();
    await expect(row.getByRole("rowheader")).toHaveText("Título: historia");
    await expect(row.getByRole("cell").first()).toHaveText("Pesquisa avançada");
  });

  test("clearing the history empties it after a confirmation", async ({ page }) => {
    await search(page, "historia");
    await page.goto("/historico");
    await expect(table(page).locator("tbody tr")).toHaveCount(1);
    await page.getByRole("button", { name: "Limpar o histórico" }).click();
    await expect(page).toHaveURL(/\/historico\?aviso=limpo$/);
    await expect(page.getByRole("status").filter({ hasText: "O histórico de pesquisa foi apagado." })).toBeVisible();
    await expect(page.getByText("Nenhuma pesquisa foi feita nesta sessão.")).toBeVisible();
    await page.reload();
    await expect(table(page)).toHaveCount(0);
  });

  test("logging out deletes the history", async ({ page }) => {
    await login(page, DEMO.patron, "/?termo=historia");
    await page.goto("/historico");
    await expect(table(page).locator("tbody tr")).toHaveCount(1);
    await page.goto("/sair");
    await page.getByRole("main").getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/historico");
    await expect(page.getByText("Nenhuma pesquisa foi feita nesta sessão.")).toBeVisible();
  });
});
