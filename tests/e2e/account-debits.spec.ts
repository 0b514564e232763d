import { isValidBoleto } from "@brazilian-utils/brazilian-utils";
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
    await expect(table.getByRole("columnheader")).toHaveText([
      "Selecionar",
      "Motivo",
      "Tipo de serviço",
      "Título",
      "Biblioteca",
      "Valor da multa",
      "Desconto",
      "Valor pago",
      "Data do pagamento",
      "Total",
    ]);
    await expect(table.getByRole("row").filter({ hasText: "Etiqueta de código de barras danificada" })).toContainText("R$\u00a012,50");
    await hydrated(page);
    for (const box of await page.getByRole("checkbox").all()) await box.check();
    await page.getByRole("button", { name: "Gerar GRU e PIX dos débitos selecionados" }).click();
    // The refusal comes back with the page's three lists reloaded: on a busy machine that can take longer than 5 s.
    await expect(page).toHaveTitle(/^Erro: Débitos/, { timeout: 20_000 });
    await expect(page.getByRole("alert")).toContainText("Selecione débitos de uma mesma biblioteca");
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

  test("shows the slip's barcode with its linha digitável to copy, which carries the amount and valid check digits", async ({
    signedIn: page,
    baseURL,
  }) => {
    await page.goto(DEBITS);
    await hydrated(page);
    await page.getByRole("checkbox", { name: /^Selecionar o débito Devolução com 1 dia de atraso/ }).check();
    await page.getByRole("button", { name: "Gerar GRU e PIX dos débitos selecionados" }).click();
    await expect(page).toHaveURL(/\/debitos\/gru\/\d+$/);
    await expect(page.getByRole("heading", { level: 2, name: "Pagar pelo código de barras" })).toBeVisible();
    const linha = await page.getByRole("textbox", { name: "Linha digitável" }).inputValue();
    // Four blocks of 11 digits, each with its check digit; segment 5, value identifier 8; R$ 1,50 in cents.
    expect(linha).toMatch(/^858\d0000000-\d 0150\d{7}-\d \d{11}-\d \d{11}-\d$/);
    expect(isValidBoleto(linha)).toBe(true);
    // The barcode image's text alternative is the linha digitável, and it is drawn (bars on a white ground).
    const barcode = page.getByRole("img", { name: `Código de barras da GRU. Linha digitável: ${linha}` });
    await expect(barcode).toBeVisible();
    expect(await barcode.locator("svg path").count()).toBeGreaterThan(0);
    if (isJs()) {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
      await page.getByRole("button", { name: "Copiar a linha digitável" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Linha digitável copiada." })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(linha.replace(/\D/g, ""));
    } else {
      // Without JavaScript there is no button: the linha digitável stays on the page to select and copy.
      await expect(page.getByRole("button", { name: "Copiar a linha digitável" })).toHaveCount(0);
    }
  });

  test("lists the slips issued and paid, and the paid debits with the title they came from", async ({ signedIn: page }) => {
    await page.goto(DEBITS);
    const slips = page.getByRole("table", { name: /Suas GRUs/ });
    await expect(slips.getByRole("columnheader")).toHaveText(["Número de referência", "Biblioteca", "Situação", "Emitida em", "Paga em", "Valor"]);
    const paidSlip = slips.getByRole("row").filter({ hasText: "Paga" }).filter({ hasText: "R$\u00a02,00" }).first();
    await expect(paidSlip.getByRole("cell").nth(3)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    await expect(paidSlip.getByRole("cell").nth(2)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    // A slip opens its page.
    await paidSlip.getByRole("link").click();
    await expect(page.getByRole("status").filter({ hasText: /^GRU paga em/ })).toBeVisible();
    await page.goBack();
    const paid = page.getByRole("table", { name: /Histórico dos débitos já pagos/ });
    await expect(paid.getByRole("columnheader")).toHaveText(["Motivo", "Título", "Biblioteca", "Data do pagamento", "Valor pago"]);
    const row = paid.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Devolução com 4 dias de atraso" }) });
    await expect(row).toContainText("R$\u00a02,00");
    // The title the debit came from, linked to its page; the open debit of a late return names its title too.
    await expect(row.getByRole("link")).toHaveAttribute("href", /^\/acervo\/\d+$/);
    const open = page
      .getByRole("table", { name: /Seus débitos em aberto/ })
      .getByRole("row")
      .filter({ hasText: "Devolução com 2 dias de atraso" });
    await expect(open.getByRole("cell").nth(2)).not.toBeEmpty();
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
    // Asked first: a dialog with JavaScript, a page of its own without (issue 29).
    await page.getByRole("button", { name: "Sim, excluir a pesquisa" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Pesquisa excluída." })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: term, exact: true })).toHaveCount(0);
  });
});
