import { expect, test } from "../fixtures/account";
import { DEMO, PRIVATE_AREA } from "../fixtures/demo";

/** The professors' own purchase suggestion (spec §6, ADR 195), with JavaScript on and off. */
const FORM = `${PRIVATE_AREA}/sugestao-professor`;
const MINE = `${PRIVATE_AREA}/sugestoes`;

test.describe("as the professor", () => {
  test.use({ patron: DEMO.professor });

  test("the menu leads to the form, which refuses missing fields beside them and in the summary, keeping what was typed", async ({
    signedIn: page,
    javaScriptEnabled,
  }) => {
    await page.goto(PRIVATE_AREA);
    await page.getByRole("navigation").getByRole("link", { name: "Sugestão de bibliografia (professores)" }).click();
    await expect(page).toHaveURL(FORM);
    await expect(page.getByRole("heading", { level: 1, name: "Sugestão de bibliografia" })).toBeVisible();
    await page.getByLabel("Título").fill("Teoria da constituição");
    await page.getByLabel("Justificativa").fill("Leitura da unidade 2");
    const [res] = await Promise.all([
      javaScriptEnabled ? Promise.resolve(null) : page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Enviar sugestão de bibliografia" }).click(),
    ]);
    if (res) expect(res.status()).toBe(400);
    const summary = page.getByRole("alert");
    await expect(summary).toContainText("Campo obrigatório não preenchido: Editora");
    await expect(summary).toContainText("Campo obrigatório não preenchido: Disciplina");
    await expect(summary).toContainText("Campo obrigatório não preenchido: Bibliografia");
    await expect(summary).toContainText("Informe um número de exemplares de 1 a 100.");
    await expect(page.getByLabel("Disciplina (plano de ensino)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Título")).toHaveValue("Teoria da constituição");
    await expect(page.getByLabel("Justificativa")).toHaveValue("Leitura da unidade 2");
    await expect(page).toHaveTitle(/^Erro: /);
    await summary.getByRole("link", { name: /Disciplina/ }).click();
    await expect(page.getByLabel("Disciplina (plano de ensino)")).toBeFocused();
  });

  test("a suggestion sent for a plan appears in my suggestions with its discipline and status", async ({ signedIn: page, javaScriptEnabled }) => {
    const title = `Curso de direito constitucional (${javaScriptEnabled ? "js" : "sem js"})`;
    await page.goto(FORM);
    await page.getByLabel("Biblioteca", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Título").fill(title);
    await page.getByLabel("Editora").fill("Saraiva");
    const plan = page.getByLabel("Disciplina (plano de ensino)");
    await plan.selectOption({ index: 1 });
    const discipline = ((await plan.locator("option:checked").textContent()) ?? "").split(" — ")[0];
    expect(discipline).not.toBe("");
    await page.getByLabel("Bibliografia", { exact: true }).selectOption("C");
    await page.getByLabel("Número de exemplares").fill("4");
    await page.getByRole("button", { name: "Enviar sugestão de bibliografia" }).click();
    await expect(page).toHaveURL(`${MINE}?enviada=1`);
    await expect(page.getByRole("status").filter({ hasText: "Sugestão de bibliografia enviada" })).toBeVisible();
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(title.replace(/[()]/g, "\\$&")) }) });
    await expect(row.getByRole("rowheader")).toContainText(`Bibliografia complementar de ${discipline}, 4 exemplar(es)`);
    await expect(row.getByRole("cell").last()).toHaveText("Pré-sugestão");

    // The same title again for the same plan is refused with the rule's message.
    await page.goto(FORM);
    await page.getByLabel("Biblioteca", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Título").fill(title);
    await page.getByLabel("Editora").fill("Saraiva");
    await plan.selectOption({ label: (await plan.locator("option").nth(1).textContent()) ?? "" });
    await page.getByLabel("Bibliografia", { exact: true }).selectOption("C");
    await page.getByLabel("Número de exemplares").fill("4");
    await page.getByRole("button", { name: "Enviar sugestão de bibliografia" }).click();
    await expect(page.getByRole("alert")).toContainText("Já existe uma solicitação com os mesmos dados.");
    await expect(page.getByLabel("Título")).toHaveValue(title);
  });

  test("the public suggestion page points professors to their own form", async ({ signedIn: page }) => {
    await page.goto("/sugestao");
    await page.getByRole("link", { name: "Sugerir bibliografia no Meu Pergamum" }).click();
    await expect(page).toHaveURL(FORM);
  });
});

test("a patron who is not a professor has no such menu entry, and the page says why with a 403", async ({ signedIn: page }) => {
  await page.goto(PRIVATE_AREA);
  await expect(page.getByRole("navigation").getByRole("link", { name: "Sugestão de bibliografia (professores)" })).toHaveCount(0);
  const res = await page.goto(FORM);
  expect(res?.status()).toBe(403);
  await expect(page.getByText("O seu cadastro não é de professor")).toBeVisible();
});
