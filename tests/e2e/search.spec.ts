import { expect, test } from "../fixtures/warm";

test.describe("home and search", () => {
  test("the home page is in Portuguese and has one main heading", async ({ page }) => {
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", /^pt/);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catálogo online");
    await expect(page.getByRole("main")).toBeVisible();
  });

  test("a free-text search returns ranked results and a shareable URL", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Termo de pesquisa").fill("história do brasil");
    await page.getByRole("button", { name: "Pesquisar" }).click();
    await expect(page).toHaveURL(/[?&]termo=hist%C3%B3ria(\+|%20)do(\+|%20)brasil/);
    await expect(page.getByRole("heading", { name: /resultados? para “história do brasil”/ })).toBeVisible();
    const first = page.locator("main ol li h3 a, main ol li h2 a").first();
    await expect(first).toContainText(/hist[óo]ria/i);

    // The same URL, opened afresh, gives the same first result.
    const firstText = await first.textContent();
    const url = page.url();
    await page.goto("about:blank");
    await page.goto(url);
    await expect(page.locator("main ol li h3 a, main ol li h2 a").first()).toHaveText(firstText!);
  });

  test("matching ignores accents and case", async ({ page }) => {
    await page.goto("/?termo=HISTORIA");
    const withoutAccent = await page.getByRole("heading", { name: /resultados? para/ }).textContent();
    await page.goto("/?termo=hist%C3%B3ria");
    const withAccent = await page.getByRole("heading", { name: /resultados? para/ }).textContent();
    const count = (s: string | null) => Number((s ?? "").replace(/\D+.*$/s, "").replace(/\D/g, ""));
    expect(count(withoutAccent)).toBeGreaterThan(0);
    expect(count(withAccent)).toBe(count(withoutAccent));
  });

  test("results are paginated with links that keep the search", async ({ page }) => {
    await page.goto("/?termo=brasil");
    const pagination = page.getByRole("navigation", { name: /pagina|página/i });
    await expect(pagination).toBeVisible();
    await expect(pagination.locator("[aria-current=page]")).toHaveText(/1/);
    const firstOnPage1 = await page.locator("main ol li a").first().textContent();
    await pagination.getByRole("link", { name: /2/ }).first().click();
    await expect(page).toHaveURL(/pagina=2/);
    await expect(page).toHaveURL(/termo=brasil/);
    await expect(page.getByRole("navigation", { name: /pagina|página/i }).locator("[aria-current=page]")).toHaveText(/2/);
    expect(await page.locator("main ol li a").first().textContent()).not.toBe(firstOnPage1);
  });

  test("an empty search shows the required message next to the field", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Pesquisar" }).click();
    const field = page.getByLabel("Termo de pesquisa");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
    const messages = await Promise.all(
      describedBy
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(messages.join(" ")).toContain("O campo acima é obrigatório.");
    await expect(page.getByRole("alert")).toContainText("O campo acima é obrigatório.");
  });

  test("the required message follows the language", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "lng", value: "en", url: baseURL! }]);
    const res = await page.goto("/?termo=");
    expect(res?.status()).toBe(400);
    await expect(page.locator("html")).toHaveAttribute("lang", /^en/);
    await expect(page.getByRole("alert")).toContainText("The above field is required.");
  });

  test("a search with no results says so", async ({ page }) => {
    await page.goto("/?termo=qxzqxzqxz");
    await expect(page.getByText(/Nenhum resultado para “qxzqxzqxz”/)).toBeVisible();
  });
});

test("an unknown path gives the not-found page with status 404", async ({ page }) => {
  const res = await page.goto("/isto/nao/existe");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página não encontrada");
  await expect(page.getByRole("link", { name: /página inicial/i }).first()).toBeVisible();
});
