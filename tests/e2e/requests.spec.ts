import { expect, test } from "../fixtures/warm";
import type { APIRequestContext } from "@playwright/test";
import { hydrated, login, PRIVATE_AREA } from "../fixtures/demo";

/**
 * Holds, loan requests, comments, purchase suggestions and the general comment, with JavaScript on and off.
 * Each project uses its own patrons and titles, so the two runs never share state.
 */
const PASSWORD = "demo1234";
const isJs = () => test.info().project.name === "js-on";

async function token(request: APIRequestContext, username?: string): Promise<string> {
  const form: Record<string, string> = username
    ? { grant_type: "password", client_id: "4", username, password: PASSWORD }
    : { grant_type: "client_credentials", client_id: "4" };
  const res = await request.post("/api/oauth/token", { form });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function apiGet<T>(request: APIRequestContext, path: string, bearer: string): Promise<T> {
  const res = await request.get(path, { headers: { authorization: `Bearer ${bearer}` } });
  return (await res.json()) as T;
}

/** A title lent to `lender` that `holder` may reserve (not already held by them or by `skipHeldBy`). */
async function lentTitle(request: APIRequestContext, lender: string, skipHeldBy: string): Promise<number> {
  const loans = await apiGet<Array<{ cod_acervo: number }>>(request, "/api/emprestimo/titulos-pendentes", await token(request, lender));
  const held = await apiGet<Array<{ cod_acervo: number }>>(request, "/api/reserva", await token(request, skipHeldBy));
  const id = loans.map((l) => l.cod_acervo).find((c) => !held.some((h) => h.cod_acervo === c));
  if (!id) throw new Error(`no title lent to ${lender}`);
  return id;
}

/** Titles with a copy available for loan, as search results list them; `offset` keeps projects apart. */
async function availableTitle(request: APIRequestContext, offset: number): Promise<number> {
  const body = await apiGet<{ resultados: Array<{ cod_acervo: number; disponiveis: number }> }>(
    request,
    "/api/consulta?termo=historia&qtd=40",
    await token(request),
  );
  const free = body.resultados.filter((r) => r.disponiveis > 0);
  return free[offset % free.length].cod_acervo;
}

const patron = (login: string) => ({ login, password: PASSWORD });

test.describe("holds", () => {
  test("a visitor who is not logged in is sent to the login page and back to the hold form", async ({ page, request }) => {
    const id = await availableTitle(request, 0);
    await page.goto(`/acervo/${id}/reserva`);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Facervo%2F${id}%2Freserva$`));
  });

  test("a hold cannot be placed while a copy is available: the loan request is offered instead", async ({ page, request }) => {
    const id = await availableTitle(request, isJs() ? 1 : 2);
    await login(page, patron("demo"), `/acervo/${id}/reserva`);
    await expect(page.getByText("Há exemplar disponível deste título, por isso não é possível reservá-lo.")).toBeVisible();
    await page.getByRole("link", { name: "Solicitar o empréstimo deste título" }).click();
    await expect(page).toHaveURL(new RegExp(`/acervo/${id}/solicitacao-emprestimo$`));
  });

  test("a patron places a hold on a lent title, sees the queue position, and a resubmit after Back creates no second hold", async ({
    page,
    request,
  }) => {
    const [who, lender, other] = isJs() ? ["funcionario", "professor", "demo"] : ["posgrad", "demo", "posgrad"];
    const id = await lentTitle(request, lender, other);
    await login(page, patron(who), `/acervo/${id}/reserva`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Reservar:");
    const library = page.getByLabel("Biblioteca de retirada");
    if ((await library.locator("option[value='']").count()) > 0) await library.selectOption({ index: 1 });
    // The pickup place (spec §3 localizacao) is optional; too long, it is refused beside the field, keeping the text.
    const place = page.getByLabel("Local de retirada (opcional)");
    await place.evaluate((el) => el.removeAttribute("maxlength"));
    await place.fill("x".repeat(201));
    await page.getByRole("button", { name: "Reservar", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("O local de retirada pode ter até 200 caracteres.");
    await expect(place).toHaveAccessibleDescription(/O local de retirada pode ter até 200 caracteres\./);
    await expect(place).toHaveValue("x".repeat(201));
    // A fresh form (the Back step below must land on a page loaded by GET, not on the refused post).
    await page.goto(`/acervo/${id}/reserva`);
    if ((await library.locator("option[value='']").count()) > 0) await library.selectOption({ index: 1 });
    const where = `Balcão do 2º andar (${test.info().project.name})`;
    await place.fill(where);
    await page.getByRole("button", { name: "Reservar", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/acervo/${id}/reserva\\?reserva=\\d+$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reserva feita");
    await expect(page.getByText(/Sua posição na fila: \d+\./)).toBeVisible();

    await page.goBack();
    // A page loaded again knows the hold and offers no second one; the browser's cached form, sent again with
    // its key, shows the hold it placed (ADR 112, 115).
    const again = page.getByRole("button", { name: "Reservar", exact: true });
    const held = page.getByText(/Você já tem uma reserva deste título: \d+º na fila\./);
    await expect(again.or(held).first()).toBeVisible();
    if (await again.isVisible()) {
      if ((await library.locator("option[value='']").count()) > 0) await library.selectOption({ index: 1 });
      await again.click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reserva feita");
    }
    const holds = await apiGet<Array<{ cod_acervo: number }>>(request, "/api/reserva", await token(request, who));
    expect(holds.filter((h) => h.cod_acervo === id)).toHaveLength(1);
    // The holds list shows the pickup place that was sent.
    await page.goto(`${PRIVATE_AREA}/reservas`);
    const row = page
      .getByRole("table", { name: /reservas ativas/i })
      .getByRole("row")
      .filter({ has: page.locator(`a[href$="/acervo/${id}"]`) });
    await expect(row).toContainText(where);
  });
});

test.describe("loan requests", () => {
  test("the form says what is missing, then creates the request, and refuses a duplicate", async ({ page, request }) => {
    // Long: the form's refusals, the request, its duplicate, then cancelling it from the list after confirming.
    test.slow();
    const who = isJs() ? "professor" : "funcionario";
    const id = await availableTitle(request, isJs() ? 3 : 4);
    await login(page, patron(who), `/acervo/${id}/solicitacao-emprestimo`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Solicitar empréstimo:");
    await page.getByLabel("E-mail").fill("nao-e-email");
    await page.getByLabel("Telefone").fill("");
    await page.getByRole("button", { name: "Solicitar empréstimo" }).click();
    const summary = page.getByRole("alert");
    await expect(summary).toContainText("Escolha a biblioteca de recebimento.");
    await expect(summary).toContainText("Informe um e-mail válido");
    await expect(summary).toContainText("Informe o telefone.");

    // A home delivery needs the address.
    await page.getByLabel("Biblioteca de recebimento").selectOption({ label: "Biblioteca Central" });
    await page.getByLabel("Local de recebimento").selectOption({ label: "Entrega em domicílio" });
    await page.getByLabel("E-mail").fill("leitor@example.org");
    await page.getByLabel("Telefone").fill("(61) 3333-4444");
    await page.getByRole("button", { name: "Solicitar empréstimo" }).click();
    await expect(page.getByRole("alert")).toContainText("Informe o endereço para a entrega em domicílio.");

    await page.getByLabel("Local de recebimento").selectOption({ label: "Balcão de empréstimo" });
    // How to receive it (spec §3 recebimento_textual) is optional; too long, it is refused beside the field.
    const how = page.getByLabel("Como receber (opcional)");
    await how.evaluate((el) => el.removeAttribute("maxlength"));
    await how.fill("y".repeat(501));
    await page.getByRole("button", { name: "Solicitar empréstimo" }).click();
    await expect(page.getByRole("alert")).toContainText("“Como receber” pode ter até 500 caracteres.");
    await expect(how).toHaveAccessibleDescription(/“Como receber” pode ter até 500 caracteres\./);
    await expect(how).toHaveValue("y".repeat(501));
    const note = `Deixar com a portaria (${test.info().project.name})`;
    await how.fill(note);
    await page.getByRole("button", { name: "Solicitar empréstimo" }).click();
    await expect(page).toHaveURL(new RegExp(`/acervo/${id}/solicitacao-emprestimo\\?solicitacao=\\d+$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Solicitação registrada");

    await page.goto(`/acervo/${id}/solicitacao-emprestimo`);
    await hydrated(page);
    await page.getByLabel("Biblioteca de recebimento").selectOption({ label: "Biblioteca Central" });
    await page.getByLabel("Local de recebimento").selectOption({ label: "Balcão de empréstimo" });
    await page.getByRole("button", { name: "Solicitar empréstimo" }).click();
    await expect(page.getByRole("alert")).toContainText("Já existe uma solicitação com os mesmos dados.");

    // Cancelling it asks first (a dialog with JS, a page of its own without), and nothing changes until "yes".
    await page.goto(`${PRIVATE_AREA}/solicitacoes-emprestimo?status=aguardando`);
    await hydrated(page);
    const row = page.getByRole("row").filter({ has: page.locator(`a[href$="/acervo/${id}"]`) });
    // The list shows how the patron asked to receive it.
    await expect(row.getByRole("cell", { name: note, exact: true })).toBeVisible();
    // "No" leaves it as it was.
    await row.getByRole("button", { name: /^Cancelar a solicitação de / }).click();
    if (isJs()) await page.getByRole("dialog").getByRole("button", { name: "Não, voltar" }).click();
    else await page.getByRole("link", { name: "Não, voltar" }).click();
    await expect(row.getByRole("button", { name: /^Cancelar a solicitação de / })).toBeVisible();
    await row.getByRole("button", { name: /^Cancelar a solicitação de / }).click();
    if (isJs()) await expect(page.getByRole("dialog")).toContainText("Cancelar esta solicitação de empréstimo?");
    else await expect(page.getByRole("heading", { name: "Cancelar esta solicitação de empréstimo?" })).toBeFocused();
    const waiting = await apiGet<Array<{ cod_acervo: number; situacao: string }>>(request, "/api/solicitacao-emprestimo", await token(request, who));
    expect(waiting.filter((r) => r.cod_acervo === id && r.situacao === "aguardando")).toHaveLength(1);
    await page.getByRole("button", { name: "Sim, cancelar a solicitação" }).click();
    // The outcome is announced, takes the focus and is in the page's title.
    await expect(page.locator("#resultado")).toHaveText("Solicitação cancelada.");
    await expect(page.locator("#resultado")).toBeFocused();
    await expect(page).toHaveTitle(/^Solicitação cancelada\./);
    const after = await apiGet<Array<{ cod_acervo: number; situacao: string }>>(request, "/api/solicitacao-emprestimo", await token(request, who));
    expect(after.filter((r) => r.cod_acervo === id && r.situacao === "aguardando")).toHaveLength(0);
  });
});

test.describe("comments", () => {
  test("a visitor who is not logged in sees a prompt to log in instead of the send button", async ({ page, request }) => {
    await page.goto(`/acervo/${await availableTitle(request, 5)}/comentarios`);
    const main = page.getByRole("main");
    await expect(main.getByText("Para comentar, entre com seu usuário.")).toBeVisible();
    await expect(main.getByRole("button", { name: "Enviar comentário" })).toHaveCount(0);
  });

  test("a comment needs a library and text, then is stored awaiting approval", async ({ page, request }) => {
    const id = await availableTitle(request, isJs() ? 6 : 7);
    const who = isJs() ? "professor" : "funcionario";
    await login(page, patron(who), `/acervo/${id}/comentarios`);
    const main = page.getByRole("main");
    const send = main.getByRole("button", { name: "Enviar comentário" });
    await main.getByLabel("Comentário", { exact: true }).fill("   ");
    if (isJs()) {
      // Spec §5: with JS, sending stays disabled until a library is chosen and the text is not blank.
      await expect(send).toBeDisabled();
      await main.getByLabel("Biblioteca").selectOption({ label: "Biblioteca Central" });
      await expect(send).toBeDisabled();
      await expect(main.getByText("Escolha a biblioteca e escreva o comentário para poder enviar.")).toBeVisible();
      await main.getByLabel("Comentário", { exact: true }).fill("texto");
      await expect(send).toBeEnabled();
      await main.getByLabel("Comentário", { exact: true }).fill(" ");
      await expect(send).toBeDisabled();
    } else {
      // Without JS the button is always there; the server refuses the incomplete form and says why.
      await send.click();
      const summary = page.getByRole("alert");
      await expect(summary).toContainText("Escolha a biblioteca.");
      await expect(summary).toContainText("Escreva o comentário.");
    }

    await main.getByLabel("Biblioteca").selectOption({ label: "Biblioteca Central" });
    const text = `Leitura recomendada (${test.info().project.name})`;
    await main.getByLabel("Comentário", { exact: true }).fill(text);
    await main.getByRole("button", { name: "Enviar comentário" }).click();
    await expect(page).toHaveURL(new RegExp(`/acervo/${id}\\?comentario=enviado#comentarios$`));
    const mine = await apiGet<Array<{ texto: string; situacao: string }>>(request, `/api/comentarios/acervo/${id}`, await token(request, who));
    expect(mine).toContainEqual(expect.objectContaining({ texto: text, situacao: "aguardando" }));
    // Nobody else sees it before the library approves it.
    const visitors = await apiGet<Array<{ texto: string }>>(request, `/api/comentarios/acervo/${id}`, await token(request));
    expect(visitors.map((c) => c.texto)).not.toContain(text);
  });
});

test.describe("comments on the title page", () => {
  test("a comment posted from the title page shows a toast and appears as awaiting approval", async ({ page, request }) => {
    const id = await availableTitle(request, isJs() ? 8 : 9);
    await login(page, patron(isJs() ? "posgrad" : "professor"), `/acervo/${id}`);
    const section = page.getByRole("region", { name: "Comentários" });
    await section.getByLabel("Biblioteca").selectOption({ label: "Biblioteca Central" });
    const text = `Boa referência (${test.info().project.name})`;
    await section.getByLabel("Comentário", { exact: true }).fill(text);
    await section.getByRole("button", { name: "Enviar comentário" }).click();
    await expect(page).toHaveURL(new RegExp(`/acervo/${id}\\?comentario=enviado#comentarios$`));
    await expect(page.getByRole("status").getByText(/^Comentário enviado\./)).toBeVisible();
    await expect(page.getByRole("region", { name: "Comentários" }).getByRole("listitem").filter({ hasText: text })).toContainText(
      "Aguardando aprovação",
    );
  });
});

test.describe("purchase suggestion and general comment", () => {
  test("the suggestion page requires library, title and publisher, then thanks with a toast", async ({ page }) => {
    await login(page, patron(isJs() ? "posgrad" : "funcionario"), "/sugestao");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sugestão de aquisição");
    await page.getByLabel("Editora").fill("   ");
    await page.getByRole("button", { name: "Enviar sugestão" }).click();
    const summary = page.getByRole("alert");
    await expect(summary).toContainText("Campo obrigatório não preenchido: Biblioteca");
    await expect(summary).toContainText("Campo obrigatório não preenchido: Título");
    await expect(summary).toContainText("Campo obrigatório não preenchido: Editora");
    await page.getByLabel("Biblioteca").selectOption({ index: 1 });
    await page.getByLabel("Título").fill("Vidas secas");
    await page.getByLabel("Editora").fill("Record");
    await page.getByRole("button", { name: "Enviar sugestão" }).click();
    await expect(page).toHaveURL(/\/sugestao\?enviado=1$/);
    await expect(page.getByRole("status").getByText(/^Sugestão enviada\./)).toBeVisible();
  });

  test('a suggestion\'s ISBN/ISSN must be a real one: "xyz!!" is refused beside the field, keeping what was typed', async ({ page }) => {
    await login(page, patron(isJs() ? "posgrad" : "funcionario"), "/sugestao");
    await page.getByLabel("Biblioteca").selectOption({ index: 1 });
    await page.getByLabel("Título").fill("Vidas secas");
    await page.getByLabel("Editora").fill("Record");
    await page.getByLabel("ISBN/ISSN").fill("xyz!!");
    await page.getByRole("button", { name: "Enviar sugestão" }).click();
    const message = "Informe um ISBN (10 ou 13 dígitos) ou um ISSN (8 dígitos) válido, por exemplo 978-85-333-0227-3 ou 0100-1965.";
    await expect(page.getByRole("alert")).toContainText(message);
    await expect(page.getByLabel("ISBN/ISSN")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("ISBN/ISSN")).toHaveValue("xyz!!");
    await expect(page.getByLabel("Título")).toHaveValue("Vidas secas");
  });

  test("the footer offers the general comment; it posts and shows a toast", async ({ page }) => {
    await login(page, patron(isJs() ? "professor" : "posgrad"), "/");
    const footer = page.getByRole("contentinfo");
    if (isJs()) {
      await footer.getByRole("button", { name: "Enviar comentário" }).click();
      const dialog = page.getByRole("dialog", { name: "Enviar comentário" });
      await dialog.getByLabel("Biblioteca").selectOption({ label: "Biblioteca Central" });
      await dialog.getByLabel("Comentário", { exact: true }).fill("Obrigado pelo atendimento.");
      await dialog.getByRole("button", { name: "Enviar comentário" }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/$/);
    } else {
      await footer.getByRole("link", { name: "Enviar comentário" }).click();
      await expect(page).toHaveURL(/\/comentario$/);
      const main = page.getByRole("main");
      await main.getByLabel("Biblioteca").selectOption({ label: "Biblioteca Central" });
      await main.getByLabel("Comentário", { exact: true }).fill("Obrigado pelo atendimento.");
      await main.getByRole("button", { name: "Enviar comentário" }).click();
      await expect(page).toHaveURL(/\/comentario\?enviado=1$/);
    }
    await expect(page.getByRole("status").getByText(/^Comentário enviado\./)).toBeVisible();
  });
});
