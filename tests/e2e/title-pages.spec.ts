import { expect, test } from "../fixtures/warm";
import type { Page } from "@playwright/test";
import { DEMO, login } from "../fixtures/demo";
import { titlePageFixtures } from "../fixtures/title-pages";

/** Without JS the page shows the access address as a link (off-site form redirects are blocked by the CSP); with JS it goes there itself. */
async function followAccessLink(page: Page) {
  if (test.info().project.name !== "js-off") return;
  const status = page.getByRole("status").filter({ hasText: /Acesso liberado/ });
  await expect(status).toBeVisible();
  await status.getByRole("link").click();
}

let ids: Awaited<ReturnType<typeof titlePageFixtures>>;
test.beforeAll(async ({ request }) => {
  ids = await titlePageFixtures(request);
});

test("the title page links to each of its sub-pages, and each is a real page about that title", async ({ page }) => {
  await page.goto(`/acervo/${ids.book}`);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.split(":")[0].trim();
  const nav = page.getByRole("navigation", { name: "Páginas do título" });
  // "Acervo fechado" is linked only from a title in closed stacks (its own test below).
  for (const name of ["Registro MARC", "Exemplares", "Dublin Core", "Sumário", "Dados estatísticos", "Coleção (kardex)"]) {
    await nav.getByRole("link", { name, exact: true }).click();
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1).toContainText(name);
    await expect(h1).toContainText(title);
    await expect(page.getByRole("navigation", { name: "Páginas do título" }).getByRole("link", { name, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  }
  await page.getByRole("navigation", { name: "Páginas do título" }).getByRole("link", { name: "Detalhes do título" }).click();
  await expect(page).toHaveURL(new RegExp(`/acervo/${ids.book}$`));
});

test("the MARC page shows a tagged record, and the local fields only on request", async ({ page }) => {
  await page.goto(`/acervo/${ids.book}/marc`);
  const table = page.getByRole("table", { name: /Registro MARC/ });
  await expect(table.getByRole("rowheader", { name: "245", exact: true })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: "Líder" })).toBeVisible();
  await page.getByRole("link", { name: "Mostrar também os campos locais" }).click();
  await expect(page).toHaveURL(/marc\?liberacao=1$/);
  await expect(page.getByText("Os campos locais (59X e 9XX) estão incluídos.")).toBeVisible();
});

test("the copies page filters the copies by library with a plain GET form", async ({ page }) => {
  await page.goto(`/acervo/${ids.book}/exemplares`);
  const select = page.getByLabel("Biblioteca", { exact: true });
  const library = (await select.locator("option").nth(1).textContent())!.trim();
  await select.selectOption({ label: library });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/cod_unidade=\d+/);
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  for (const cell of await rows.locator("th").allTextContents()) expect(cell.trim()).toBe(library);
});

test("the book's table of contents and Dublin Core are shown as tables", async ({ page }) => {
  await page.goto(`/acervo/${ids.book}/sumarios-livros`);
  await expect(
    page
      .getByRole("table", { name: /Sumário de/ })
      .locator("tbody tr")
      .first(),
  ).toBeVisible();
  await page.goto(`/acervo/${ids.book}/dublin-core`);
  await expect(
    page
      .getByRole("table", { name: /Dublin Core de/ })
      .getByRole("rowheader", { name: /Título/ })
      .first(),
  ).toBeVisible();
});

