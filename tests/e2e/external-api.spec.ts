import { expect, test } from "../fixtures/warm";
import { DEMO, PRIVATE_AREA } from "../fixtures/demo";
import { PORTS } from "../support/ports";

// A second portal runs with API_BASE_URL pointing at the reference API in a separate process (API_ONLY=1):
// the portal must behave the same over real HTTP.
const external = `http://127.0.0.1:${PORTS.external}`;

test("the portal works against an API in another process (API_BASE_URL)", async ({ page }) => {
  // The external portal does not mount the API itself.
  const own = await page.request.get(`${external}/api/openapi.json`);
  expect(own.status()).toBe(404);

  await page.goto(`${external}/?termo=jazz`);
  await expect(page.getByRole("heading", { name: /resultados? para “jazz”/ })).toBeVisible();
  await page.locator("main ol li a[href^='/acervo/']").first().click();
  await expect(page.getByRole("table")).toBeVisible();

  await page.goto(`${external}${PRIVATE_AREA}`);
  await page.getByLabel("Usuário", { exact: true }).fill(DEMO.patron.login);
  // That API's institution uses the duplicate-persons login: the user code first (ADR 173).
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(`${external}${PRIVATE_AREA}`);
  await expect(page.getByRole("heading", { name: /^Empréstimos \(3\)$/ })).toBeVisible();
});
