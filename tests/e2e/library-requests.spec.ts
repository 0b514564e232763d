import { test, expect } from "../fixtures/account";
import { hydrated, PRIVATE_AREA } from "../fixtures/demo";
import type { Page } from "@playwright/test";

/**
 * Requests to the library (issue 11, ADR 190) as demo: each screen's list with statuses, each form's spec §5
 * errors beside the fields with what was typed kept, the spec §8 duplicate message, and a request sent.
 * Each project sends its own data (the project name is in it), so JS on and off never duplicate each other.
 */
const isJs = () => test.info().project.name === "js-on";
const mode = () => test.info().project.name;

async function open(page: Page, path: string) {
  await page.goto(`${PRIVATE_AREA}/${path}`);
  await hydrated(page);
}
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test("the menu leads to each request screen", async ({ signedIn: page }) => {
  await open(page, "");
  const nav = page.getByRole("navigation", { name: /Meu Pergamum|Minha conta|conta/i }).first();
  for (const [name, heading] of [
    ["Empréstimo entre bibliotecas", "Empréstimo entre bibliotecas"],
    ["Comutação e levantamento bibliográfico", "Comutação e levantamento bibliográfico"],
    ["Ficha catalográfica", "Ficha catalográfica"],
    ["Pesquisa especializada", "Pesquisa especializada"],
  ]) {
    await nav.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
});

test("interlibrary loan: required fields are named beside them, typed text is kept, then the request is sent", async ({ signedIn: page }) => {
  await open(page, "emprestimo-entre-bibliotecas");
  await expect(page.getByRole("table", { name: "Solicitações: Empréstimo entre bibliotecas" })).toContainText("Aguardando atendimento");
  await field(page, "Autor").fill("Autor de teste");
  await page.getByRole("button", { name: "Enviar pedido de empréstimo" }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("Campo obrigatório não preenchido: Título");
  await expect(summary).toContainText("Campo obrigatório não preenchido: Biblioteca onde vai retirar");
  await expect(field(page, "Título (obrigatório)")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Autor")).toHaveValue("Autor de teste");
  if (!isJs()) await expect(page).toHaveTitle(/^Erro: /);
  await field(page, "Título (obrigatório)").fill(`Obra pedida (${mode()})`);
  await field(page, "Biblioteca onde vai retirar (obrigatório)").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Enviar pedido de empréstimo" }).click();
  await expect(page.locator(".action-status")).toContainText("Pedido de empréstimo entre bibliotecas enviado.");
  await expect(page.getByRole("row", { name: new RegExp(`Obra pedida \\(${mode()}\\)`) })).toContainText("Aguardando atendimento");
});

test("interlibrary loan: the same data as an open request is refused with the spec's message, keeping the form", async ({ signedIn: page }) => {
  await open(page, "emprestimo-entre-bibliotecas");
  await field(page, "Título (obrigatório)").fill("Catalogação descritiva: teoria e prática");
  await field(page, "Autor").fill("Mey, Eliane Serrão Alves");
  await field(page, "Ano").fill("2009");
  await field(page, "Instituição que possui o item").fill("Universidade Federal do Rio de Janeiro");
  await field(page, "Biblioteca onde vai retirar (obrigatório)").selectOption("1");
  await page.getByRole("button", { name: "Enviar pedido de empréstimo" }).click();
  await expect(page.getByRole("alert")).toContainText("Já existe uma solicitação com os mesmos dados.");
  await expect(field(page, "Título (obrigatório)")).toHaveValue("Catalogação descritiva: teoria e prática");
  await expect(field(page, "Ano")).toHaveValue("2009");
});

test("the status filter shows only the requests in that status", async ({ signedIn: page }) => {
  await open(page, "comutacao-levantamento");
  await page.getByLabel("Situação").selectOption("atendida");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/situacao=atendida/);
  const switching = page.getByRole("table", { name: "Solicitações: Comutação bibliográfica" });
  await expect(switching.getByRole("row")).toHaveCount(2);
  await expect(switching).toContainText("Leitores de tela e bibliotecas universitárias");
  await expect(switching).toContainText("Tese");
});

test("bibliographic survey: both dates in order and the bibliography pages in order (spec §5), input kept", async ({ signedIn: page }) => {
  await open(page, "comutacao-levantamento");
  await page.getByRole("link", { name: "Pedir levantamento bibliográfico" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Levantamento bibliográfico");
  await field(page, "Assunto geral (obrigatório)").fill(`Leitura em voz alta (${mode()})`);
  await field(page, "Data inicial (obrigatório)").fill("2024-05-01");
  await field(page, "Data final (obrigatório)").fill("2023-01-01");
  await field(page, "Tipo de publicação (obrigatório)").selectOption("online");
  await field(page, "Página inicial da bibliografia").fill("40");
  await field(page, "Página final da bibliografia").fill("12");
  await page.getByLabel("Incluir folha de rosto").check();
  await page.getByRole("button", { name: "Enviar pedido de levantamento" }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("A data inicial não pode ser posterior à data final.");
  await expect(summary).toContainText("A página inicial da bibliografia não pode ser maior que a página final.");
  await expect(field(page, "Data final (obrigatório)")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Data inicial (obrigatório)")).toHaveValue("2024-05-01");
  await expect(field(page, "Página inicial da bibliografia")).toHaveValue("40");
  await expect(page.getByLabel("Incluir folha de rosto")).toBeChecked();
  await field(page, "Data final (obrigatório)").fill("2025-01-01");
  await field(page, "Página final da bibliografia").fill("52");
  await page.getByRole("button", { name: "Enviar pedido de levantamento" }).click();
  await expect(page.locator(".action-status")).toContainText("Pedido de levantamento bibliográfico enviado.");
  await expect(page.getByRole("table", { name: "Solicitações: Levantamento bibliográfico" })).toContainText(`Leitura em voz alta (${mode()})`);
});

test("bibliographic switching: a thesis needs its defence degree, an article request is sent", async ({ signedIn: page }) => {
  await open(page, "comutacao-levantamento/tese");
  await field(page, "Título (obrigatório)").fill("Tese qualquer");
  await field(page, "Autor (obrigatório)").fill("Autora");
  await field(page, "E-mail para contato (obrigatório)").fill("ana.souza@example.org");
  await page.getByRole("button", { name: "Enviar pedido de tese" }).click();
  await expect(page.getByRole("alert")).toContainText("Campo obrigatório não preenchido: Grau da defesa");
  await expect(field(page, "Título (obrigatório)")).toHaveValue("Tese qualquer");

  await open(page, "comutacao-levantamento/artigo");
  await field(page, "Título do artigo (obrigatório)").fill(`Artigo pedido (${mode()})`);
  await field(page, "Título do periódico (obrigatório)").fill("Revista de Teste");
  await field(page, "Ano (obrigatório)").fill("20x0");
  await field(page, "E-mail para contato (obrigatório)").fill("ana.souza@example.org");
  await page.getByRole("button", { name: "Enviar pedido de artigo" }).click();
  await expect(page.getByRole("alert")).toContainText("Informe o ano com quatro dígitos em Ano.");
  await expect(field(page, "Ano (obrigatório)")).toHaveValue("20x0");
  await field(page, "Ano (obrigatório)").fill("2020");
  await page.getByRole("button", { name: "Enviar pedido de artigo" }).click();
  await expect(page.locator(".action-status")).toContainText("Pedido de cópia de artigo enviado.");
  await expect(page.getByRole("row", { name: new RegExp(`Artigo pedido \\(${mode()}\\)`) })).toContainText("Artigo");
});

test("catalogue card: the answered card downloads as a PDF; the form checks the page count", async ({ signedIn: page }) => {
  await open(page, "ficha-catalografica");
  const link = page.getByRole("link", { name: "Baixar a ficha catalográfica de Acessibilidade em catálogos de bibliotecas (PDF)" });
  const pdf = await page.request.get((await link.getAttribute("href")) as string);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).toString("latin1")).toContain("/StructTreeRoot");
  await expect(page.getByRole("table", { name: "Solicitações: Ficha catalográfica" })).toContainText("Serviços de referência virtual");

  await field(page, "Total de páginas (obrigatório)").fill("muitas");
  await field(page, "Curso ou programa (obrigatório)").fill("Letras");
  await page.getByRole("button", { name: "Enviar pedido de ficha" }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("Informe um número inteiro maior que zero em Total de páginas.");
  await expect(summary).toContainText("Campo obrigatório não preenchido: Orientador(a)");
  await expect(field(page, "Curso ou programa (obrigatório)")).toHaveValue("Letras");
  await expect(field(page, "Total de páginas (obrigatório)")).toHaveValue("muitas");
});

test("specialised search: the period's start must not be after its end; then the request is sent", async ({ signedIn: page }) => {
  await open(page, "pesquisa-especializada");
  await field(page, "Tema da pesquisa (obrigatório)").fill(`Bibliotecas e inclusão (${mode()})`);
  await field(page, "Finalidade da pesquisa (obrigatório)").fill("Artigo científico");
  await field(page, "Período: data inicial").fill("2024-03-01");
  await field(page, "E-mail para contato (obrigatório)").fill("ana.souza@example.org");
  await page.getByRole("button", { name: "Enviar pedido de pesquisa" }).click();
  await expect(page.getByRole("alert")).toContainText("Informe as duas datas.");
  await expect(field(page, "Tema da pesquisa (obrigatório)")).toHaveValue(`Bibliotecas e inclusão (${mode()})`);
  await field(page, "Período: data final").fill("2025-03-01");
  await page.getByRole("button", { name: "Enviar pedido de pesquisa" }).click();
  await expect(page.locator(".action-status")).toContainText("Pedido de pesquisa especializada enviado.");
  await expect(page.getByRole("table", { name: "Solicitações: Pesquisa especializada" })).toContainText(`Bibliotecas e inclusão (${mode()})`);
});

test("interlibrary loan: every error at once (a year in the future, an ISBN that is not one, a library not offered), each beside its field", async ({
  signedIn: page,
}) => {
  await open(page, "emprestimo-entre-bibliotecas");
  await field(page, "Título (obrigatório)").fill("Obra com erros");
  await field(page, "Ano").fill("2999");
  await field(page, "ISBN ou ISSN").fill("xyz!!");
  // A library the form does not offer (a stale page, a tampered post): it must be named with the other errors.
  const library = field(page, "Biblioteca onde vai retirar (obrigatório)");
  await library.evaluate((el) => {
    const option = document.createElement("option");
    option.value = "999999";
    option.textContent = "Biblioteca que não existe";
    el.appendChild(option);
  });
  await library.selectOption("999999");
  await page.getByRole("button", { name: "Enviar pedido de empréstimo" }).click();
  const summary = page.getByRole("alert");
  const year = new Date().getFullYear();
  await expect(summary).toContainText(`Informe em Ano um ano entre 1000 e ${year}: o ano não pode estar no futuro.`);
  await expect(summary).not.toContainText("quatro dígitos");
  await expect(summary).toContainText("Informe em ISBN ou ISSN um ISBN (10 ou 13 dígitos) ou um ISSN (8 dígitos) válido");
  await expect(summary).toContainText("Escolha uma das opções em Biblioteca onde vai retirar.");
  await expect(field(page, "Ano")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "ISBN ou ISSN")).toHaveAttribute("aria-invalid", "true");
  await expect(library).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "ISBN ou ISSN")).toHaveValue("xyz!!");
  await expect(field(page, "Ano")).toHaveValue("2999");
});

test("article copy: pages 62-45 are refused beside the field (the first page cannot be after the last)", async ({ signedIn: page }) => {
  await open(page, "comutacao-levantamento/artigo");
  await field(page, "Título do artigo (obrigatório)").fill(`Artigo com páginas trocadas (${mode()})`);
  await field(page, "Título do periódico (obrigatório)").fill("Revista de Teste");
  await field(page, "Ano (obrigatório)").fill("2020");
  await field(page, "Páginas").fill("62-45");
  await field(page, "E-mail para contato (obrigatório)").fill("ana.souza@example.org");
  await page.getByRole("button", { name: "Enviar pedido de artigo" }).click();
  await expect(page.getByRole("alert")).toContainText("Em Páginas, a página inicial não pode ser maior que a final (por exemplo 45-62).");
  await expect(field(page, "Páginas")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Páginas")).toHaveValue("62-45");
  if (!isJs()) await expect(page).toHaveTitle(/^Erro: /);
});
