import type { TestInfo } from "@playwright/test";
import { expect, test as base } from "../fixtures/account";
import { PRIVATE_AREA } from "../fixtures/demo";

// Read-only pages of the demo readers (each project its own reader, as the loans spec does).
const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  patron: async ({}, use, info: TestInfo) => use({ login: info.project.name === "js-off" ? "leitor2" : "leitor", password: "demo1234" }),
});
test.describe.configure({ timeout: 90_000 });

test.describe("words and times a patron reads (ADRs 226, 227)", () => {
  test("an hourly loan shows the hour it is due, in the library's time, with a four-digit year", async ({ signedIn: page }) => {
    await page.goto(`${PRIVATE_AREA}/emprestimos`);
    const hourly = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "Por hora", exact: true }) });
    await expect(hourly).toHaveCount(1);
    await expect(hourly).toContainText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
  });

  test("the alerts page words a status change as a sentence, never as a code or with '(s)'", async ({ signedIn: page }) => {
    await page.goto(`${PRIVATE_AREA}/alertas`);
    const list = page.getByRole("main").getByRole("list").first();
    await expect(list).toContainText(/Sua solicitação de empréstimo de “.+” está agora disponível\./);
    await expect(page.getByRole("main")).not.toContainText(/disponivel|dia\(s\)|\d{4}-\d{2}-\d{2}/);
  });
});
