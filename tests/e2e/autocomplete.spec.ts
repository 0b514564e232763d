import { expect, test } from "../fixtures/warm";
import { hydrated } from "../fixtures/demo";

/**
 * The search box's suggestions (issue 28, ADR 242): with JavaScript an ARIA combobox whose list opens under the box,
 * never over the search button beside it; without JavaScript the plain search box and its button.
 */
const isJs = () => test.info().project.name === "js-on";

test.describe("search suggestions", () => {
  test("the search button sits beside the box and searches what was typed, even with the suggestions open", async ({ page }) => {
    await page.goto("/");
    if (isJs()) await hydrated(page);
    const box = page.getByLabel("Termo de pesquisa", { exact: true });
    await box.pressSequentially("educacao");
    if (isJs()) await expect(page.getByRole("listbox", { name: "Sugestões" })).toBeVisible();
    // A mouse click on the button (not Enter): the list must not cover it.
    await page.getByRole("button", { name: "Pesquisar", exact: true }).click();
    await expect(page).toHaveURL(/[?&]termo=educacao(&|$)/);
    await expect(page.getByRole("heading", { name: /resultados? para/ })).toBeVisible();
    // The button follows the box in the reading order, before the fields that refine the search.
    const order = await page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>("form[role=search]")!;
      const input = form.querySelector<HTMLInputElement>('input[name="termo"]')!;
      const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
      const radio = form.querySelector<HTMLInputElement>('input[name="tipo"]')!;
      return {
        buttonAfterBox: !!(input.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING),
        buttonBeforeTypes: !!(button.compareDocumentPosition(radio) & Node.DOCUMENT_POSITION_FOLLOWING),
      };
    });
    expect(order).toEqual({ buttonAfterBox: true, buttonBeforeTypes: true });
  });

  test("suggests from the catalogue's headings: arrows choose, Enter searches the suggestion in its field, Escape closes", async ({ page }) => {
    await page.goto("/");
    const box = page.getByLabel("Termo de pesquisa", { exact: true });
    if (!isJs()) {
      // Without JavaScript it is simply the search box.
      await expect(page.getByRole("combobox", { name: "Termo de pesquisa" })).toHaveCount(0);
      await box.fill("educacao");
      await box.press("Enter");
      await expect(page).toHaveURL(/[?&]termo=educacao(&|$)/);
      return;
    }
    await hydrated(page);
    const combo = page.getByRole("combobox", { name: "Termo de pesquisa" });
    await combo.pressSequentially("educ");
    const list = page.getByRole("listbox", { name: "Sugestões" });
    // Titles, authors and subjects of the catalogue, each with its kind and number of titles.
    await expect(list.getByRole("option").first()).toContainText(/Educ/i);
    await expect(list.getByRole("option").first()).toContainText(/(título|autor|assunto), \d+ títulos?/);
    await expect(combo).toHaveAttribute("aria-expanded", "true");
    // The number of suggestions is announced; focus never leaves the box.
    await expect(page.getByRole("status").filter({ hasText: /sugest/i })).not.toBeEmpty();
    await combo.press("Escape");
    await expect(combo).toHaveAttribute("aria-expanded", "false");
    await expect(list).toBeHidden();
    await expect(combo).toBeFocused();
    await expect(combo).toHaveValue("educ");
    // Typing again reopens it; the arrow makes the first option active, Enter searches it in its own field.
    await combo.pressSequentially("a");
    await expect(list).toBeVisible();
    await combo.press("ArrowDown");
    const first = list.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(combo).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    await expect(combo).toBeFocused();
    const value = (await first.locator(".autocomplete__value").textContent())!;
    const kind = (await first.locator(".autocomplete__kind").textContent())!.split(",")[0];
    const tipo = ({ título: "titulo", autor: "autor", assunto: "assunto" } as Record<string, string>)[kind];
    await combo.press("Enter");
    await expect(page).toHaveURL((url) => url.searchParams.get("termo") === value && url.searchParams.get("tipo") === tipo);
    await expect(page.getByRole("heading", { name: /resultados? para/ })).toBeVisible();
  });
});
