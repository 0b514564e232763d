import type { TestInfo } from "@playwright/test";
import { expect, test as base } from "../fixtures/account";
import { hydrated, PRIVATE_AREA } from "../fixtures/demo";

/**
 * Deleting chosen loans from the history (issue 29): a checkbox per returned loan, a confirmation (a dialog with
 * JS, a page without), the result leading the title, and refusals that delete nothing. Each project consumes the
 * history of its own patron (historico1 with JS, historico2 without; three returned loans each).
 */
const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature: this option depends on no fixture
  patron: async ({}, use, info: TestInfo) => use({ login: info.project.name === "js-on" ? "historico1" : "historico2", password: "demo1234" }),
});
test.describe.configure({ mode: "serial", timeout: 90_000 });

const HISTORY = `${PRIVATE_AREA}/emprestimos/historico`;
const isJs = () => test.info().project.name === "js-on";
const boxes = (page: import("@playwright/test").Page) => page.getByRole("checkbox", { name: /^Selecionar .+, devolvido em \d{2}\/\d{2}\/\d{4}$/ });

test("deleting needs a selection: the error beside the list and in the summary, a 400, nothing deleted", async ({ signedIn: page }) => {
  await page.goto(HISTORY);
  await hydrated(page);
  await expect(boxes(page)).toHaveCount(3);
  const [res] = await Promise.all([
    isJs() ? Promise.resolve(null) : page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "Excluir os selecionados" }).click(),
  ]);
  if (res) expect(res.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("Selecione ao menos um empréstimo para excluir.");
  await expect(page).toHaveTitle(/^Erro: /);
  await expect(boxes(page).first()).toHaveAccessibleDescription(/Selecione ao menos um empréstimo para excluir\./);
  await page.goto(HISTORY);
  await expect(boxes(page)).toHaveCount(3);
});

test("the chosen loan is deleted only after the confirmation; 'no' keeps it; the result leads the title", async ({ signedIn: page }) => {
  await page.goto(HISTORY);
  await hydrated(page);
  const first = boxes(page).first();
  const label = (await first.getAttribute("aria-label")) ?? "";
  const title = /^Selecionar (.+), devolvido em /.exec(label)![1];
  await first.check();
  await page.getByRole("button", { name: "Excluir os selecionados" }).click();
  // With JS a dialog asks; without JS a confirmation page does. Nothing is deleted yet.
  const step = isJs() ? page.getByRole("dialog") : page.getByRole("main");
  await expect(step.getByRole("heading", { name: "Excluir este empréstimo do histórico?" })).toBeVisible();
  await expect(step.getByRole("listitem").filter({ hasText: title })).toBeVisible();
  if (!isJs()) await expect(page.getByRole("heading", { name: "Excluir este empréstimo do histórico?" })).toBeFocused();
  await step.getByRole(isJs() ? "button" : "link", { name: "Não, voltar ao histórico" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto(HISTORY);
  await expect(boxes(page)).toHaveCount(3);

  await page.getByRole("checkbox", { name: label }).check();
  await page.getByRole("button", { name: "Excluir os selecionados" }).click();
  await (isJs() ? page.getByRole("dialog") : page.getByRole("main")).getByRole("button", { name: "Sim, excluir o empréstimo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 empréstimo excluído do histórico." })).toBeVisible();
  await expect(page.locator("#resultado")).toBeFocused();
  await expect(page).toHaveTitle(/^1 empréstimo excluído do histórico\. – Histórico de empréstimos/);
  await expect(boxes(page)).toHaveCount(2);
  await expect(page.getByRole("checkbox", { name: label })).toHaveCount(0);
});

test("posts that no form sends are refused with a 400 and delete nothing: unknown ids, too many ids, not numbers", async ({ signedIn: page }) => {
  const post = (body: string) =>
    page.context().request.post(HISTORY, { data: body, headers: { "Content-Type": "application/x-www-form-urlencoded" }, maxRedirects: 0 });
  // Ids that are not this patron's returned loans (another patron's, or none at all): nothing deleted.
  for (const ids of [[1, 2, 3], [999_999_999]]) {
    const res = await post(`intent=excluir&${ids.map((i) => `emprestimo=${i}`).join("&")}`);
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain("Os empréstimos escolhidos não estão no seu histórico ou não podem ser excluídos.");
  }
  const many = Array.from({ length: 2_000 }, (_, i) => `emprestimo=${i + 1}`).join("&");
  expect((await post(`intent=excluir&${many}`)).status()).toBe(400);
  expect((await post("intent=excluir&emprestimo=abc&emprestimo=-3&emprestimo=1e3&emprestimo=0x10")).status()).toBe(400);
  await page.goto(HISTORY);
  await expect(boxes(page)).toHaveCount(2);
});
