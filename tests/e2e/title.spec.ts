import { expect, test } from "../fixtures/warm";

test("a title page shows the bibliographic data and the copies with library, location and status", async ({ page }) => {
  // Find a title through the search UI, as a patron would.
  await page.goto("/?termo=historia");
  const link = page.locator("main ol li a[href^='/acervo/']").first();
  const title = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/acervo\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title.split(":")[0].trim());
  const main = page.getByRole("main");
  for (const label of ["Autor", "Editora", "Ano de publicação"]) await expect(main.getByText(label, { exact: true }).first()).toBeVisible();

  const copies = main.getByRole("table");
  await expect(copies).toBeVisible();
  await expect(copies.locator("caption")).not.toBeEmpty();
  for (const header of ["Biblioteca", "Localização", "Situação"]) {
    await expect(copies.getByRole("columnheader", { name: header })).toBeVisible();
  }
  await expect(copies.locator("tbody tr").first()).toBeVisible();
});

test("a title with ISBN and subjects shows them, and subjects link to a search", async ({ page, request }) => {
  const tok = await (await request.post("/api/oauth/token", { form: { grant_type: "client_credentials", client_id: "4" } })).json();
  const res = await request.get("/api/consulta?termo=9788535914849&qtd=5", { headers: { authorization: `Bearer ${tok.access_token}` } });
  let id = ((await res.json()).resultados ?? [])[0]?.cod_acervo as number | undefined;
  if (!id) {
    const any = await request.get("/api/consulta?termo=sociologia&qtd=20", { headers: { authorization: `Bearer ${tok.access_token}` } });
    id = (await any.json()).resultados.find((r: { isbn: string | null }) => r.isbn)?.cod_acervo;
  }
  expect(id, "a demo title with an ISBN").toBeTruthy();
  await page.goto(`/acervo/${id}`);
  const main = page.getByRole("main");
  await expect(main.getByText("ISBN", { exact: true }).first()).toBeVisible();
  const subject = main.locator("a[href*='tipo=assunto']").first();
  if (await subject.count()) {
    await subject.click();
    await expect(page).toHaveURL(/tipo=assunto/);
    await expect(page.getByRole("heading", { name: /resultados? para/ })).toBeVisible();
  }
});

test("an unknown title gives a 404 page", async ({ page }) => {
  const res = await page.goto("/acervo/999999999");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a non-numeric title id gives a 404 page", async ({ page }) => {
  const res = await page.goto("/acervo/abc");
  expect(res?.status()).toBe(404);
});
