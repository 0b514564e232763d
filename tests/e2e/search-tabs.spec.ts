import { expect, test } from "../fixtures/warm";
import type { Page } from "@playwright/test";

const resultCount = async (page: Page) => {
  const text = (await page.locator("#resultados-titulo").textContent()) ?? "";
  return Number(text.replace(/\D+.*$/s, "").replace(/\D/g, ""));
};
const form = (page: Page, name: string) => page.getByRole("search", { name });

test.describe("tab options (archive, normative acts)", () => {
  test("the normative-acts form offers the kinds of act and years found in its titles, with 'any' first", async ({ page }) => {
    await page.goto("/atos");
    const kind = form(page, "Pesquisar no catálogo").getByLabel("Espécie de ato");
    await expect(kind.locator("option").first()).toHaveText("Qualquer");
    await expect(kind.locator("option", { hasText: /^Constituição e emendas \(\d+\)$/ })).toHaveCount(1);
    await expect(
      form(page, "Pesquisar no catálogo")
        .getByLabel("Ano")
        .locator("option", { hasText: /^2008 \(\d+\)$/ }),
    ).toHaveCount(1);
  });

  test("choosing a kind of act narrows the search and keeps the choice in the URL and the form", async ({ page }) => {
    await page.goto("/atos?termo=direito");
    const before = await resultCount(page);
    const search = form(page, "Pesquisar no catálogo");
    await search.getByLabel("Espécie de ato").selectOption("constituicao");
    await search.getByRole("button", { name: "Pesquisar" }).click();
    await expect(page).toHaveURL(/especie=constituicao/);
    // With JS the URL changes a moment before the new results render.
    await expect.poll(() => resultCount(page)).toBeLessThan(before);
    const after = await resultCount(page);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
    await expect(search.getByLabel("Espécie de ato")).toHaveValue("constituicao");
  });

  test("the archive form offers the kinds of material and decades of its titles", async ({ page }) => {
    await page.goto("/arquivo");
    const search = form(page, "Pesquisar no catálogo");
    await expect(search.getByLabel("Tipo de material").locator("option")).not.toHaveCount(1);
    await expect(
      search
        .getByLabel("Década")
        .locator("option", { hasText: /^\d{4}–\d{4} \(\d+\)$/ })
        .first(),
    ).toBeAttached();
  });
});

test.describe("authorities tab", () => {
  test("offers the authority types and finds an authority by a see-from reference, leading to its page", async ({ page }) => {
    await page.goto("/autoridades");
    const search = form(page, "Pesquisa de autoridades");
    await expect(search.getByLabel("Tipo de autoridade").locator("option", { hasText: "Pessoas" })).toHaveCount(1);
    await search.getByLabel("Nome, assunto ou termo").fill("haendel");
    await search.getByLabel("Tipo de autoridade").selectOption("1");
    await search.getByRole("button", { name: "Pesquisar" }).click();
    await expect(page).toHaveURL(/termo=haendel/);
    await expect(page.getByRole("heading", { level: 2, name: /autoridades? para “haendel”/ })).toBeVisible();
    await expect(page.getByText(/Encontrada pela remissiva “Haendel/).first()).toBeVisible();
    await page.getByRole("link", { name: "Handel, George Frideric, 1685-1759" }).first().click();
    await expect(page).toHaveURL(/\/autoridade\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Handel, George Frideric");
  });

  test("a search without a term shows the required message in the summary and on the field", async ({ page }) => {
    await page.goto("/autoridades");
    const search = form(page, "Pesquisa de autoridades");
    await search.getByRole("button", { name: "Pesquisar" }).click();
    await expect(page.getByRole("alert").getByRole("link", { name: "O campo acima é obrigatório." })).toBeVisible();
    await expect(search.getByLabel("Nome, assunto ou termo")).toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("teaching plan tab", () => {
  test("submitting with no field chosen asks for at least one, in the summary and next to the first field", async ({ page }) => {
    await page.goto("/plano-ensino");
    const search = form(page, "Pesquisa de planos de ensino");
    await search.getByRole("button", { name: "Pesquisar" }).click();
    await expect(page.getByRole("alert").getByRole("link", { name: "Escolha ao menos um campo." })).toBeVisible();
    await expect(search.getByLabel("Departamento")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("heading", { name: /planos? de ensino$/ })).toHaveCount(0);
  });

  test("the search URL with every field on 'any' answers 400", async ({ page }) => {
    const res = await page.goto("/plano-ensino?departamento=&ano=&semestre=&periodo=&disciplina=&biblioteca=");
    expect(res?.status()).toBe(400);
  });

  test("one field finds the plans, grouped by discipline with basic and complementary bibliography linking to the titles", async ({ page }) => {
    await page.goto("/plano-ensino");
    const search = form(page, "Pesquisa de planos de ensino");
    await search.getByLabel("Disciplina").selectOption({ label: "Direito Constitucional I" });
    await search.getByRole("button", { name: "Pesquisar" }).click();
    await expect(page).toHaveURL(/disciplina=\d+/);
    await expect(page.getByRole("heading", { level: 2, name: "2 planos de ensino" })).toBeVisible();
    const plan = page.getByRole("region", { name: /DIR0101 – Direito Constitucional I/ }).first();
    await expect(plan.getByRole("heading", { level: 4, name: "Bibliografia básica" })).toBeVisible();
    const title = plan.getByRole("listitem").first().getByRole("link");
    const name = (await title.textContent())!;
    await title.click();
    await expect(page).toHaveURL(/\/acervo\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name.slice(0, 20));
  });
});
