import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/account";
import { DEMO, PRIVATE_AREA } from "../fixtures/demo";

/**
 * Language of parts in the patron area (WCAG 3.1.2, eMAG 3.2; ADR 136): a title in another language than the
 * page's carries `lang` on the element that holds its words, as in the catalogue; a title in the page's language
 * carries none. Read-only, so both projects share the demo data: the bundled catalogue's English title
 * "The education of free men in American Democracy" (MARC "eng") is held by demo and lent to professor; every other
 * loan of theirs is a Portuguese title.
 */
const ENGLISH = "The education of free men in American Democracy";
const wcag = { annotation: { type: "wcag", description: "3.1.2; eMAG 3.2" } };

// Account pages make several API calls each; a busy CI machine needs more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

/** The link of a title, by its exact words, inside `scope`. */
const titleLink = (page: Page, name: string, scope = page.getByRole("main")) => scope.getByRole("link", { name, exact: true });

test.describe("as demo (an English title held, Portuguese titles lent)", () => {
  test("the summary marks the English hold lang=en and leaves the Portuguese loans unmarked", wcag, async ({ signedIn: page }) => {
    await page.goto(PRIVATE_AREA);
    const holds = page.getByRole("main").getByRole("region", { name: /^Reservas \(/ });
    await expect(titleLink(page, ENGLISH, holds)).toHaveAttribute("lang", "en");
    const loans = page.getByRole("main").getByRole("region", { name: /^Empréstimos \(/ });
    await expect(titleLink(page, "A democracia no Brasil", loans)).toBeVisible();
    await expect(titleLink(page, "A democracia no Brasil", loans)).not.toHaveAttribute("lang");
  });

  test(
    "with the interface in English, the summary marks the Portuguese loans lang=pt and the English hold not at all",
    wcag,
    async ({ signedIn: page }) => {
      await page.goto(`${PRIVATE_AREA}?lng=en`);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(titleLink(page, "A democracia no Brasil")).toHaveAttribute("lang", "pt");
      await expect(titleLink(page, ENGLISH)).toBeVisible();
      await expect(titleLink(page, ENGLISH)).not.toHaveAttribute("lang");
    },
  );

  test("the holds page marks the English title of an active hold lang=en", wcag, async ({ signedIn: page }) => {
    await page.goto(`${PRIVATE_AREA}/reservas`);
    const active = page.getByRole("table", { name: /Suas reservas ativas/ });
    await expect(titleLink(page, ENGLISH, active)).toHaveAttribute("lang", "en");
  });
});

test.describe("as professor (an English and a Portuguese title lent)", () => {
  test.use({ patron: DEMO.professor });

  test("the loans page marks the English title lang=en and leaves the Portuguese one unmarked", wcag, async ({ signedIn: page }) => {
    await page.goto(`${PRIVATE_AREA}/emprestimos`);
    const table = page.getByRole("table", { name: /empréstimos? atua/ });
    await expect(titleLink(page, ENGLISH, table)).toHaveAttribute("lang", "en");
    await expect(titleLink(page, "Por que democracia", table)).toBeVisible();
    await expect(titleLink(page, "Por que democracia", table)).not.toHaveAttribute("lang");
  });

  test("the summary and the loan history mark the English loan lang=en", wcag, async ({ signedIn: page }) => {
    await page.goto(PRIVATE_AREA);
    const loans = page.getByRole("main").getByRole("region", { name: /^Empréstimos \(/ });
    await expect(titleLink(page, ENGLISH, loans)).toHaveAttribute("lang", "en");

    await page.goto(`${PRIVATE_AREA}/emprestimos/historico`);
    const history = page.getByRole("main").getByRole("table");
    await expect(titleLink(page, ENGLISH, history)).toHaveAttribute("lang", "en");
    await expect(titleLink(page, "Por que democracia", history)).not.toHaveAttribute("lang");
  });
});
