import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures/account";
import { hydrated, PRIVATE_AREA } from "../fixtures/demo";

/**
 * Patron lists (issue 29 "Keeping", ADR 246): add titles from a title page and from the results, a note per
 * title, a named list made public and private again, export, removal and deletion with confirmation. Each
 * project has its own patron (listas1 with JS, listas2 without), so the runs never touch each other's lists.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const LISTS = `${PRIVATE_AREA}/listas`;
const isJs = () => test.info().project.name === "js-on";

test.use({
  // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature: this option depends on no fixture
  patron: async ({}, use, info) => {
    await use({ login: info.project.name === "js-on" ? "listas1" : "listas2", password: "demo1234" });
  },
});

async function twoTitles(request: APIRequestContext, termo: string) {
  const tok = await (await request.post("/api/oauth/token", { form: { grant_type: "client_credentials", client_id: "4" } })).json();
  const res = await request.get(`/api/consulta?termo=${termo}&qtd=2`, { headers: { authorization: `Bearer ${tok.access_token}` } });
  const hits = (await res.json()).resultados as Array<{ cod_acervo: number; titulo: string }>;
  expect(hits.length).toBe(2);
  return hits;
}

test("a title is added to the default list from its page, with a note; a too-long note is refused beside the field and kept", async ({
  signedIn: page,
  request,
}) => {
  const [first] = await twoTitles(request, isJs() ? "democracia" : "sociologia");
  await page.goto(`/acervo/${first.cod_acervo}`);
  await hydrated(page);
  await page.getByRole("link", { name: `Adicionar à lista: ${first.titulo}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(first.titulo);
  await hydrated(page);
  await expect(page.getByRole("radio", { name: "Cesta permanente" })).toBeChecked();
  const tooLong = "x".repeat(501);
  await page.getByLabel("Nota", { exact: true }).fill(tooLong);
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("A nota pode ter no máximo 500 caracteres.");
  await expect(page).toHaveTitle(/^Erro: /);
  await expect(page.getByLabel("Nota", { exact: true })).toHaveValue(tooLong);
  await expect(page.getByLabel("Nota", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Nota", { exact: true }).fill("Ler a introdução");
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(`“${first.titulo}” adicionado à lista “Cesta permanente”.`);
  await expect(page).toHaveTitle(new RegExp(`^“.*” adicionado à lista “Cesta permanente”\\. – Adicionar à lista`));
  // Back where the patron was: the title page.
  await page.getByRole("link", { name: "Voltar para onde você estava" }).click();
  await expect(page).toHaveURL(new RegExp(`/acervo/${first.cod_acervo}$`));
  // The permanent basket is the same list.
  await page.goto(`${PRIVATE_AREA}/cesta-permanente`);
  await expect(page.getByRole("table").getByRole("link", { name: first.titulo, exact: true })).toBeVisible();
});

test("a named list is made (an empty name is refused), a title added from the results, its note edited, and the title removed", async ({
  signedIn: page,
  request,
}) => {
  const [, second] = await twoTitles(request, isJs() ? "democracia" : "sociologia");
  const name = isJs() ? "Leituras com JS" : "Leituras sem JS";
  await page.goto(LISTS);
  await expect(page.getByRole("navigation", { name: "Menu da conta" }).getByRole("link", { name: "Listas" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Nome da lista").fill("   ");
  await page.getByRole("button", { name: "Criar lista" }).click();
  await expect(page.getByRole("alert")).toContainText("Informe o nome da lista.");
  await expect(page.getByLabel("Nome da lista")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Nome da lista").fill(name);
  await page.getByRole("button", { name: "Criar lista" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(`Lista “${name}” criada.`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const listUrl = page.url().replace(/\?.*$/, "");

  await page.goto(`/?termo=${isJs() ? "democracia" : "sociologia"}`);
  await hydrated(page);
  await page
    .getByRole("link", { name: `Adicionar à lista: ${second.titulo}`, exact: true })
    .first()
    .click();
  await hydrated(page);
  await page.getByRole("radio", { name }).check();
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(`“${second.titulo}” adicionado à lista “${name}”.`);

  await page.goto(listUrl);
  await hydrated(page);
  await expect(page.getByRole("link", { name: second.titulo, exact: true })).toBeVisible();
  const note = page.getByLabel(`Nota: ${second.titulo}`, { exact: true });
  await note.fill("y".repeat(501));
  await page.getByRole("button", { name: `Salvar nota: ${second.titulo}`, exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("A nota pode ter no máximo 500 caracteres.");
  await expect(note).toHaveValue("y".repeat(501));
  await note.fill("Capítulo 2 para a prova");
  await page.getByRole("button", { name: `Salvar nota: ${second.titulo}`, exact: true }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Nota salva.");
  await expect(note).toHaveValue("Capítulo 2 para a prova");

  // Export: the format is required, then the file is the list's RIS export.
  await page.getByRole("button", { name: "Exportar a lista" }).click();
  await expect(page.getByRole("alert")).toContainText("Escolha o formato da exportação.");
  await page.getByLabel("Formato").selectOption("ris");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Exportar a lista" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^lista-\d+-ris\.ris$/);

  await page.getByRole("button", { name: `Remover da lista: ${second.titulo}`, exact: true }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Título removido da lista.");
  await expect(page.getByRole("link", { name: second.titulo, exact: true })).toHaveCount(0);
});

test("a list made public opens read-only by its link, without indexing; made private, the link stops working; then it is deleted after a confirmation", async ({
  signedIn: page,
  request,
  browser,
}) => {
  const [first] = await twoTitles(request, isJs() ? "democracia" : "sociologia");
  const name = isJs() ? "Bibliografia com JS" : "Bibliografia sem JS";
  await page.goto(LISTS);
  await hydrated(page);
  await page.getByLabel("Nome da lista").fill(name);
  await page.getByRole("button", { name: "Criar lista" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const listUrl = page.url().replace(/\?.*$/, "");
  await page.goto(`/listas/adicionar?acervo=${first.cod_acervo}`);
  await hydrated(page);
  await page.getByRole("radio", { name }).check();
  await page.getByLabel("Nota", { exact: true }).fill("Obrigatória");
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("adicionado");

  await page.goto(listUrl);
  await hydrated(page);
  await page.getByRole("button", { name: "Tornar pública" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("A lista agora é pública: qualquer pessoa com o link pode vê-la.");
  const link = await page.locator("#lista-link-publico").getAttribute("href");
  expect(link).toMatch(/\/listas\/[A-Za-z0-9_-]{32}$/);

  // Anyone with the link, signed out, sees it read-only and not for search engines.
  const other = await browser.newContext({ javaScriptEnabled: isJs() });
  const visitor = await other.newPage();
  const res = await visitor.goto(link!);
  expect(res?.status()).toBe(200);
  expect(res?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(visitor.getByRole("link", { name: first.titulo, exact: true })).toBeVisible();
  await expect(visitor.getByText("Obrigatória")).toBeVisible();
  await expect(visitor.getByRole("button", { name: /Tornar|Remover|Salvar/ })).toHaveCount(0);
  await expect(visitor.getByRole("textbox", { name: /Nota/ })).toHaveCount(0);

  await page.getByRole("button", { name: "Tornar privada" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("A lista agora é privada: o link antigo não abre mais.");
  expect((await visitor.goto(link!))?.status()).toBe(404);
  await other.close();

  // Deleting asks first; cancelling keeps the list.
  await page.getByRole("link", { name: "Apagar esta lista" }).click();
  await expect(page.getByText(`Apagar a lista “${name}”?`)).toBeVisible();
  await page.getByRole("link", { name: "Cancelar" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await page.getByRole("link", { name: "Apagar esta lista" }).click();
  await page.getByRole("button", { name: "Sim, apagar a lista" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Lista apagada.");
  await expect(page.getByRole("table").getByRole("link", { name })).toHaveCount(0);
  expect((await page.goto(listUrl))?.status()).toBe(404);
});

test("the default list has no delete control", async ({ signedIn: page }) => {
  await page.goto(`${LISTS}/padrao`);
  await expect(page.getByText("Esta é a sua lista padrão, a cesta permanente: pode ser renomeada, mas não apagada.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Apagar esta lista" })).toHaveCount(0);
});

test.describe("signed out", () => {
  test("adding to a list leads to the login and back to the form", async ({ page, request }) => {
    const [first] = await twoTitles(request, "democracia");
    await page.goto(`/acervo/${first.cod_acervo}`);
    await page.getByRole("link", { name: `Adicionar à lista: ${first.titulo}`, exact: true }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Flistas%2Fadicionar/);
  });
});
