import { expect, test } from "../fixtures/warm";
import type { Page } from "@playwright/test";
import { hydrated } from "../fixtures/demo";

const jsOn = () => test.info().project.name === "js-on";

/** Ticks a filter: with JS the page applies it at once; without JS the Apply button submits. */
async function tick(page: Page, label: RegExp) {
  const facets = page.getByRole("region", { name: "Filtrar resultados" });
  // With JS a ticked box submits itself, once the page is hydrated.
  await hydrated(page);
  await facets.getByRole("checkbox", { name: label }).check();
  if (!jsOn()) await facets.getByRole("button", { name: "Aplicar filtros" }).first().click();
}

const resultCount = async (page: Page) => {
  const text = (await page.locator("#resultados-titulo").textContent()) ?? "";
  return Number(text.replace(/\D+.*$/s, "").replace(/\D/g, ""));
};

test.describe("search filters (facets)", () => {
  test("each filter is a checkbox in a labelled group whose label states its count", async ({ page }) => {
    await page.goto("/?termo=brasil");
    const facets = page.getByRole("region", { name: "Filtrar resultados" });
    await expect(facets.getByRole("group", { name: "Tipo de obra" })).toBeVisible();
    await expect(facets.getByRole("group", { name: "Ano" })).toBeVisible();
    await expect(facets.getByRole("checkbox", { name: /^Livro \(\d+\)$/ })).toBeVisible();
    await expect(facets.getByRole("checkbox", { name: /^Português \(\d+\)$/ })).not.toBeChecked();
  });

  test("ticking a filter narrows the results and lists the filter as applied", async ({ page }) => {
    await page.goto("/?termo=brasil");
    const before = await resultCount(page);
    await tick(page, /^Espanhol \(/);
    await expect(page).toHaveURL(/filtro=I%3Aspa/);
    await expect(page.getByRole("link", { name: "Remover o filtro Idioma: Espanhol" })).toBeVisible();
    const after = await resultCount(page);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
    // The value keeps both counts: with the filters and without its own type's filter.
    await expect(page.getByRole("checkbox", { name: /^Português \(0; \d+ sem este filtro\)$/ })).not.toBeChecked();
  });

  test("filters of different types narrow together (AND), of one type widen (OR)", async ({ page }) => {
    await page.goto("/?termo=brasil&filtro=I:por");
    const portuguese = await resultCount(page);
    await page.goto("/?termo=brasil&filtro=I:por&filtro=I:spa");
    const either = await resultCount(page);
    expect(either).toBeGreaterThan(portuguese);
    await page.goto("/?termo=brasil&filtro=I:por&filtro=Y:2006");
    const both = await resultCount(page);
    expect(both).toBeGreaterThan(0);
    expect(both).toBeLessThan(portuguese);
  });

  test("applied filters are removed one by one, or all at once", async ({ page }) => {
    await page.goto("/?termo=brasil&filtro=I:por&filtro=Y:2006");
    await page.getByRole("link", { name: "Remover o filtro Ano: 2006" }).click();
    await expect(page).toHaveURL(/filtro=I%3Apor/);
    await expect(page).not.toHaveURL(/Y%3A2006|Y:2006/);
    await expect(page.getByRole("link", { name: "Remover o filtro Idioma: Português" })).toBeVisible();
    await page.getByRole("link", { name: "Limpar todos os filtros" }).click();
    await expect(page).not.toHaveURL(/filtro=/);
    await expect(page.getByRole("link", { name: /Remover o filtro/ })).toHaveCount(0);
  });

  test("titles without a year are offered as 'Sem data'", async ({ page }) => {
    await page.goto("/?termo=brasil");
    // A disclosure opened while the page hydrates may be re-rendered closed: open it once the page is live.
    await hydrated(page);
    const year = page.getByRole("region", { name: "Filtrar resultados" }).getByRole("group", { name: "Ano" });
    await year.getByText(/^Mais \d+ opç/).click();
    await expect(year.getByRole("checkbox", { name: /^Sem data \(/ })).toBeVisible();
    await tick(page, /^Sem data \(/);
    await expect(page).toHaveURL(/filtro=Y%3ASD/);
    expect(await resultCount(page)).toBeGreaterThan(0);
  });
});

test.describe("search tabs", () => {
  test("tabs are links; the active one is marked and keeps the search", async ({ page }) => {
    await page.goto("/?termo=direito");
    const tabs = page.getByRole("navigation", { name: "Guias de pesquisa" });
    await expect(tabs.getByRole("link", { name: "Geral" })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: "Atos normativos" }).click();
    await expect(page).toHaveURL(/\/atos\?termo=direito/);
    await expect(page.getByRole("navigation", { name: "Guias de pesquisa" }).getByRole("link", { name: "Atos normativos" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Atos normativos");
    expect(await resultCount(page)).toBeGreaterThan(0);
  });

  test("the advanced search asks for at least one field, then combines the fields", async ({ page }) => {
    await page.goto("/avancada");
    await hydrated(page);
    await page.getByRole("button", { name: "Pesquisar" }).click();
    await expect(page.getByRole("alert")).toContainText("Preencha ao menos um dos campos");
    await page.getByLabel("Título").fill("brasil");
    await page.getByLabel("Assunto", { exact: true }).fill("politica");
    await page.getByRole("button", { name: "Pesquisar" }).click();
    await expect(page).toHaveURL(/titulo=brasil/);
    await expect(page.getByRole("heading", { name: /resultados? para “brasil · politica”/ })).toBeVisible();
  });

  test("new acquisitions show the compact display by default", async ({ page }) => {
    await page.goto("/aquisicoes?termo=brasil");
    await expect(page.getByLabel("Exibição")).toHaveValue("C");
    await expect(page.locator("ol.results__list--compact")).toBeVisible();
    await page.goto("/?termo=brasil");
    await expect(page.getByLabel("Exibição")).toHaveValue("D");
  });

  test("sort options come from the API and apply", async ({ page }) => {
    await page.goto("/?termo=brasil&ordenacao=Y");
    await expect(page.getByLabel("Ordenar por")).toHaveValue("Y");
    const years = await page
      .locator("main ol li")
      .evaluateAll((lis) => lis.slice(0, 5).map((li) => Number(/\b(1[89]\d\d|20\d\d)\b/.exec(li.textContent ?? "")?.[1] ?? 0)));
    expect([...years].sort((a, b) => b - a)).toEqual(years);
  });
});
