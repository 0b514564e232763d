import { expect, test } from "../fixtures/warm";
import type { Page } from "@playwright/test";
import { reportInteractionChecks } from "../support/interaction-report";

/**
 * What an automated checker cannot see, tried as keyboard, screen-reader and magnifier users would (issue
 * "Accessibility beyond what checkers see"; ADRs 135-137). Each test's outcome also goes to the accessibility
 * report (a11y-reports/summary.md, "Interaction checks").
 */
reportInteractionChecks();
// Each check walks several pages; allow for a busy machine.
test.describe.configure({ timeout: 90_000 });

const jsOn = () => test.info().project.name === "js-on";
const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });
const wcag = (description: string) => ({ annotation: { type: "wcag", description } });

/** The focused element's tag, id and value, and whether it is fully inside the viewport. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    const box = el?.getBoundingClientRect();
    const inView = !!box && box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
    return { tag: el?.tagName.toLowerCase(), id: el?.id ?? "", value: el?.value ?? "", inView, text: el?.textContent?.trim() ?? "" };
  });

test.describe("interaction checks", () => {
  test("the skip links carry the access keys 1 to 4 and lead to the content, menu, search and footer", wcag("2.4.1; eMAG 1.5"), async ({ page }) => {
    await page.goto("/?termo=brasil");
    if (jsOn()) await hydrated(page);
    const skip = page.getByRole("navigation", { name: "Atalhos", exact: true });
    // Browsers bind accesskey to Alt (Alt+Shift in Firefox); what the page controls is the key and where it leads.
    const targets: Array<[string, RegExp, string]> = [
      ["1", /^Ir para o conteúdo/, "main#conteudo"],
      ["2", /^Ir para o menu/, "#menu"],
      ["3", /^Ir para a busca/, "#busca"],
      ["4", /^Ir para o rodapé/, "footer#rodape"],
    ];
    for (const [key, name, where] of targets) {
      const link = skip.getByRole("link", { name });
      await expect(link).toHaveAttribute("accesskey", key);
      await link.focus();
      await expect(link, "a focused skip link is visible").toBeInViewport();
      await page.keyboard.press("Enter");
      await expect.poll(() => page.evaluate((sel) => !!document.activeElement?.closest(sel), where), { message: `${key} → ${where}` }).toBe(true);
    }
    // They are the first things a Tab reaches.
    await page.goto("/login");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: /^Ir para o conteúdo/ })).toBeFocused();
  });

  test("the accessibility page is linked from the top of every page and lists the access keys", wcag("eMAG 1.5, 6.x"), async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("banner").getByRole("link", { name: "Sobre a acessibilidade" }).click();
    await expect(page).toHaveURL(/\/sobre\/acessibilidade$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acessibilidade deste catálogo");
    const keys = page.getByRole("table", { name: "Teclas de atalho do catálogo" });
    await expect(keys.getByRole("row")).toHaveCount(6);
    await expect(keys.getByRole("rowheader").first()).toHaveText("Alt + 1");
  });

  test(
    "focus stays on a ticked filter, inside the viewport, and the new count is announced",
    wcag("2.4.3, 2.4.7, 3.2.2, 4.1.3"),
    async ({ page }) => {
      test.skip(!jsOn(), "without JS the Apply button submits the filters as a new page");
      for (const width of [1280, 320]) {
        await page.setViewportSize({ width, height: 720 });
        await page.goto("/?termo=brasil");
        await hydrated(page);
        const filters = page.getByRole("region", { name: "Filtrar resultados" });
        const disclosure = filters.locator("details.facets__disclosure");
        // Narrow screens fold the filters (they come after the results).
        if (width === 320) {
          await expect(disclosure).not.toHaveAttribute("open");
          await disclosure.locator(":scope > summary").click();
        }
        // A visible value on the wide screen; one inside "more options" on the narrow one.
        const group = filters.getByRole("group", { name: width === 320 ? "Assunto" : "Tipo de obra" });
        if (width === 320) await group.locator("details.facet__more > summary").click();
        const box = width === 320 ? group.locator("details.facet__more input[type=checkbox]").first() : group.getByRole("checkbox").first();
        await box.scrollIntoViewIfNeeded();
        const value = await box.inputValue();
        await box.focus();
        await page.keyboard.press("Space");
        await expect(page).toHaveURL(new RegExp(`filtro=${encodeURIComponent(value).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
        await expect(page.locator("#resultados-titulo")).toBeVisible();
        await expect.poll(async () => (await focused(page)).value, { message: `focus after ticking at ${width} px` }).toBe(value);
        expect((await focused(page)).inView, `the ticked box stays on screen at ${width} px`).toBe(true);
        expect(await page.evaluate(() => window.scrollY), "the page did not jump to the top").toBeGreaterThan(0);
        await expect(page.locator("#anuncio-resultados[role=status][aria-live=polite]")).toHaveText(/\d+ resultados? para “brasil”/);
      }
    },
  );

  test("after a client-side navigation focus is on the new page's heading, and Back restores the scroll", wcag("2.4.3, 4.1.3"), async ({ page }) => {
    test.skip(!jsOn(), "without JS every navigation is a full page load, which starts at the top of the page");
    await page.goto("/?termo=brasil");
    await hydrated(page);
    const result = page.locator(".results__list h3 a").nth(5);
    await result.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    const name = (await result.textContent())!.trim();
    await result.click();
    await expect(page).toHaveURL(/\/acervo\/\d+$/);
    const h1 = page.locator("main h1");
    await expect(h1).toBeFocused();
    await expect(h1).toContainText(name.split(":")[0]!.trim());

    // Title → one of its sub-pages.
    await page.locator("nav.title-nav a").nth(1).click();
    await expect(page).toHaveURL(/\/acervo\/\d+\/[a-z-]+/);
    await expect(page.locator("main h1")).toBeFocused();

    // → the basket, from the header (its login opens a dialog with JS: login-dialog.spec.ts).
    await page.locator(".site-header__basket").click();
    await expect(page).toHaveURL(/\/cesta$/);
    await expect(page.locator("main h1")).toBeFocused();

    // Back to the results: the browser's scroll position comes back.
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/\?termo=brasil$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  });

  test(
    "a Spanish title carries lang=es on the results and the title page; Portuguese vocabulary carries lang=pt in English",
    wcag("3.1.2; eMAG 3.2"),
    async ({ page }) => {
      await page.goto("/?termo=marxismo");
      const heading = page.locator(".results__list h3", { hasText: "Marxismo y Democracia" });
      await expect(heading).toHaveAttribute("lang", "es");
      // A Portuguese record on a Portuguese page needs no mark.
      await expect(page.locator(".results__list h3", { hasText: "Imperialismo e desenvolvimento desigual" })).not.toHaveAttribute("lang");
      await heading.getByRole("link").click();
      await expect(page.locator("main h1")).toHaveAttribute("lang", "es");

      await page.goto("/?termo=marxismo&lng=en");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.locator(".results__list h3", { hasText: "Imperialismo e desenvolvimento desigual" })).toHaveAttribute("lang", "pt");
      // The library's vocabulary is named by its code in the page's language: no Portuguese left.
      await expect(page.locator(".result__facts dd", { hasText: "Book" }).first()).toBeVisible();
      await expect(page.locator(".result__facts [lang=pt]", { hasText: "Livro" })).toHaveCount(0);
      await expect(page.getByRole("group", { name: "Type of work" }).locator("label", { hasText: "Book" })).not.toHaveCount(0);
    },
  );

  test(
    "results come before the filters, with skip links to both, and the filters' Apply button is at the top",
    wcag("1.3.2, 2.4.1, 2.4.3"),
    async ({ page }) => {
      await page.goto("/?termo=brasil");
      const order = await page.evaluate(() => {
        const results = document.getElementById("resultados-titulo")!;
        const filters = document.getElementById("filtros")!;
        return Boolean(results.compareDocumentPosition(filters) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      expect(order, "the results heading comes before the filters in reading order").toBe(true);
      const skip = page.getByRole("navigation", { name: "Atalhos da pesquisa" });
      await skip.getByRole("link", { name: "Ir para os filtros" }).click();
      await expect(page.getByRole("region", { name: "Filtrar resultados" }).getByRole("checkbox").first()).toBeVisible();
      await skip.getByRole("link", { name: "Ir para os resultados" }).click();
      await expect(page.locator("#resultados-titulo")).toBeFocused();
      if (!jsOn()) {
        // Without JS the first control of the filter form is its Apply button.
        const first = page.locator("form.facets__form :is(button, input:not([type=hidden]))").first();
        await expect(first).toHaveText("Aplicar filtros");
      }
    },
  );

  test(
    "after a failed submission the error summary has focus and the page title starts with “Erro:”",
    wcag("2.4.3, 3.3.1, 2.4.2"),
    async ({ page }) => {
      await page.goto("/login");
      if (jsOn()) await hydrated(page);
      await page.getByRole("button", { name: "Entrar", exact: true }).click();
      const summary = page.getByRole("alert").filter({ has: page.getByRole("heading") });
      await expect(summary).toBeFocused();
      await expect(page).toHaveTitle(/^Erro: /);
      // A search with no term: the same, from the server's first byte when it is a full page load.
      await page.goto("/?termo=");
      await expect(page.locator(".error-summary")).toBeFocused();
      await expect(page).toHaveTitle(/^Erro: /);
    },
  );
});
