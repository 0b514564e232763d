import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures/account";
import { PRIVATE_AREA } from "../fixtures/demo";

// Issue 26 "Permanent basket": the titles saved from the basket are listed in the account menu's screen, where
// they are taken to the basket, exported and removed (JS on and off). Each project saves titles of its own, so
// the two runs never touch each other's rows of leitora's basket.
test.use({ patron: { login: "leitora", password: "demo1234" } });

const SCREEN = `${PRIVATE_AREA}/cesta-permanente`;

async function twoTitles(request: APIRequestContext, termo: string) {
  const tok = await (await request.post("/api/oauth/token", { form: { grant_type: "client_credentials", client_id: "4" } })).json();
  const res = await request.get(`/api/consulta?termo=${termo}&qtd=2`, { headers: { authorization: `Bearer ${tok.access_token}` } });
  const hits = (await res.json()).resultados as Array<{ cod_acervo: number; titulo: string }>;
  expect(hits.length).toBe(2);
  return hits;
}

test("saved titles are listed, taken to the basket, exported and removed", async ({ signedIn: page, request, baseURL }, info) => {
  test.slow(); // one journey through every action of the screen
  const [first, second] = await twoTitles(request, info.project.name === "js-off" ? "sociologia" : "democracia");
  await page.context().addCookies([{ name: "estante_cesta", value: `${first.cod_acervo}.${second.cod_acervo}`, url: baseURL! }]);
  await page.goto("/cesta");
  await page.getByRole("button", { name: "Salvar na cesta permanente" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("2 títulos salvos na cesta permanente.");
  await page.getByRole("main").getByRole("status").getByRole("link", { name: "Ver a cesta permanente" }).click();

  await expect(page).toHaveURL(new RegExp(`${SCREEN}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cesta permanente");
  const table = page.getByRole("table", { name: /títulos? na sua cesta permanente/ });
  await expect(table.getByRole("link", { name: first.titulo, exact: true })).toBeVisible();
  await expect(table.getByRole("link", { name: second.titulo, exact: true })).toBeVisible();

  // Nothing ticked: the error summary names it, and nothing changes.
  await page.getByRole("button", { name: "Levar para a cesta" }).click();
  await expect(page.getByRole("alert")).toContainText("Marque ao menos um título.");
  await expect(page).toHaveTitle(/^Erro: /);

  // Export of a ticked title: the format is required, then the file is the title's RIS record.
  await page.getByRole("checkbox", { name: `Selecionar ${first.titulo}`, exact: true }).check();
  await page.getByRole("button", { name: "Exportar" }).click();
  await expect(page.getByRole("alert")).toContainText("Escolha um formato de exportação.");
  await expect(page.getByRole("checkbox", { name: `Selecionar ${first.titulo}`, exact: true })).toBeChecked();
  await page.getByLabel("Formato de exportação").selectOption("ris");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Exportar" }).click()]);
  expect(download.suggestedFilename()).toBe(`acervo-${first.cod_acervo}-ris.ris`);

  // Taken to this visit's basket.
  await page.goto("/cesta");
  await page.context().clearCookies({ name: "estante_cesta" });
  await page.goto(SCREEN);
  await page.getByRole("checkbox", { name: `Selecionar ${second.titulo}`, exact: true }).check();
  await page.getByRole("button", { name: "Levar para a cesta" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("1 título levado para a cesta.");
  const basket = (await page.context().cookies()).find((c) => c.name === "estante_cesta");
  expect(basket?.value).toBe(String(second.cod_acervo));

  // A row's own button removes its title; the other stays.
  await page.getByRole("button", { name: `Remover ${second.titulo}`, exact: true }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("1 título removido da cesta permanente.");
  await expect(table.getByRole("link", { name: second.titulo, exact: true })).toHaveCount(0);
  await expect(table.getByRole("link", { name: first.titulo, exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Remover ${first.titulo}`, exact: true }).click();
  await expect(table.getByRole("link", { name: first.titulo, exact: true })).toHaveCount(0);
});

test("the account menu lists the permanent basket", async ({ signedIn: page }) => {
  await page.goto(PRIVATE_AREA);
  await page
    .getByRole("navigation", { name: /Meu Pergamum|Minha conta|Menu/ })
    .getByRole("link", { name: "Cesta permanente" })
    .click();
  await expect(page).toHaveURL(new RegExp(`${SCREEN}$`));
});
