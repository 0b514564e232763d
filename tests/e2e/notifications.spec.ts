import { expect, test } from "../fixtures/account";
import { PRIVATE_AREA } from "../fixtures/demo";
import { savedSearchId, unsubscribeToken } from "../support/unsubscribe";

/**
 * Staying informed (issue 29, ADR 248, 249): the notice choices, an e-mail's unsubscribe link (the page and a
 * mail client's one-click POST), the saved searches' alert frequency and their deletion after a confirmation, and
 * the loan-history choice. Each project has its own patron (avisos1 with JS, avisos2 without), signed in once.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

const NOTICES = `${PRIVATE_AREA}/notificacoes`;
const SAVED = `${PRIVATE_AREA}/itens-salvos`;
const PROFILE = `${PRIVATE_AREA}/dados-pessoais`;
const isJs = () => test.info().project.name === "js-on";
const patronLogin = () => (isJs() ? "avisos1" : "avisos2");

test.use({
  // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature: this option depends on no fixture
  patron: async ({}, use, info) => {
    await use({ login: info.project.name === "js-on" ? "avisos1" : "avisos2", password: "demo1234" });
  },
});

test("the personal-data page leads to the notices, whose choices are saved and shown after a reload", async ({ signedIn: page }) => {
  await page.goto(PROFILE);
  await page.getByRole("link", { name: "Escolher quais avisos receber" }).click();
  await expect(page).toHaveURL(NOTICES);
  await expect(page.getByRole("heading", { level: 1, name: "Notificações" })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Notificações" })).toBeVisible();
  await page.getByRole("checkbox", { name: "Por e-mail: Empréstimo atrasado" }).check();
  await page.getByRole("checkbox", { name: "Por e-mail: Reserva disponível para retirada" }).uncheck();
  await page.getByRole("checkbox", { name: "Nos alertas: Títulos novos do perfil de interesse" }).uncheck();
  await page.getByLabel("Avisar quantos dias antes do vencimento").fill("5");
  await page.getByRole("button", { name: "Salvar notificações" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Notificações salvas." })).toBeVisible();
  await page.goto(NOTICES);
  await expect(page.getByRole("checkbox", { name: "Por e-mail: Empréstimo atrasado" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Por e-mail: Reserva disponível para retirada" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Nos alertas: Títulos novos do perfil de interesse" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Nos alertas: Empréstimo atrasado" })).toBeChecked();
  await expect(page.getByLabel("Avisar quantos dias antes do vencimento")).toHaveValue("5");
});

test("days out of range are refused beside the field and in the summary, with a 4xx, keeping what was typed and saving nothing", async ({
  signedIn: page,
}) => {
  await page.goto(NOTICES);
  await page.getByRole("checkbox", { name: "Nos alertas: Empréstimo atrasado" }).uncheck();
  const days = page.getByLabel("Avisar quantos dias antes do vencimento");
  await days.fill("30");
  const [res] = await Promise.all([
    isJs() ? Promise.resolve(null) : page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "Salvar notificações" }).click(),
  ]);
  if (res) expect(res.status()).toBe(400);
  const summary = page.getByRole("alert").first();
  await expect(summary).toContainText("Informe um número de dias de 1 a 14.");
  await expect(days).toHaveAttribute("aria-invalid", "true");
  await expect(days).toHaveValue("30");
  // Beside the field: the error the field is described by.
  await expect(days).toHaveAccessibleDescription(/Informe um número de dias de 1 a 14\./);
  await expect(page.getByRole("checkbox", { name: "Nos alertas: Empréstimo atrasado" })).not.toBeChecked();
  await expect(page).toHaveTitle(/^Erro: /);
  // The same refusal as a plain form post answers 400.
  expect((await page.context().request.post(NOTICES, { form: { dias: "abc" } })).status()).toBe(400);
  await page.goto(NOTICES);
  await expect(page.getByRole("checkbox", { name: "Nos alertas: Empréstimo atrasado" })).toBeChecked();
  await expect(days).toHaveValue("5");
});

test("an e-mail's unsubscribe link shows what it turns off and changes nothing; its button turns it off", async ({ signedIn: page }) => {
  const link = `/descadastro?token=${unsubscribeToken(patronLogin(), { evento: "atraso" })}`;
  const res = await page.goto(link);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Cancelar e-mails" })).toBeVisible();
  await expect(page.getByText("Deixar de receber por e-mail: Empréstimo atrasado.")).toBeVisible();
  await page.goto(NOTICES);
  await expect(page.getByRole("checkbox", { name: "Por e-mail: Empréstimo atrasado" })).toBeChecked();

  await page.goto(link);
  await page.getByRole("button", { name: "Cancelar estes e-mails" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pronto: você não receberá mais por e-mail: Empréstimo atrasado." })).toBeVisible();
  await page.getByRole("link", { name: "Ajustar todas as notificações" }).click();
  await expect(page).toHaveURL(NOTICES);
  await expect(page.getByRole("checkbox", { name: "Por e-mail: Empréstimo atrasado" })).not.toBeChecked();
  // Only the e-mail: the alert in the portal stays as chosen.
  await expect(page.getByRole("checkbox", { name: "Nos alertas: Empréstimo atrasado" })).toBeChecked();
});

test("a forged unsubscribe link gets a clear 404 page and no button", async ({ page }) => {
  const token = unsubscribeToken(patronLogin(), { evento: "vencimento" });
  const forged = `${token.slice(0, -6)}${token.endsWith("AAAAAA") ? "BBBBBB" : "AAAAAA"}`;
  const res = await page.goto(`/descadastro?token=${forged}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Cancelar e-mails" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("Este link de cancelamento não é válido. Ajuste seus avisos em Notificações, na sua conta.");
  await expect(page.getByRole("button", { name: "Cancelar estes e-mails" })).toHaveCount(0);
  await expect(page).toHaveTitle(/^Erro: /);
  // A forged one-click POST changes nothing either.
  const post = await page.context().request.post(`/descadastro?token=${forged}`, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
    maxRedirects: 0,
  });
  expect(post.status()).toBe(404);
});

test("a mail client's one-click POST turns a saved search's alert off without a session", async ({ signedIn: page, playwright, baseURL }) => {
  await page.goto(SAVED);
  await expect(page.getByLabel("Avisos de títulos novos para a pesquisa Astronomia")).toHaveValue("diario");
  // RFC 8058: a POST to the List-Unsubscribe address, body "List-Unsubscribe=One-Click", no cookie, no Origin.
  const mailClient = await playwright.request.newContext({ baseURL });
  const res = await mailClient.post(`/descadastro?token=${unsubscribeToken(patronLogin(), { pesquisa: "Astronomia" })}`, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
    maxRedirects: 0,
  });
  await mailClient.dispose();
  expect(res.status()).toBe(303);
  expect(res.headers().location).toContain("feito=1");
  await page.goto(SAVED);
  await expect(page.getByLabel("Avisos de títulos novos para a pesquisa Astronomia")).toHaveValue("nenhum");
});

test("each saved search gets its own alert frequency, kept after a reload; an unknown one is refused with a 4xx", async ({ signedIn: page }) => {
  await page.goto(SAVED);
  const poetry = page.getByLabel("Avisos de títulos novos para a pesquisa Poesia brasileira");
  await expect(poetry).toHaveValue("nenhum");
  await poetry.selectOption({ label: "Semanal" });
  await page.getByRole("button", { name: "Salvar aviso da pesquisa Poesia brasileira" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Aviso da pesquisa salvo." })).toBeVisible();
  await page.goto(SAVED);
  await expect(page.getByLabel("Avisos de títulos novos para a pesquisa Poesia brasileira")).toHaveValue("semanal");
  await expect(page.getByLabel("Avisos de títulos novos para a pesquisa Astronomia")).toHaveValue("nenhum");

  const id = savedSearchId(patronLogin(), "Poesia brasileira");
  const bad = await page.context().request.post(SAVED, { form: { intent: "alerta", id: String(id), alerta: "mensal" } });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("Escolha sem avisos, diário ou semanal.");
  await page.goto(SAVED);
  await expect(page.getByLabel("Avisos de títulos novos para a pesquisa Poesia brasileira")).toHaveValue("semanal");
});

test("deleting a saved search asks first (a dialog with JavaScript, a page without); going back keeps it", async ({ signedIn: page }) => {
  await page.goto(SAVED);
  const row = page.getByRole("rowheader", { name: "Poesia brasileira", exact: true });
  await page.getByRole("button", { name: "Excluir a pesquisa Poesia brasileira" }).click();
  const question = page.getByRole("heading", { level: 2, name: "Excluir a pesquisa salva “Poesia brasileira”?" });
  await expect(question).toBeVisible();
  if (isJs()) {
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.getByRole("button", { name: "Não, voltar" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
  } else {
    await expect(question).toBeFocused();
    await page.getByRole("link", { name: "Não, voltar" }).click();
    await expect(page).toHaveURL(SAVED);
  }
  await expect(row).toBeVisible();

  await page.getByRole("button", { name: "Excluir a pesquisa Poesia brasileira" }).click();
  await page.getByRole("button", { name: "Sim, excluir a pesquisa" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pesquisa excluída." })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole("rowheader", { name: "Astronomia", exact: true })).toBeVisible();
});

test("the loan-history choice: the library's period, then never while the current history stays, then forever again", async ({ signedIn: page }) => {
  await page.goto(PROFILE);
  const section = page.locator("#historico");
  await expect(section).toContainText("A biblioteca guarda o seu histórico para sempre: 2 empréstimos devolvidos.");
  await section.getByLabel("Guardar pelo prazo da biblioteca (365 dias)").check();
  await section.getByRole("button", { name: "Salvar escolha" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "A biblioteca vai guardar o seu histórico de empréstimos pelo prazo dela." }),
  ).toBeVisible();
  await expect(section).toContainText("A biblioteca guarda o seu histórico por 365 dias: 2 empréstimos devolvidos.");

  // Never, without deleting: what exists stays until the patron deletes it.
  await section.getByLabel("Não guardar").check();
  await section.getByRole("button", { name: "Salvar escolha" }).click();
  await expect(page.getByRole("status").filter({ hasText: "A biblioteca não vai mais guardar o seu histórico de empréstimos." })).toBeVisible();
  await page.goto(PROFILE);
  await expect(section).toContainText(
    "A biblioteca não guarda o seu histórico de empréstimos. 2 empréstimos devolvidos continuam guardados até você apagá-los.",
  );
  await expect(section.getByLabel("Não guardar")).toBeChecked();

  // Deleting while keeping it: refused beside the box (400 without JS), nothing deleted.
  await section.getByLabel("Guardar sempre").check();
  await section.getByLabel("Apagar também o histórico atual (2 empréstimos devolvidos)").check();
  const [res] = await Promise.all([
    isJs() ? Promise.resolve(null) : page.waitForResponse((r) => r.request().method() === "POST"),
    section.getByRole("button", { name: "Salvar escolha" }).click(),
  ]);
  if (res) expect(res.status()).toBe(400);
  await expect(section.getByRole("alert")).toContainText("Para apagar o histórico atual, escolha “Não guardar”.");
  await expect(section.getByLabel(/^Apagar também o histórico atual/)).toHaveAttribute("aria-invalid", "true");
  await expect(section.getByLabel("Guardar sempre")).toBeChecked();
  await expect(section).toContainText("2 empréstimos devolvidos");

  await section.getByLabel(/^Apagar também o histórico atual/).uncheck();
  await section.getByRole("button", { name: "Salvar escolha" }).click();
  await expect(page.getByRole("status").filter({ hasText: "A biblioteca vai guardar o seu histórico de empréstimos para sempre." })).toBeVisible();
  await page.goto(PROFILE);
  await expect(section).toContainText("A biblioteca guarda o seu histórico para sempre: 2 empréstimos devolvidos.");
});
