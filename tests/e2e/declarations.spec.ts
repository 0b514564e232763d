import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/account";
import { DEMO, hydrated, login, PRIVATE_AREA } from "../fixtures/demo";
import { outboxCount, waitForMail } from "../support/outbox";

/** No-debts declaration, absences, paper posting and user swap (issue 11, ADR 192), with JavaScript on and off. */
const isJs = () => test.info().project.name === "js-on";

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

test("the declaration is refused with the reasons while the patron has loans, a hold and a debit", async ({ signedIn: page }) => {
  await open(page, `${PRIVATE_AREA}/nada-consta`);
  await expect(page.getByRole("heading", { name: "Não é possível emitir a declaração" })).toBeVisible();
  const reasons = page.getByRole("listitem").filter({ hasText: /em aberto|ativa/ });
  await expect(reasons).toHaveText([/3 empréstimos em aberto\./, /1 reserva ativa\./, /1 débito em aberto\./]);
  await expect(page.getByRole("link", { name: "Ver os débitos" })).toHaveAttribute("href", `${PRIVATE_AREA}/debitos`);
  await expect(page.getByRole("button", { name: "Emitir a declaração" })).toHaveCount(0);
});

test("a patron with a clean record confirms, gets the declaration as a PDF and by e-mail, and anyone can check its code", async ({
  browser,
  baseURL,
}) => {
  // Each project issues its own patron's declaration (issuing it ends that patron's link with the library).
  const patron = isJs()
    ? { login: "formando2", password: "demo1234", email: "bruno.mendes@example.org", name: "Bruno Teixeira Mendes" }
    : { login: "formando3", password: "demo1234", email: "clara.pinto@example.org", name: "Clara Azevedo Pinto" };
  const ctx = await browser.newContext({ baseURL, javaScriptEnabled: isJs(), locale: "pt-BR" });
  const page = await ctx.newPage();
  await login(page, patron);
  await open(page, `${PRIVATE_AREA}/nada-consta`);
  await expect(page.getByText("ao emitir a declaração, você será desligado da unidade de informação")).toBeVisible();

  // Without the confirmation: refused, with the reason next to the checkbox.
  await page.getByRole("button", { name: "Emitir a declaração" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Confirme que está ciente de que a declaração encerra o seu vínculo com a unidade de informação.",
  );
  await expect(page).toHaveTitle(/^Erro: /);
  await page.getByRole("alert").getByRole("link").click();
  await expect(page.getByLabel("Estou ciente de que a declaração encerra o meu vínculo com a unidade de informação.")).toBeFocused();

  const before = outboxCount(patron.email);
  await page.getByLabel("Estou ciente de que a declaração encerra o meu vínculo com a unidade de informação.").check();
  await page.getByRole("button", { name: "Emitir a declaração" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Declaração emitida e enviada para o seu e-mail." })).toBeVisible();
  const code = (await page.locator("dd strong").textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  const mail = await waitForMail(patron.email, before);
  expect(mail.text).toContain(code);
  expect(mail.files[0].subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const pdf = await page.request.get(`${PRIVATE_AREA}/nada-consta/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toContain(`nada-consta-${code}.pdf`);

  // Confirming again gives the same declaration, never a second one.
  await expect(page.getByRole("button", { name: "Emitir a declaração" })).toHaveCount(0);

  await page.getByRole("link", { name: "página pública de verificação" }).click();
  await expect(page.locator(".action-status")).toContainText(`Declaração válida: o código ${code} foi emitido pela biblioteca.`);
  await expect(page.getByText(patron.name)).toBeVisible();
  await ctx.close();
});

test("the public page checks a typed code and says when it is malformed or unknown, keeping what was typed", async ({ page }) => {
  await open(page, "/nada-consta/verificar");
  const field = page.getByLabel("Código de verificação");
  await field.fill("demo-nada-2026");
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page.locator(".action-status")).toContainText("Declaração válida: o código DEMO-NADA-2026 foi emitido pela biblioteca.");
  await expect(page.getByText("Daniel Rocha Fernandes")).toBeVisible();

  await page.getByLabel("Código de verificação").fill("ABC-12");
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page.getByRole("alert")).toContainText("Digite o código de verificação com 12 letras e números.");
  await expect(page).toHaveTitle(/^Erro: /);
  await expect(page.getByLabel("Código de verificação")).toHaveValue("ABC-12");

  await page.getByLabel("Código de verificação").fill("AAAA-BBBB-CCCC");
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page.locator(".action-status")).toContainText("Nenhuma declaração tem o código AAAA-BBBB-CCCC.");
});

test("user swap needs a user other than the one signed in, then ends the session and opens the login for the other user", async ({
  browser,
  baseURL,
}) => {
  const ctx = await browser.newContext({ baseURL, javaScriptEnabled: isJs(), locale: "pt-BR" });
  const page = await ctx.newPage();
  await login(page, { login: "funcionario", password: "demo1234" });
  await open(page, `${PRIVATE_AREA}/troca-usuario`);
  await page.getByRole("button", { name: "Encerrar a sessão e trocar de usuário" }).click();
  await expect(page.getByRole("alert")).toContainText("Informe o usuário.");
  await expect(page).toHaveTitle(/^Erro: /);

  await page.getByRole("textbox", { name: "Usuário" }).fill("funcionario");
  await page.getByRole("button", { name: "Encerrar a sessão e trocar de usuário" }).click();
  await expect(page.getByRole("alert")).toContainText("Você já está conectado com este usuário.");
  await expect(page.getByRole("textbox", { name: "Usuário" })).toHaveValue("funcionario");

  await page.getByRole("textbox", { name: "Usuário" }).fill("professor");
  await page.getByRole("button", { name: "Encerrar a sessão e trocar de usuário" }).click();
  await page.waitForURL(/\/login\?usuario=professor$/);
  await expect(page.getByRole("status").filter({ hasText: "Sessão encerrada. Entre com o outro usuário." })).toBeVisible();
  await expect(page.locator("input[name=username]")).toHaveValue("professor");
  // The old session is over: the private area asks for a login again.
  await page.goto(PRIVATE_AREA);
  await hydrated(page);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await ctx.close();
});

test.describe("absences", () => {
  test.use({ patron: DEMO.professor });

  test("list each absence with its period and where it stands", async ({ signedIn: page }) => {
    await open(page, `${PRIVATE_AREA}/afastamentos`);
    const table = page.getByRole("table", { name: "Meus afastamentos" });
    await expect(table.getByRole("row", { name: /Férias/ })).toContainText("Em curso");
    await expect(table.getByRole("row", { name: /Licença para capacitação/ })).toContainText("Encerrado");
    await expect(table.getByRole("row", { name: /Licença para capacitação/ })).toContainText("Pós-doutorado na Universidade do Porto");
  });
});

test("paper posting hands the patron over to the institution's repository", async ({ signedIn: page }) => {
  await page.route("https://repositorio.ufd.example.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: "<title>Repositório</title><h1>Repositório institucional</h1>" }),
  );
  await open(page, PRIVATE_AREA);
  await page.getByRole("navigation", { name: "Menu da conta" }).getByRole("link", { name: "Postagem de trabalhos" }).click();
  await page.getByRole("button", { name: "Ir para o repositório" }).click();
  await page.waitForURL(/^https:\/\/repositorio\.ufd\.example\.org\/submissao\?token=[\w-]+$/);
  await expect(page.getByRole("heading", { name: "Repositório institucional" })).toBeVisible();
});
