import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures/account";
import { PRIVATE_AREA } from "../fixtures/demo";
import { outboxCount, waitForMail } from "../support/outbox";

/**
 * Contact details on the personal-data screen (issue 26, ADR 236): the phone under spec §5's rule, and a new e-mail
 * address that applies only once the link mailed to it is followed, then pre-fills the loan request. Each project
 * has its own patron (contato1 with JS, contato2 without), signed in once per worker.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

const PROFILE = `${PRIVATE_AREA}/dados-pessoais`;
const isJs = () => test.info().project.name === "js-on";
const OLD_EMAIL = { "js-on": "renata.moreira@example.org", "js-off": "paulo.teles@example.org" } as const;

test.use({
  // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature: this option depends on no fixture
  patron: async ({}, use, info) => {
    await use({ login: info.project.name === "js-on" ? "contato1" : "contato2", password: "demo1234" });
  },
});

/** A title with a copy available for loan (its loan-request form pre-fills the patron's e-mail and phone). */
async function lendableTitle(request: APIRequestContext): Promise<number> {
  const pub = await request.post("/api/oauth/token", { form: { grant_type: "client_credentials", client_id: "4" } });
  const token = ((await pub.json()) as { access_token: string }).access_token;
  const res = await request.get("/api/consulta?termo=historia&qtd=40", { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { resultados: Array<{ cod_acervo: number; disponiveis: number }> };
  return body.resultados.find((r) => r.disponiveis > 0)!.cod_acervo;
}

test("the stored phone is shown; a phone with letters is refused beside the field, keeping it; a valid one is saved", async ({ signedIn: page }) => {
  await page.goto(PROFILE);
  const phone = page.getByLabel("Telefone");
  await expect(phone).toHaveValue(isJs() ? "(61) 3201-1000" : "(61) 3201-2000");
  await phone.fill("61 3201-abcd");
  await page.getByRole("button", { name: "Salvar dados pessoais" }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("Telefone inválido: use só números, hífen, parênteses e espaço, até 16 caracteres.");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveValue("61 3201-abcd");
  if (!isJs()) await expect(page).toHaveTitle(/^Erro: /);
  await phone.fill("(61) 99876-5432");
  await page.getByRole("button", { name: "Salvar dados pessoais" }).click();
  await expect(page.locator(".action-status")).toContainText("Dados pessoais salvos.");
  await expect(page.getByLabel("Telefone")).toHaveValue("(61) 99876-5432");
});

test("a new e-mail applies only after the link mailed to it is confirmed, and then pre-fills the loan request", async ({
  signedIn: page,
  request,
}) => {
  const project = test.info().project.name as keyof typeof OLD_EMAIL;
  const old = OLD_EMAIL[project];
  const next = `${project}.novo@example.org`;
  await page.goto(PROFILE);
  const section = page.locator("#email");
  await expect(section).toContainText(`E-mail do seu cadastro: ${old}`);
  // Another person's address: refused without saying whose, what was typed kept.
  await page.getByLabel("Novo e-mail").fill("ana.souza@example.org");
  await page.getByRole("button", { name: "Enviar link de confirmação" }).click();
  await expect(page.getByRole("alert")).toContainText("Este e-mail não pode ser usado no seu cadastro. Informe outro ou procure a biblioteca.");
  await expect(page.getByLabel("Novo e-mail")).toHaveValue("ana.souza@example.org");

  const before = outboxCount(next);
  const noticesBefore = outboxCount(old);
  await page.getByLabel("Novo e-mail").fill(next);
  await page.getByRole("button", { name: "Enviar link de confirmação" }).click();
  await expect(page.locator(".action-status")).toContainText("Link de confirmação enviado para o novo e-mail.");
  await expect(section).toContainText(`Enviamos um link de confirmação para ${next}.`);
  // Not applied yet.
  await expect(section).toContainText(`E-mail do seu cadastro: ${old}`);
  const mail = await waitForMail(next, before);
  expect((await waitForMail(old, noticesBefore)).text).toContain("Foi pedida a troca do e-mail");
  const link = /\/confirmar-email\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();

  // Opening the link changes nothing; the button does.
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1, name: "Confirmar novo e-mail" })).toBeVisible();
  await expect(page.getByText(`Confirme que ${next} passa a ser o e-mail do seu cadastro na biblioteca.`)).toBeVisible();
  await page.getByRole("button", { name: "Confirmar", exact: true }).click();
  await expect(page.locator(".action-status")).toContainText("E-mail alterado.");
  // The link is spent.
  await page.goto(link!);
  await expect(page.locator("#confirmacao-problema")).toContainText("Este link de confirmação não vale mais");

  await page.goto(PROFILE);
  await expect(section).toContainText(`E-mail do seu cadastro: ${next}`);
  await expect(page.locator("#email-pendente")).toHaveCount(0);
  await page.goto(`/acervo/${await lendableTitle(request)}/solicitacao-emprestimo`);
  await expect(page.getByLabel("E-mail")).toHaveValue(next);
  await expect(page.getByLabel("Telefone")).toHaveValue("(61) 99876-5432");
});
