import { expect, test } from "../fixtures/warm";
import type { Page } from "@playwright/test";
import { DEMO, findTitleId, login } from "../fixtures/demo";
import { outboxCount, waitForMail } from "../support/outbox";

// Each test has its own browser context, so its own basket cookie: tests never share a basket.

/** Adds the title of the current title page with its own button; lands on (or opens) the basket. */
async function addFromTitlePage(page: Page, id: number) {
  await page.goto(`/acervo/${id}`);
  // With JS, click only once the page is hydrated (the fetcher adds its js=1 field then).
  if (test.info().project.name === "js-on") await page.locator("form.add-to-basket input[name=js]").first().waitFor({ state: "attached" });
  await page
    .getByRole("button", { name: /^Adicionar à cesta/ })
    .first()
    .click();
  if (test.info().project.name === "js-off") {
    // Without JS the form posts and the server redirects to the basket with the news and a way back.
    await expect(page).toHaveURL(/\/cesta\?aviso=added/);
    await expect(page.getByRole("status").filter({ hasText: "1 título adicionado à cesta." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar para onde você estava" })).toHaveAttribute("href", `/acervo/${id}`);
  } else {
    // With JS the page stays; the button becomes "remove" and a status message gives the basket size.
    await expect(page.getByText("Na cesta (1 título).")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("button", { name: /^Remover da cesta/ }).first()).toBeVisible();
    await page.goto("/cesta");
  }
}

test("a title added from its page is listed in the basket, and can be removed", async ({ page, request }) => {
  const id = await findTitleId(request, "historia");
  await addFromTitlePage(page, id);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cesta (1 título)");
  const list = page.getByRole("list").filter({ has: page.locator(`a[href='/acervo/${id}']`) });
  await expect(list).toBeVisible();
  await page.getByRole("button", { name: /^Remover\s*:/ }).click();
  await expect(page).toHaveURL(/aviso=removed/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cesta (vazia)");
  await expect(page.getByText("Sua cesta está vazia.")).toBeVisible();
});

test("a basket title in another language than the page carries the record's language (lang)", async ({ page, request }) => {
  const tok = await (await request.post("/api/oauth/token", { form: { grant_type: "client_credentials", client_id: "4" } })).json();
  const res = await request.get("/api/consulta?termo=economics&qtd=20", { headers: { authorization: `Bearer ${tok.access_token}` } });
  const english = ((await res.json()).resultados as Array<{ cod_acervo: number; idioma: string | null }>).find((r) => r.idioma === "eng");
  expect(english, "a demo title catalogued in English").toBeTruthy();
  await addFromTitlePage(page, english!.cod_acervo);
  await expect(page.locator(`main a.basket-list__title[href='/acervo/${english!.cod_acervo}']`)).toHaveAttribute("lang", "en");
});

test("every title of a results page goes into the basket at once; keep-selected and clear work", async ({ page }) => {
  await page.goto("/?termo=brasil&qtd=10");
  const hits = page.locator("main ol li a[href^='/acervo/']");
  await expect(hits.first()).toBeVisible();
  const count = Math.min(10, await hits.count());
  if (test.info().project.name === "js-on") await page.locator("form.add-to-basket input[name=js]").first().waitFor({ state: "attached" });
  await page.getByRole("button", { name: /desta página à cesta/ }).click();
  if (test.info().project.name === "js-on") {
    await expect(page.getByText(`A cesta tem ${count} títulos.`)).toBeVisible({ timeout: 15_000 });
    await page.goto("/cesta");
  } else {
    await expect(page).toHaveURL(/\/cesta\?aviso=added/);
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Cesta (${count} títulos)`);

  // Untick all but the first two, keep the selection.
  const boxes = page.getByRole("checkbox", { name: /^Selecionar / });
  for (let i = 2; i < count; i++) await boxes.nth(i).uncheck();
  await page.getByRole("button", { name: "Manter só os selecionados" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cesta (2 títulos)");

  await page.getByRole("button", { name: "Esvaziar a cesta" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cesta (vazia)");
  await expect(page.getByRole("status").filter({ hasText: "A cesta foi esvaziada." })).toBeVisible();
});

test("the basket shows its export as text (read-only, labelled) and downloads it as a file", async ({ page, request }) => {
  const id = await findTitleId(request, "historia");
  await addFromTitlePage(page, id);
  await page.getByLabel("Formato", { exact: true }).first().selectOption("ris");
  await page.getByRole("button", { name: "Mostrar o texto" }).click();
  await expect(page).toHaveURL(/formato=ris/);
  const text = page.getByLabel("Texto em RIS (Zotero, Mendeley, EndNote)");
  await expect(text).toHaveAttribute("readonly", "");
  await expect(text).toHaveValue(/^TY {2}- /);
  await expect(text).toHaveValue(/ER {2}-/);
  if (test.info().project.name === "js-on") {
    await expect(page.getByRole("button", { name: "Copiar para a área de transferência" })).toBeVisible();
  } else {
    await expect(page.getByRole("button", { name: "Copiar para a área de transferência" })).toHaveCount(0);
  }
  // The download link carries the basket cookie (same browser context).
  const file = await page.request.get("/cesta/exportar?tipo=bibtex");
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("application/x-bibtex");
  expect(file.headers()["content-disposition"]).toBe('attachment; filename="cesta-bibtex.bib"');
  expect(await file.text()).toMatch(/^@\w+\{/);
  const marc = await page.request.get("/cesta/exportar?tipo=iso2709");
  expect(marc.headers()["content-type"]).toContain("application/marc");
});

test("e-mailing the basket names each invalid address, keeps the input, then sends to every recipient", async ({ page, request }) => {
  const tag = `${test.info().project.name}-${Date.now()}`;
  const id = await findTitleId(request, "historia");
  // Signed out, the basket offers to sign in instead of the form (the library's mail is not an open relay).
  await addFromTitlePage(page, id);
  await expect(page.getByText("Para enviar por e-mail, entre com sua conta.")).toBeVisible();
  await expect(page.getByLabel("Destinatários")).toHaveCount(0);
  await login(page, DEMO.professor, "/cesta");
  const field = page.getByLabel("Destinatários");
  await field.fill(`ana-${tag}@example.org; nao-e-email`);
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Há um problema" });
  await expect(summary.or(page.locator(".error-summary"))).toContainText("Endereço de e-mail inválido: nao-e-email");
  await expect(page.locator("#cesta-destinatarios-erro")).toContainText("nao-e-email");
  await expect(field).toHaveValue(`ana-${tag}@example.org; nao-e-email`);

  await field.fill(`ana-${tag}@example.org; bruno-${tag}@example.net`);
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(page).toHaveURL(/aviso=sent/);
  await expect(page.getByRole("status").filter({ hasText: "E-mail enviado para 2 destinatários." })).toBeVisible();

  // The reference API's outbox (no SMTP configured) holds the message, once.
  const mail = await waitForMail(`ana-${tag}@example.org`, 0);
  expect(outboxCount(`ana-${tag}@example.org`)).toBe(1);
  expect(mail.to).toEqual([`ana-${tag}@example.org`, `bruno-${tag}@example.net`]);
  expect(mail.text).toMatch(/\[S\. l\.\]|[A-Z]{2,}/);
});

test("logged out, the permanent basket offers a login that comes back; logged in, it saves", async ({ page, request }) => {
  const id = await findTitleId(request, "brasil");
  await addFromTitlePage(page, id);
  const loginLink = page.getByRole("link", { name: "Entrar e voltar para a cesta" });
  await expect(loginLink).toHaveAttribute("href", "/login?redirect=%2Fcesta");
  await login(page, DEMO.patron, "/cesta");
  await expect(page).toHaveURL(/\/cesta$/);
  await page.getByRole("button", { name: "Salvar na cesta permanente" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 título salvo na cesta permanente." })).toBeVisible();
});

test("the reference page shows the ABNT reference with the title in bold, and the other formats", async ({ page, request }) => {
  const id = await findTitleId(request, "historia");
  await page.goto(`/acervo/${id}/referencia`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Referência de");
  const abnt = page.locator(".reference-abnt");
  await expect(abnt).toContainText(/\.\s/);
  const bold = abnt.locator("strong");
  if (await bold.count()) await expect(bold.first()).not.toBeEmpty();
  for (const label of ["APA", "RIS (Zotero, Mendeley, EndNote)", "BibTeX", "MARCXML", "CSV (planilha)"]) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("readonly", "");
  }
  await expect(page.getByLabel("MARCXML", { exact: true })).toHaveValue(/<collection xmlns="http:\/\/www.loc.gov\/MARC21\/slim">/);
  const file = await page.request.get(`/cesta/exportar?tipo=ris&acervos=${id}`);
  expect(file.headers()["content-disposition"]).toBe(`attachment; filename="acervo-${id}-ris.ris"`);
});

test("a malformed basket cookie or a bad export format never breaks the page", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "estante_cesta", value: "abc.-1.0.99999999999999999999", url: baseURL! }]);
  await page.goto("/cesta");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cesta (vazia)");
  expect((await page.request.get("/cesta/exportar?tipo=docx")).status()).toBe(400);
});
