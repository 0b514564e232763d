import { expect, test } from "../fixtures/warm";

// Issue 6 "Search words": a misspelt search offers the catalogue's own word as a plain link (JS on and off).
test.describe("did you mean", () => {
  test("a misspelt word finds nothing and offers the catalogue's word, which searches for it", async ({ page }) => {
    await page.goto("/?termo=democrasia&tipo=livre");
    await expect(page.getByRole("heading", { level: 2, name: "Nenhum resultado para “democrasia”." })).toBeVisible();
    const offer = page.getByRole("list", { name: "Você quis dizer:" }).getByRole("link", { name: /^democracia \(\d+ títulos?\)$/ });
    await expect(offer).toBeVisible();
    await offer.click();
    await expect(page).toHaveURL(/[?&]termo=democracia(&|$)/);
    await expect(page).toHaveURL(/[?&]tipo=livre/);
    await expect(page.getByRole("heading", { level: 2, name: /resultados? para “democracia”/ })).toBeVisible();
    await expect(page.getByRole("list", { name: "Você quis dizer:" })).toHaveCount(0);
  });

  test("a search of several misspelt words offers them corrected together", async ({ page }) => {
    await page.goto("/?termo=machdo+de+asis");
    const offer = page.getByRole("list", { name: "Você quis dizer:" }).getByRole("link", { name: /^machado de assis \(\d+ títulos?\)$/ });
    await expect(offer).toBeVisible();
  });

  test("in English too", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "lng", value: "en", url: baseURL! }]);
    await page.goto("/?termo=democrasia");
    await expect(page.getByRole("list", { name: "Did you mean:" }).getByRole("link", { name: /^democracia \(\d+ titles?\)$/ })).toBeVisible();
  });
});

// Issue 6 "Search words": contains-any (spec §5, §9) is the advanced search's "any of the words" (ADR 105).
test.describe("any of the words", () => {
  test("finds titles with any of the words where all of them find none, and keeps the choice on the next search", async ({ page }) => {
    await page.goto("/avancada");
    const form = page.getByRole("search", { name: "Pesquisa avançada no catálogo" });
    await form.getByRole("searchbox", { name: "Título" }).fill("biblioteconomia xilogravurazz");
    await form.getByRole("button", { name: "Pesquisar" }).click();
    await expect(page.getByRole("heading", { level: 2, name: /^Nenhum resultado para/ })).toBeVisible();

    const again = page.getByRole("search", { name: "Pesquisa avançada no catálogo" });
    await again.getByRole("radio", { name: "qualquer uma das palavras (de 3 letras ou mais)" }).check();
    await again.getByRole("button", { name: "Pesquisar" }).click();
    await expect(page).toHaveURL(/[?&]modo=qualquer(&|$)/);
    await expect(page.getByRole("heading", { level: 2, name: /resultados? para “biblioteconomia xilogravurazz”/ })).toBeVisible();
    await expect(page.getByRole("radio", { name: "qualquer uma das palavras (de 3 letras ou mais)" })).toBeChecked();
  });

  test("a field with no word of 3 letters is refused next to it, with what was typed kept", async ({ page }) => {
    await page.goto("/avancada");
    const form = page.getByRole("search", { name: "Pesquisa avançada no catálogo" });
    await form.getByRole("searchbox", { name: "Título" }).fill("de ab");
    await form.getByRole("radio", { name: "qualquer uma das palavras (de 3 letras ou mais)" }).check();
    await form.getByRole("button", { name: "Pesquisar" }).click();
    const message = "Com “qualquer uma das palavras”, escreva ao menos uma palavra de 3 letras ou mais.";
    await expect(page.getByRole("alert").getByRole("link", { name: message })).toBeVisible();
    const title = page.getByRole("searchbox", { name: "Título" });
    await expect(title).toHaveValue("de ab");
    await expect(title).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await expect(page.getByRole("radio", { name: "qualquer uma das palavras (de 3 letras ou mais)" })).toBeChecked();
  });
});

// Issue 26 "Search": the search box's hint gives an ISBN that the demo catalogue holds, and a hyphenated ISBN-10
// finds the title indexed by its ISBN-13.
test("the ISBN in the search box's hint finds its title", async ({ page }) => {
  await page.goto("/");
  const hint = await page
    .getByText(/^Por exemplo: machado de assis/)
    .first()
    .textContent();
  const isbn = hint!.match(/\d{2}-\d{3}-\d{4}-\d/)![0];
  const box = page.getByLabel("Termo de pesquisa", { exact: true });
  await box.fill(isbn);
  await box.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: `1 resultado para “${isbn}”` })).toBeVisible();
});

// The spec's last gaps: boolean operators in capitals (ADR 223), the title sort without the initial article
// (ADR 216), and did-you-mean keeping the operators and the patron's other choices.
const count = async (page: import("@playwright/test").Page, termo: string) => {
  await page.goto(`/?termo=${encodeURIComponent(termo)}`);
  const heading = await page.getByRole("heading", { level: 2, name: /resultados? para “/ }).textContent();
  return Number(heading!.split(" resultado")[0].replace(/\D/g, ""));
};

test.describe("operators between words", () => {
  test("NOT leaves out the titles with the word after it", async ({ page }) => {
    const all = await count(page, "concerto");
    const without = await count(page, "concerto NOT piano");
    expect(without).toBeGreaterThan(0);
    expect(without).toBeLessThan(all);
    const titles = await page.locator("main .result__title").allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) expect(t.toLowerCase()).not.toContain("piano");
  });

  test("OR separates alternatives, each with all its words", async ({ page }) => {
    const both = await count(page, "piano concerto");
    const brandenburg = await count(page, "brandenburg");
    const either = await count(page, "piano concerto OR brandenburg");
    expect(either).toBeGreaterThan(both);
    expect(either).toBeLessThanOrEqual(both + brandenburg);
    expect(either).toBeLessThan(await count(page, "concerto"));
  });

  test("the search box's hint says which operators there are", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByLabel("Termo de pesquisa", { exact: true })).toHaveAccessibleDescription(
      /OU encontra um lado ou o outro.*NÃO deixa de fora a palavra seguinte/,
    );
  });
});

test("sorted by title (A–Z), a title files without its initial article", async ({ page }) => {
  await page.goto("/?termo=concerto&qtd=50&ordenacao=T");
  await expect(page.getByLabel("Ordenar por")).toHaveValue("T");
  const titles = await page.locator("main .result__title").allTextContents();
  const baroque = titles.findIndex((t) => t.startsWith("The Baroque concerto"));
  const companion = titles.findIndex((t) => t.startsWith("A companion to Mozart"));
  expect(baroque).toBeGreaterThanOrEqual(0);
  expect(companion).toBeGreaterThan(baroque);
});

test("did you mean corrects the words of an operator search and keeps the operator and the sort", async ({ page }) => {
  await page.goto("/?termo=concrto+OR+brandenburgg&ordenacao=T");
  const offer = page.getByRole("list", { name: "Você quis dizer:" }).getByRole("link", { name: /^concerto OR brandenburg \(\d+ títulos?\)$/ });
  await expect(offer).toBeVisible();
  await offer.click();
  await expect(page).toHaveURL(/[?&]termo=concerto(\+|%20)OR(\+|%20)brandenburg(&|$)/);
  await expect(page).toHaveURL(/[?&]ordenacao=T(&|$)/);
  await expect(page.getByRole("heading", { level: 2, name: /resultados? para “concerto OR brandenburg”/ })).toBeVisible();
});
