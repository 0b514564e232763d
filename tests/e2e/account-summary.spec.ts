import { expect, test } from "../fixtures/account";
import { PRIVATE_AREA } from "../fixtures/demo";

test.describe.configure({ timeout: 90_000 });

test("the account summary says, among what needs attention, that the registration expires soon and how to renew it", async ({ signedIn: page }) => {
  // The demo patron's registration expires 20 days after the demo data was made (19 once a day boundary passed).
  await page.goto(PRIVATE_AREA);
  const urgent = page.getByRole("region", { name: "Precisa da sua atenção" });
  await expect(urgent).toContainText(/Seu cadastro vence em (19|20) dias \(\d{2}\/\d{2}\/\d{4}\)\./);
  await expect(urgent).toContainText("Para renová-lo, procure o balcão de atendimento da biblioteca");
});

test.describe("a patron whose registration is far from expiry", () => {
  test.use({ patron: { login: "leitor", password: "demo1234" } });
  test("sees no registration notice", async ({ signedIn: page }) => {
    await page.goto(PRIVATE_AREA);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(/Seu cadastro (vence|venceu)/)).toHaveCount(0);
  });
});
