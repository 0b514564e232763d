import type { TestInfo } from "@playwright/test";
import { expect, test as base } from "../fixtures/account";
import { hydrated, PRIVATE_AREA } from "../fixtures/demo";

// Renewing changes the reader's loans for good: the JS-on and JS-off runs each use their own demo reader.
const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  patron: async ({}, use, info: TestInfo) => use({ login: info.project.name === "js-off" ? "leitor2" : "leitor", password: "demo1234" }),
});

const LOANS = `${PRIVATE_AREA}/emprestimos`;

// Account pages make several API calls each; a busy CI machine needs more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.describe("loans and renewal", () => {
  test("the loans table says which loans cannot be renewed and why; renewing needs a selection, then lists every outcome", async ({
    signedIn: page,
  }) => {
    await page.goto(LOANS);
    await hydrated(page);
    const table = page.getByRole("table", { name: /5 empréstimos atuais/ });
    await expect(table).toBeVisible();
    for (const reason of [
      "reservado por outro usuário",
      "limite de renovações atingido",
      "em atraso, e sua categoria não permite renovar",
      "empréstimo por hora não pode ser renovado",
    ]) {
      await expect(table.getByRole("cell", { name: reason })).toBeVisible();
    }
    // Overdue is said in words, not by colour alone.
    await expect(table.getByText("Em atraso", { exact: true })).toBeVisible();
    // Only the renewable loan has a checkbox, named after its title.
    await expect(page.getByRole("checkbox", { name: /^Renovar / })).toHaveCount(1);

    await page.getByRole("button", { name: "Renovar selecionados" }).click();
    await expect(page.getByRole("alert")).toContainText("Selecione ao menos um empréstimo para renovar.");
    await expect(page).toHaveTitle(/^Erro: /);

    await page.getByRole("checkbox", { name: /^Renovar / }).check();
    await page.getByRole("button", { name: "Renovar selecionados" }).click();
    const result = page.getByRole("main").getByRole("status").filter({ hasText: "Resultado da renovação" });
    await expect(result).toContainText("1 de 1 renovado(s).");
    await expect(result).toContainText(/renovado, nova data de devolução \d{2}\/\d{2}\/\d{4}/);
    // With JavaScript, focus moves to the outcome (without it, the outcome is the first thing after the heading).
    if (test.info().project.name === "js-on") await expect(page.getByRole("heading", { name: "Resultado da renovação" })).toBeFocused();

    // Nothing is renewable now (the one just renewed is too early to renew again): no form that can only fail.
    await expect(page.getByRole("button", { name: "Renovar todos" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Renovar selecionados" })).toHaveCount(0);
    await expect(page.getByText("Nenhum empréstimo pode ser renovado agora; veja o motivo de cada um na tabela.")).toBeVisible();
    await expect(page.getByRole("table", { name: /5 empréstimos atuais/ }).getByRole("cell", { name: "ainda é cedo para renovar" })).toBeVisible();

    // The outcome is shown once (PRG): a reload shows the plain list.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Resultado da renovação" })).toHaveCount(0);
  });

  test("loan history filters by a date range, needs both dates, pages and downloads the range as CSV", async ({ signedIn: page }) => {
    await page.goto(`${LOANS}/historico?dataIni=&dataFim=`);
    await hydrated(page);
    await expect(page.getByRole("alert")).toContainText("Informe a data inicial.");
    await expect(page.getByRole("alert")).toContainText("Informe a data final.");
    await expect(page).toHaveTitle(/^Erro: /);

    await page.getByLabel("Data inicial").fill("2020-01-01");
    await page.getByLabel("Data final").fill("2019-01-01");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByRole("alert")).toContainText("A data inicial não pode ser posterior à data final.");
    await expect(page.getByLabel("Data inicial")).toHaveValue("2020-01-01");

    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel("Data final").fill(today);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByRole("heading", { name: "8 empréstimos no período" })).toBeVisible();
    await expect(page.getByRole("table")).toBeVisible();
    const csvHref = await page.getByRole("link", { name: "Baixar o período em CSV" }).getAttribute("href");
    const csv = await page.request.get(csvHref!);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toContain('"Título"');
    expect(lines).toHaveLength(9);
  });

  test("the loans table sorts by title or due date with plain links, says which order it is in, and downloads that order as CSV", async ({
    signedIn: page,
  }) => {
    await page.goto(LOANS);
    const table = page.getByRole("table", { name: /empréstimos atuais/ });
    // By due date unless asked otherwise: that column says so (aria-sort), the other offers a link.
    await expect(table.getByRole("columnheader", { name: /Devolução prevista/ })).toHaveAttribute("aria-sort", "ascending");
    await table.getByRole("link", { name: /^Título/ }).click();
    await expect(page).toHaveURL(/ordem=titulo/);
    await expect(table.getByRole("columnheader", { name: /Título/ })).toHaveAttribute("aria-sort", "ascending");
    await expect(table.getByRole("columnheader", { name: /Devolução prevista/ })).not.toHaveAttribute("aria-sort");
    const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

    const csvHref = await page.getByRole("link", { name: "Baixar os empréstimos atuais em CSV" }).getAttribute("href");
    expect(csvHref).toContain("ordem=titulo");
    const csv = await page.request.get(csvHref!);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain('"Título"');
    expect(lines).toHaveLength(6);
    const csvTitles = lines.slice(1).map((l) => JSON.parse(l.slice(0, l.indexOf('",') + 1)) as string);
    expect(csvTitles).toEqual([...csvTitles].sort(collator.compare));
    // The table is in the same order as the file.
    await expect(table.locator("tbody tr").first().getByRole("rowheader")).toContainText(csvTitles[0]!);
    await expect(table.locator("tbody tr").last().getByRole("rowheader")).toContainText(csvTitles.at(-1)!);
  });

  test("the due-date calendar downloads as .ics, and the private feed URL is shown once and works until it is revoked", async ({
    signedIn: page,
  }) => {
    await page.goto(LOANS);
    const ics = await page.request.get(`${LOANS}/calendario.ics`);
    expect(ics.headers()["content-type"]).toContain("text/calendar");
    expect((await ics.text()).match(/BEGIN:VEVENT/g)).toHaveLength(5);

    await page.getByRole("button", { name: "Criar endereço privado do calendário" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Novo endereço do calendário criado.");
    const url = await page.getByLabel("Endereço privado do calendário").inputValue();
    expect(url).toMatch(/\/api\/calendario\/[\w-]{20,}$/);
    expect((await page.request.get(url)).status()).toBe(200);
    // Shown once: the API keeps only its hash, so the page then says that a feed exists, not where.
    await page.reload();
    await expect(page.getByLabel("Endereço privado do calendário")).toHaveCount(0);
    await expect(page.getByText(/Você tem um endereço privado do calendário desde/)).toBeVisible();
    expect((await page.request.get(url)).status()).toBe(200);
    await page.getByRole("button", { name: "Revogar o endereço" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Endereço do calendário revogado.");
    expect((await page.request.get(url)).status()).toBe(404);
  });
});

test.describe("alerts and the loan token", () => {
  test("unread alerts are counted in the menu and the user bar; marking one read and removing one update the list", async ({ signedIn: page }) => {
    await page.goto(`${PRIVATE_AREA}/alertas`);
    // The seeded unread alerts, plus the due-date reminders the server's job wrote at start.
    const unread = Number(/(\d+) alertas não lidos\./.exec((await page.getByText(/alertas não lidos\./).textContent()) ?? "")?.[1]);
    expect(unread).toBeGreaterThanOrEqual(2);
    const menu = page.getByRole("navigation", { name: "Menu da conta" });
    await expect(menu.getByRole("link", { name: /Alertas/ })).toContainText(`(${unread} não lidos)`);
    await expect(page.getByRole("navigation", { name: "Menu do usuário" }).getByRole("link", { name: `${unread} alertas não lidos` })).toBeVisible();
    const total = await page.getByRole("button", { name: "Remover" }).count();

    await page.getByRole("button", { name: "Marcar como lido" }).first().click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Alerta marcado como lido.");
    await expect(menu.getByRole("link", { name: /Alertas/ })).toContainText(`(${unread - 1} não lido`);

    await page.getByRole("button", { name: "Remover" }).last().click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Alerta removido.");
    await expect(page.getByRole("button", { name: "Remover" })).toHaveCount(total - 1);
  });

  test("the loan token is generated with its valid-until time, as text beside its QR code", async ({ signedIn: page }) => {
    await page.goto(`${PRIVATE_AREA}/token`);
    await expect(page.getByRole("navigation", { name: "Menu da conta" }).getByRole("link", { name: "Token de empréstimo" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.getByRole("button", { name: /Gerar/ }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Novo token gerado.");
    const token = (await page.locator(".loan-token__value").textContent())!;
    expect(token).toMatch(/^\d{8}$/);
    await expect(page.getByRole("img", { name: `Código QR do token ${token}` }).locator("svg")).toBeVisible();
    await expect(page.getByText(/^Válido até /)).toBeVisible();
  });
});
