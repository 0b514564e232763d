import { expect, test } from "../fixtures/warm";
import type { Page } from "@playwright/test";
import { PORTS } from "../support/ports";
import { hydrated } from "../fixtures/demo";

const jsOn = () => test.info().project.name === "js-on";
// The test run's "external" portal talks to an API started with NETWORK_UNAVAILABLE=1 (playwright.config.ts).
const failingNetwork = `http://127.0.0.1:${PORTS.external}`;

const IFBD = "Instituto Franco-Brasileiro de Demonstração";
const CMD = "Conservatório de Música de Demonstração";
const HOME = "Universidade Federal de Demonstração";

const form = (page: Page) => page.getByRole("search", { name: "Pesquisa na rede" });
const hits = (page: Page) => page.locator(".results__list > li");

/** The institution named in each hit of the page. */
async function hitInstitutions(page: Page): Promise<string[]> {
  return hits(page).locator("dt:text-is('Instituição') + dd").allTextContents();
}

test.describe("network (OAI) search", () => {
  test("the network tab searches every member institution and names each hit's institution", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Guias de pesquisa" }).getByRole("link", { name: "Rede" }).click();
    await expect(page).toHaveURL(/\/rede$/);
    await expect(page.getByRole("heading", { level: 1, name: "Pesquisa na Rede Pergamum" })).toBeVisible();
    await form(page).getByRole("searchbox", { name: "Termo de pesquisa" }).fill("histoire");
    await form(page).getByRole("button", { name: "Pesquisar na rede" }).click();
    await expect(page).toHaveURL(/\/rede\?termo=histoire/);
    await expect(page.locator("#resultados-titulo")).toHaveText(/resultados para “histoire”/);
    const facets = page.getByRole("region", { name: "Filtrar resultados" });
    const institutions = facets.getByRole("group", { name: "Instituição" });
    // Every member holds records about history: the home library, the conservatory and the institute.
    for (const name of [HOME, CMD, IFBD])
      await expect(institutions.getByRole("checkbox", { name: new RegExp(`^${name} \\(\\d+\\)$`) })).toBeVisible();
    expect((await hitInstitutions(page)).length).toBeGreaterThan(0);
  });

  test("choosing institutions in the form searches only their catalogues", async ({ page }) => {
    await page.goto("/rede");
    await form(page).getByRole("searchbox", { name: "Termo de pesquisa" }).fill("histoire");
    await form(page)
      .getByRole("checkbox", { name: new RegExp(`^${IFBD} \\(\\d+ registros\\)$`) })
      .check();
    await form(page).getByRole("button", { name: "Pesquisar na rede" }).click();
    await expect(page).toHaveURL(/filtro=Z%3A2/);
    await expect(hits(page).first()).toBeVisible();
    expect(new Set(await hitInstitutions(page))).toEqual(new Set([IFBD]));
    // The choice stays ticked in the form for the next search.
    await expect(form(page).getByRole("checkbox", { name: new RegExp(`^${IFBD}`) })).toBeChecked();
  });

  test("the institution filter narrows the results, keeps both counts, and can be removed", async ({ page }) => {
    await page.goto("/rede?termo=jazz");
    // With JS a ticked box submits itself, once the page is hydrated.
    await hydrated(page);
    const facets = page.getByRole("region", { name: "Filtrar resultados" });
    await facets.getByRole("checkbox", { name: new RegExp(`^${CMD} \\(\\d+\\)$`) }).check();
    if (!jsOn()) await facets.getByRole("button", { name: "Aplicar filtros" }).first().click();
    await expect(page).toHaveURL(/filtro=Z%3A3/);
    await expect(page.getByRole("link", { name: `Remover o filtro Instituição: ${CMD}` })).toBeVisible();
    expect(new Set(await hitInstitutions(page))).toEqual(new Set([CMD]));
    // Another institution shows its count without the filter, so it can still be added (OR).
    await expect(facets.getByRole("checkbox", { name: new RegExp(`^${HOME} \\(0; \\d+ sem este filtro\\)$`) })).not.toBeChecked();
    await page.getByRole("link", { name: `Remover o filtro Instituição: ${CMD}` }).click();
    await expect(page).not.toHaveURL(/filtro=/);
    await expect(page.getByRole("link", { name: /Remover o filtro/ })).toHaveCount(0);
  });

  test("a hit opens the network record with its institution, OAI identifier and home link", async ({ page }) => {
    await page.goto("/rede?termo=jazz&filtro=Z:3");
    const first = hits(page).first().getByRole("heading", { level: 3 }).getByRole("link");
    const title = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(/\/rede\/acervo\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator("dt:text-is('Instituição') + dd")).toContainText(CMD);
    await expect(page.locator("dt:text-is('Identificador OAI') + dd")).toHaveText(/^oai:cmd\.example\.org:acervo\/.+/);
    await expect(page.getByRole("link", { name: `Ver no catálogo de ${CMD}` })).toHaveAttribute(
      "href",
      /^https:\/\/cmd\.example\.org\/pergamum\/acervo\//,
    );
  });

  test("a record of this library links to its own title page", async ({ page }) => {
    await page.goto("/rede?termo=jazz&filtro=Z:1");
    await hits(page).first().getByRole("heading", { level: 3 }).getByRole("link").click();
    await expect(page).toHaveURL(/\/rede\/acervo\/\d+$/);
    await page.getByRole("link", { name: /^Ver no acervo desta biblioteca/ }).click();
    await expect(page).toHaveURL(/\/acervo\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("an empty term shows the spec's required message and keeps the form", async ({ page }) => {
    await page.goto("/rede");
    await form(page).getByRole("button", { name: "Pesquisar na rede" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "Há um problema" });
    await expect(summary).toContainText("O campo acima é obrigatório.");
    await expect(form(page).getByRole("searchbox", { name: "Termo de pesquisa" })).toHaveAttribute("aria-invalid", "true");
  });

  test("an unknown network record is a 404 page", async ({ page }) => {
    const res = await page.goto("/rede/acervo/99999999");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Registro da rede não encontrado" })).toBeVisible();
  });

  test("when the network service fails, the page says 'Serviço Rede Pergamum não disponível!' and keeps the form", async ({ page }) => {
    const res = await page.goto(`${failingNetwork}/rede?termo=jazz`);
    expect(res?.status()).toBe(502);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Serviço Rede Pergamum não disponível!");
    await expect(form(page).getByRole("searchbox", { name: "Termo de pesquisa" })).toHaveValue("jazz");
    // The rest of the catalogue still works on that portal.
    await page.goto(`${failingNetwork}/?termo=jazz`);
    await expect(page.locator("#resultados-titulo")).toHaveText(/resultados para “jazz”/);
  });
});
