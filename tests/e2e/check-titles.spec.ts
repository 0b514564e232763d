import { expect, test } from "../fixtures/account";
import { PRIVATE_AREA } from "../fixtures/demo";

// Check titles (spec §2, §9; issue 9): the titles added to the catalogue this last month, in the areas of the patron's
// interest profile. The demo patron's profile names area 300 (Ciências sociais).
test("check titles lists the month's new titles of the profile's areas, reached from the account menu", async ({ signedIn: page }) => {
  await page.goto(PRIVATE_AREA);
  await page.getByRole("navigation", { name: "Menu da conta" }).getByRole("link", { name: "Verificar títulos" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Verificar títulos" })).toBeVisible();
  await expect(page.getByText(/^Os títulos incorporados ao acervo desde \d{2}\/\d{2}\/\d{4}, nas áreas do seu perfil de interesse/)).toBeVisible();
  const items = page.getByRole("list", { name: "Títulos novos" }).getByRole("listitem");
  await expect(items.first()).toBeVisible();
  for (const text of await items.allTextContents()) expect(text).toContain("300 – Ciências sociais");
  await expect(page.getByRole("link", { name: "Alterar o perfil de interesse" })).toHaveAttribute("href", `${PRIVATE_AREA}/perfil-interesse`);
});