test("the statistics page draws loans per year as a described chart with the same data in a table", async ({ page }) => {
  await page.goto(`/acervo/${ids.book}/dados-estatisticos`);
  const chart = page.getByRole("img", { name: /Empréstimos por ano de/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator("desc")).toContainText("empréstimos no total");
  const table = page.getByRole("table", { name: "Empréstimos por ano" });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await expect(table.locator("tfoot")).toContainText("Total");
});

test("the kardex lists a periodical's issues by library and year, and opens an issue's contents", async ({ page }) => {
  await page.goto(`/acervo/${ids.serial}/colecao-kardex`);
  const year = (await page.getByLabel("Ano").locator("option").nth(1).textContent())!.trim();
  await page.getByLabel("Ano").selectOption(year);
  await page.getByLabel("Biblioteca").selectOption({ label: "Biblioteca Central" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(new RegExp(`ano=${year}`));
  const table = page.getByRole("table", { name: /Fascículos de/ });
  for (const cell of await table.locator("tbody tr th").allTextContents()) expect(cell).toContain(year);
  await table
    .getByRole("link", { name: /Ver sumário de/ })
    .first()
    .click();
  await expect(page).toHaveURL(/fasciculo=\d+/);
  await expect(page.getByRole("heading", { level: 2, name: /^Fascículo v\./ })).toBeVisible();
  await expect(
    page
      .getByRole("table", { name: /Sumário de v\./ })
      .locator("tbody tr")
      .first(),
  ).toBeVisible();
  await page.getByRole("link", { name: "Sumários de periódicos" }).click();
  await expect(page.getByRole("table", { name: /Sumário de v\./ }).first()).toBeVisible();
});

test("a title in closed stacks links to the closed-stacks page, which names the location and how to request the item", async ({ page }) => {
  await page.goto(`/acervo/${ids.closed}`);
  await page
    .getByRole("navigation", { name: /páginas do título/i })
    .getByRole("link", { name: "Acervo fechado" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/acervo/${ids.closed}/acervo-fechado$`));
  await expect(page.getByRole("list", { name: /Locais de acervo fechado/ })).toContainText("Obras raras");
  await expect(page.getByRole("heading", { level: 2, name: "Como consultar ou pedir emprestado" })).toBeVisible();
  await page.getByRole("link", { name: "Ver os exemplares e onde estão" }).click();
  await expect(page).toHaveURL(new RegExp(`/acervo/${ids.closed}/exemplares$`));
});

test("a title on open shelves has no closed-stacks link, and its closed-stacks page is not found", async ({ page }) => {
  test.setTimeout(90_000); // two full title pages on a busy machine
  await page.goto(`/acervo/${ids.book}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Acervo fechado" })).toHaveCount(0);
  const res = await page.goto(`/acervo/${ids.book}/acervo-fechado`);
  expect(res?.status()).toBe(404);
});

test("authority names on the title page link to the authority, with its type, references, titles and MARC", async ({ page }) => {
  await page.goto(`/acervo/${ids.authorityTitle}`);
  await page.locator(`main a[href='/autoridade/${ids.authority}']`).first().click();
  await expect(page).toHaveURL(new RegExp(`/autoridade/${ids.authority}$`));
  await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
  await expect(page.getByText("Tipo", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Títulos ligados" })).toBeVisible();
  await expect(page.locator(`main a[href='/acervo/${ids.authorityTitle}']`)).toBeVisible();
  const search = page.getByRole("link", { name: /no catálogo$/ });
  await expect(search).toHaveAttribute("href", /termo=/);
  const heading = (await page.getByRole("heading", { level: 1 }).textContent())!;
  const seeAlso = page.getByRole("heading", { name: "Ver também" });
  if (await seeAlso.count()) {
    const related = page.locator("section", { has: seeAlso }).locator("a").first();
    const href = (await related.getAttribute("href"))!;
    expect(href).toMatch(/^\/autoridade\/\d+$/);
    await related.click();
    // The related authority's own URL (not the current page's, which would match at once).
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await page.goBack();
    // With JS the back navigation is client-side: wait until the authority's own page is back.
    await expect(page).toHaveURL(new RegExp(`/autoridade/${ids.authority}$`));
    // With JS, Back changes the URL before the page renders again: wait for the authority's own heading.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
  await page.getByRole("link", { name: "Registro MARC da autoridade" }).click();
  await expect(page).toHaveURL(new RegExp(`/autoridade/${ids.authority}/marc$`));
  await expect(page.getByRole("table").locator("tbody tr").first()).toBeVisible();
});

test("unknown authorities and sub-pages of unknown titles are 404 pages", async ({ page }) => {
  expect((await page.goto("/autoridade/999999999"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Autoridade não encontrada" })).toBeVisible();
  expect((await page.goto("/acervo/999999999/marc"))?.status()).toBe(404);
  expect((await page.goto("/autoridade/abc/marc"))?.status()).toBe(404);
});

test("a restricted online link asks a logged-out visitor to log in, then opens the link for the patron", async ({ page }) => {
  await page.route("http://example.com/**", (r) =>
    r.fulfill({ status: 200, contentType: "text/html", body: "<title>Provider</title><h1>Provider</h1>" }),
  );
  await page.goto(`/acervo/${ids.restricted}`);
  await page
    .getByRole("button", { name: /^Acessar / })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Facervo%2F${ids.restricted}`));
  await login(page, undefined, `/acervo/${ids.restricted}`);
  await expect(page).toHaveURL(new RegExp(`/acervo/${ids.restricted}$`));
  await page
    .getByRole("button", { name: /^Acessar / })
    .first()
    .click();
  await followAccessLink(page);
  await expect(page).toHaveURL("http://example.com/");
});

test("the provider pages offer login, then send the patron to the provider", async ({ page }, info) => {
  await page.route("https://pearson.example.org/**", (r) => r.fulfill({ status: 200, contentType: "text/html", body: "<title>Pearson</title>" }));
  await page.route("https://grupoa.example.org/**", (r) => r.fulfill({ status: 200, contentType: "text/html", body: "<title>Grupo A</title>" }));
  await page.goto("/pearson");
  await expect(page.getByRole("heading", { level: 1, name: "Biblioteca Virtual Pearson" })).toBeVisible();
  if (info.project.name === "js-on") {
    // With JS the login opens in a dialog on this page (ADR 174).
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Entrar para acessar Biblioteca Virtual Pearson" }).click();
    const dialog = page.getByRole("dialog", { name: "Entrar" });
    await dialog.getByLabel("Usuário", { exact: true }).fill(DEMO.patron.login);
    await dialog.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
    await dialog.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByRole("navigation", { name: "Menu do usuário" })).toContainText("Olá, Ana");
    await expect(page).toHaveURL(/\/pearson$/);
  } else {
    await page.getByRole("link", { name: "Entrar para acessar Biblioteca Virtual Pearson" }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpearson/);
    await login(page, undefined, "/pearson");
  }
  await page.getByRole("button", { name: "Acessar Biblioteca Virtual Pearson" }).click();
  await followAccessLink(page);
  await expect(page).toHaveURL(/^https:\/\/pearson\.example\.org\/acesso\?ticket=/);
  await page.goto("/grupoa");
  await page.getByRole("button", { name: "Acessar Biblioteca Digital Grupo A" }).click();
  await followAccessLink(page);
  await expect(page).toHaveURL(/^https:\/\/grupoa\.example\.org\/acesso\?ticket=.*sessionid=/);
});
