import { expect, test } from "../fixtures/warm";
import type { Page } from "@playwright/test";
import { DEMO, hydrated } from "../fixtures/demo";

// Spec §2: the "go to" choice (private area or online catalogue) on the full login page, when the private area
// (activity 8) is on; required when shown (spec §5).

const fill = async (page: Page) => {
  await page.getByLabel("Usuário", { exact: true }).fill(DEMO.patron.login);
  await page.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
};

test("choosing the online catalogue in 'go to' signs in and lands on the catalogue", async ({ page }, info) => {
  await page.goto("/login");
  await hydrated(page, info.project.name === "js-on");
  const goTo = page.getByRole("group", { name: "Ir para" });
  await expect(goTo.getByRole("radio")).toHaveCount(2);
  await goTo.getByRole("radio", { name: "Catálogo online" }).check();
  await fill(page);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Menu do usuário" })).toContainText("Olá, Ana");
  await expect(page).toHaveURL(/\/$/);
});

test("'go to' is not offered when a page asked for the login (the patron goes back there)", async ({ page }) => {
  await page.goto("/login?redirect=%2Fcesta");
  await expect(page.getByRole("group", { name: "Ir para" })).toHaveCount(0);
});

test("'go to' is required when shown", async ({ page }, info) => {
  test.skip(info.project.name !== "js-on", "an answer is always ticked in the page; only a script can clear it");
  await page.goto("/login");
  await hydrated(page, true);
  await page
    .getByRole("group", { name: "Ir para" })
    .getByRole("radio")
    .evaluateAll((radios) => radios.forEach((r) => ((r as HTMLInputElement).checked = false)));
  await fill(page);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Escolha para onde ir.");
  await expect(page.getByRole("navigation", { name: "Menu do usuário" })).not.toContainText("Olá");
});
