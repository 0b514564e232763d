import { expect, test } from "../fixtures/account";
import { hydrated, PRIVATE_AREA } from "../fixtures/demo";

/** Debits and GRU/PIX slips, with JavaScript on and off. leitora has a CPF and debits at two libraries; demo has no CPF. */
const DEBITS = `${PRIVATE_AREA}/debitos`;
const isJs = () => test.info().project.name === "js-on";

test.describe("debits (leitora)", () => {
  test.use({ patron: { login: "leitora", password: "demo1234" } });

  test("shows every debit field in reais and refuses a GRU for debits of two libraries", async ({ signedIn: page }) => {
    await page.goto(DEBITS);
    const table = page.getByRole("table", { name: /Seus débitos em aberto/ });
    await expect(table.getByRole("columnheader")).toHaveText(["Selecionar", "Motivo", "Tipo de serviço", "Título", "Biblioteca", "Valor da multa", "Desconto", "Valor pago", "Data do pagamento", "Total"]);
    await expect(table.getByRole("row").filter({ hasText: "Etiqueta de código de barras danificada" })).toContainText("R$\u00a012,50");
    await hydrated(page);
    for (const box of await page.getByRole("checkbox").all()) await box.check();
    await page.getByRole("button", { name: "Gerar GRU e PIX dos débitos selecionados" }).click();
    await expect(page.getByRole("alert")).toContainText("Selecione débitos de uma mesma biblioteca");
    await expect(page).toHaveTitle(/^Erro: Débitos/);
  });

  test("issues a GRU with a PIX code and QR code for the selected debits, and offers it as a PDF", async ({ signedIn: page }) => {
    await page.goto(DEBITS);
    await hydrated(page);
    await page.getByRole("checkbox", { name: /^Selecionar o débito Devolução com 1 dia de atraso/ }).check();
    await page.getByRole("button", { name: "Gerar GRU e PIX dos débitos selecionados" }).click();
    await expect(page).toHaveURL(/\/debitos\/gru\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guia de Recolhimento da União (GRU)");
    // The title says what the page is, not a bare reference number.
    await expect(page).toHaveTitle(/^Guia de Recolhimento da União \(GRU\) nº \S+ – Débitos/);
    await expect(page.getByText("123.456.789-09")).toBeVisible();
    await expect(page.getByRole("img", { name: "QR code PIX de R$\u00a01,50" })).toBeVisible();
    const pix = await page.getByLabel("Código PIX copia e cola").inputValue();
    expect(pix).toMatch(/^000201.*5404\d\.\d{2}5802BR.*6304[0-9A-F]{4}$/);
    const pdf = await page.request.get(page.url() + "/pdf");
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });
});

test.describe("debits (demo, no CPF)", () => {
  test("says the patron has no tax number registered", async ({ signedIn: page }) => {
    await page.goto(DEBITS);
    await hydrated(page);
    await page.getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Gerar GRU e PIX dos débitos selecionados" }).click();
    await expect(page.getByRole("alert")).toContainText("Usuário não possui CPF cadastrado.");
  });
});

test.describe("loan requests (leitora)", () => {
  test.use({ patron: { login: "leitora", password: "demo1234" } });
  const REQUESTS = `${PRIVATE_AREA}/solicitacoes-emprestimo`;

  test("lists the requests with their statuses in words and filters them by status", async ({ signedIn: page }) => {
    await page.goto(REQUESTS);
    const table = page.getByRole("table", { name: /Suas solicitações de empréstimo/ });
    await expect(table.getByText("Em trânsito")).toBeVisible();
    await expect(table.getByText("Não finalizada")).toBeVisible();
    // How the patron asked to receive it (recebimento_textual), under its own column.
    await expect(table.getByRole("columnheader", { name: "Como receber" })).toBeVisible();
    await expect(table.getByRole("cell", { name: "Deixar na secretaria do Programa de Pós-graduação, sala 204", exact: true })).toBeVisible();
    await page.getByLabel("Situação", { exact: true }).selectOption({ label: "Em trânsito" });
    await page.getByRole("button", { name: "Filtrar", exact: true }).click();
    await expect(page).toHaveURL(/status=transito/);
    await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  });

  test("refuses a date range whose start is after its end, keeping the dates typed", async ({ signedIn: page }) => {
    await page.goto(REQUESTS);
    await page.getByLabel("De", { exact: true }).fill("2026-03-10");
    await page.getByLabel("Até", { exact: true }).fill("2026-03-01");
    await page.getByRole("button", { name: "Filtrar", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("A data inicial não pode ser posterior à final.");
    await expect(page.getByLabel("De", { exact: true })).toHaveValue("2026-03-10");
    await expect(page).toHaveTitle(/^Erro: Solicitações de empréstimo/);
  });
});

test.describe("saved searches (leitora)", () => {
  test.use({ patron: { login: "leitora", password: "demo1234" } });

  test("saves a search from the results page, runs it again from the saved items, and deletes it", async ({ signedIn: page }) => {
    const term = isJs() ? "historia" : "brasil";
    await page.goto(`/?termo=${term}`);
    await page.getByRole("button", { name: "Salvar esta pesquisa" }).click();
    await expect(page).toHaveURL(/\/itens-salvos\?feito=salva$/);
    await expect(page.getByRole("status").filter({ hasText: "Pesquisa salva." })).toBeVisible();
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: term, exact: true }) });
    await expect(row.getByRole("link", { name: `Pesquisar de novo: ${term}` })).toHaveAttribute("href", new RegExp(`termo=${term}`));
    await row.getByRole("button", { name: `Excluir a pesquisa ${term}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Pesquisa excluída." })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: term, exact: true })).toHaveCount(0);
  });
});
