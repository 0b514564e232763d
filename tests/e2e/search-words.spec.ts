import { expect, test } from "@playwright/test";

// Issue 6 "Search words": a misspelt search offers the catalogue's own word as a plain link (JS on and off).
test.describe("did you mean", () => {
  test("a misspelt word finds nothing and offers the catalogue's word, which searches for it", async ({ page }) => {
    await page.goto("/?termo=democrasia&tipo=livre");
    await expect(page.getByRole("heading", { level: 2, name: "Nenhum resultado para “democrasia”." })).toBeVisible();
    const offer = page.getByRole("list", { name: "Você quis dizer:" }).getByRole("link", { name: /^democracia \(\d+ títulos?\)$/ });
    await expect(offer).toBeVisible();
    await offer.click();
    await expect(page).toHaveURL(/[?&]termo=democracia(&|$)/);
    await expect(page).toHaveURL(/[?&]tipo=livre/);
    await expect(page.getByRole("heading", { level: 2, name: /resultados? para “democracia”/ })).toBeVisible();
    await expect(page.getByRole("list", { name: "Você quis dizer:" })).toHaveCount(0);
  });

  test("in English too", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "lng", value: "en", url: baseURL! }]);
    await page.goto("/?termo=democrasia");
    await expect(page.getByRole("list", { name: "Did you mean:" }).getByRole("link", { name: /^democracia \(\d+ titles?\)$/ })).toBeVisible();
  });
});
