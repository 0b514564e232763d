import { expect, test } from "../fixtures/account";
import { PRIVATE_AREA } from "../fixtures/demo";

// Account pages make several API calls each; a busy CI machine needs more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.describe("the account area's frame", () => {
  test("on a wide screen the account menu is shown beside the page and marks the current screen", async ({ signedIn: page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(PRIVATE_AREA);
    const menu = page.getByRole("navigation", { name: "Menu da conta" });
    await expect(menu.getByRole("link", { name: "Resumo" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Resumo" })).toHaveAttribute("aria-current", "page");
    // The disclosure's toggle is not needed (nor shown) when there is room for the menu.
    await expect(page.locator(".account-nav__toggle")).toBeHidden();
  });

  test("on a small screen the menu is collapsed into a disclosure that opens, with or without JavaScript", async ({ signedIn: page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(PRIVATE_AREA);
    const menu = page.getByRole("navigation", { name: "Menu da conta" });
    await expect(menu.getByRole("link", { name: "Resumo" })).toBeHidden();
    await page.getByText("Menu de Minha conta").click();
    await expect(menu.getByRole("link", { name: "Resumo" })).toBeVisible();
  });
});
