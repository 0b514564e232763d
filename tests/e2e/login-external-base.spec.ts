import { expect, test } from "../fixtures/warm";
import { DEMO, login, PRIVATE_AREA } from "../fixtures/demo";

const REDIRECT_PAGE = "/pergamum_redireciona";

test.describe("login towards an external base", () => {
  test("a login asked for by an external base ends on its access page, with a link that opens in a new tab", async ({ page }) => {
    await login(page, DEMO.patron, "cengage");
    await expect(page).toHaveURL(`${REDIRECT_PAGE}?base=cengage`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acesso a Cengage");
    const open = page.getByRole("link", { name: "Abrir Cengage (abre em uma nova janela)" });
    await expect(open).toHaveAttribute("target", "_blank");
    await expect(open).toHaveAttribute("href", /^https:\/\/cengage\.example\.org\/acesso\?ticket=[\w-]{20,}$/);
    await page.getByRole("link", { name: "Continuar para Meu Pergamum" }).click();
    await expect(page).toHaveURL(PRIVATE_AREA);
  });

  test("a name that is not an external base is ignored: the login goes on to the home page", async ({ page }) => {
    await login(page, DEMO.patron, "nowhere");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catálogo online");
  });

  test("a patron already logged in who opens the login for a base goes straight to its access page", async ({ page }) => {
    await login(page, DEMO.patron);
    await page.goto("/login?redirect=editora_forum");
    await expect(page).toHaveURL(`${REDIRECT_PAGE}?base=editora_forum`);
    await expect(page.getByRole("link", { name: /^Abrir Editora Fórum/ })).toHaveAttribute(
      "href",
      /^https:\/\/editora-forum\.example\.org\/acesso\?ticket=/,
    );
  });

  test("the access page asks a visitor who is not logged in to log in first, and comes back", async ({ page }) => {
    await page.goto(`${REDIRECT_PAGE}?base=pearson`);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpergamum_redireciona%3Fbase%3Dpearson$/);
  });
});
