import { expect, test } from "../fixtures/warm";
import { COOKIES } from "../fixtures/demo";

// The library's own pages (ADR 194): general information with sections 1 and 2, the FAQ and institutional events,
// each reached from the footer; the demo institution has all three.
test.describe("the library's own pages", () => {
  test("the footer leads to the general information with sections 1 and 2", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Informações gerais" }).click();
    await expect(page).toHaveURL(/\/informacoes$/);
    await expect(page.getByRole("heading", { level: 1, name: "Informações gerais" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "Informações gerais",
      "Bem-vindo às Bibliotecas da UFD",
      "Novidades",
    ]);
    await expect(page.getByText("Multa por atraso: R$ 1,50 por dia e por título.")).toBeVisible();
  });

  test("the footer leads to the FAQ, whose questions open to their answers", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Perguntas frequentes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Perguntas frequentes" })).toBeVisible();
    const answer = page.getByText("Entre no Meu Pergamum, abra Empréstimos e escolha Renovar.");
    await expect(answer).toBeHidden();
    await page.getByText("Como renovo um empréstimo?").click();
    await expect(answer).toBeVisible();
    await expect(page.getByRole("main").locator("details")).toHaveCount(3);
  });

  test("the footer leads to the events, dated in the page's language", async ({ page, baseURL }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Eventos" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Eventos da biblioteca" })).toBeVisible();
    const week = page.getByRole("article", { name: "Semana do Livro e da Biblioteca" });
    await expect(week).toContainText("De 23 de outubro de 2026 a 29 de outubro de 2026");
    await expect(week).toContainText("Biblioteca Central – Hall de entrada");

    await page.context().addCookies([{ name: COOKIES.language, value: "en", url: baseURL! }]);
    await page.goto("/eventos");
    await expect(page.getByRole("heading", { level: 1, name: "Library events" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Book and Library Week" })).toContainText("From October 23, 2026 to October 29, 2026");
    await expect(page.getByRole("article", { name: "Workshop: using Meu Pergamum" })).toContainText("December 2, 2026");
  });

  test("the home page links to opening hours and to each page", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "A biblioteca" });
    await expect(section.getByRole("link")).toHaveText(["Bibliotecas e horários", "Informações gerais", "Perguntas frequentes", "Eventos"]);
    await section.getByRole("link", { name: "Bibliotecas e horários" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bibliotecas e horários de atendimento" })).toBeVisible();
  });
});
