import { test, expect } from "../fixtures/account";
import { findTitleId, hydrated, PRIVATE_AREA } from "../fixtures/demo";
import type { Page } from "@playwright/test";

/** My purchase suggestions and my comments (issue 11) as demo, with JavaScript on and off. */

async function open(page: Page, path: string) {
  await page.goto(`${PRIVATE_AREA}/${path}`);
  await hydrated(page);
}

test("my suggestions list each suggestion with its status and filter by status", async ({ signedIn: page }) => {
  await open(page, "sugestoes");
  const table = page.getByRole("table", { name: "Minhas sugestões de aquisição" });
  await expect(table.getByRole("row", { name: /Introdução à biblioteconomia/ })).toContainText("Em cotação");
  await expect(table.getByRole("row", { name: /História do Brasil colonial/ })).toContainText("Esgotada");
  await expect(page.getByLabel("Situação").locator("option")).toHaveCount(15);
  await page.getByLabel("Situação").selectOption("atendida");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Anatomia humana básica");
});

test("my suggestions: a date range needs both dates with the start not after the end, keeping them", async ({ signedIn: page }) => {
  await open(page, "sugestoes");
  await page.getByLabel("Data inicial").fill("2026-05-01");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByRole("alert")).toContainText("Informe a data final.");
  await expect(page.getByLabel("Data inicial")).toHaveValue("2026-05-01");
  await page.getByLabel("Data final").fill("2026-01-01");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByRole("alert")).toContainText("A data inicial não pode ser posterior à data final.");
  await expect(page.getByLabel("Data final")).toHaveValue("2026-01-01");
  await expect(page).toHaveTitle(/^Erro: /);
});

test("my comments show each comment's moderation status, and one can be deleted", async ({ signedIn: page }) => {
  // A comment of this run to delete (each project its own), sent through the API as any client would.
  const tok = await page.request.post("/api/oauth/token", {
    form: { grant_type: "password", client_id: "4", username: "demo", password: "demo1234" },
  });
  const { access_token } = (await tok.json()) as { access_token: string };
  const id = await findTitleId(page.request, "brasil");
  const text = `Comentário para apagar (${test.info().project.name})`;
  const posted = await page.request.post(`/api/comentarios/acervo/${id}`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: { texto: text, biblioteca: 1 },
  });
  expect(posted.status()).toBe(201);

  await open(page, "comentarios");
  await expect(page.getByRole("listitem").filter({ hasText: "recomendo a leitura do segundo capítulo" })).toContainText("Publicado");
  await expect(page.getByRole("listitem").filter({ hasText: "Alguém sabe se há edição mais nova?" })).toContainText("Não aprovado");
  const mine = page.getByRole("listitem").filter({ hasText: text });
  await expect(mine).toContainText("Aguardando aprovação");
  await mine.getByRole("button", { name: /Apagar o comentário de/ }).click();
  // Deleting asks first: a dialog with JS, a page of its own without (its question takes the focus).
  const question = /^Apagar este comentário sobre .+\?$/;
  if (test.info().project.name === "js-on") await expect(page.getByRole("dialog")).toContainText(text);
  else await expect(page.getByRole("heading", { name: question })).toBeFocused();
  await expect(page.getByRole("heading", { name: question })).toBeVisible();
  await page.getByRole("button", { name: "Sim, apagar o comentário" }).click();
  await expect(page.locator(".action-status")).toContainText("Comentário apagado.");
  await expect(page.locator("#resultado")).toBeFocused();
  await expect(page).toHaveTitle(/^Comentário apagado\./);
  await expect(page.getByText(text)).toHaveCount(0);
});
