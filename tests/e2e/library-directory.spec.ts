import { expect, test } from "../fixtures/warm";

test.describe("library directory", () => {
  test("the footer leads to every library with its campus, address and the week's opening hours", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Bibliotecas e horários" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bibliotecas e horários de atendimento" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("3 bibliotecas");
    const central = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Biblioteca Central/ }) });
    await expect(central.getByText("Praça da Biblioteca, 1 – Campus Central")).toBeVisible();
    const hours = central.getByRole("table", { name: "Horário de atendimento: Biblioteca Central" });
    await expect(hours.getByRole("row")).toHaveCount(8);
    await expect(hours.getByRole("row", { name: /Segunda-feira/ })).toContainText("07:30 às 22:00");
    await expect(hours.getByRole("row", { name: /Domingo/ })).toContainText("Fechada");
  });

  test("the form narrows the list by campus and by name, and says when nothing matches", async ({ page }) => {
    await page.goto("/bibliotecas");
    await page.getByLabel("Campus").selectOption({ label: "Campus Norte" });
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/campus=2/);
    await expect(page.getByRole("main").getByRole("status")).toHaveText("1 biblioteca");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Biblioteca do Campus Norte (BCN)"]);
    await expect(page.getByLabel("Campus")).toHaveValue("2");

    await page.getByLabel("Nome da biblioteca").fill("zzz");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Nenhuma biblioteca");
    await expect(page.getByText("Nenhuma biblioteca encontrada.")).toBeVisible();
    await expect(page.getByLabel("Nome da biblioteca")).toHaveValue("zzz");
  });
});
