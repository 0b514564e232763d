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
  const hint = await page.getByText(/^Por exemplo: machado de assis/).first().textContent();
  const isbn = hint!.match(/\d{2}-\d{3}-\d{4}-\d/)![0];
  const box = page.getByRole("searchbox", { name: "Termo de pesquisa" });
  await box.fill(isbn);
  await box.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: `1 resultado para “${isbn}”` })).toBeVisible();
});
