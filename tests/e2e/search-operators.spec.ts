import { expect, test } from "../fixtures/warm";
import { apiClient } from "../fixtures/title-pages";

/**
 * The advanced search's rows joined by E / OU / NÃO (issue 28, ADR 257), as plain form fields: with JavaScript on
 * and off the search runs with the chosen combination, the summary says it, and the form keeps the operators.
 */
type Hits = { total: number; resultados: Array<{ cod_acervo: number }> };

const resultIds = async (page: import("@playwright/test").Page) =>
  (await page.locator("main ol li :is(h2, h3) a[href^='/acervo/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).map((h) =>
    Number(h!.split("/")[2]),
  );

const advanced = (page: import("@playwright/test").Page) => page.getByRole("search", { name: "Pesquisa avançada no catálogo" });

test.describe("advanced search rows joined by operators", () => {
  test("OU adds a row's titles, NÃO takes another's away, and the form keeps both operators", async ({ page, request }) => {
    const get = await apiClient(request);
    const q = (extra: Record<string, string>) => new URLSearchParams({ guia: "avancada", qtd: "20", ordenacao: "C", ...extra }).toString();
    const titleOnly = await get<Hits>(`/consulta?${q({ titulo: "brasil" })}`);
    const either = await get<Hits>(`/consulta?${q({ titulo: "brasil", autor: "silva", op_autor: "OU" })}`);
    const joined = await get<Hits>(`/consulta?${q({ titulo: "brasil", autor: "silva", op_autor: "OU", assunto: "politica", op_assunto: "NAO" })}`);
    // The demo catalogue has titles for each row, so each operator changes the answer.
    expect(either.total).toBeGreaterThan(titleOnly.total);
    expect(joined.total).toBeLessThan(either.total);
    expect(joined.total).toBeGreaterThan(0);

    await page.goto("/avancada");
    const form = advanced(page);
    await form.getByRole("searchbox", { name: "Título" }).fill("brasil");
    await form.getByRole("searchbox", { name: "Autor" }).fill("silva");
    await form.getByRole("combobox", { name: "Juntar “Autor” às linhas acima por" }).selectOption("OU");
    await form.getByRole("searchbox", { name: "Assunto" }).fill("politica");
    await form.getByRole("combobox", { name: "Juntar “Assunto” às linhas acima por" }).selectOption("NAO");
    await form.getByRole("button", { name: "Pesquisar" }).click();

    await expect(page).toHaveURL(/[?&]op_autor=OU(&|$)/);
    await expect(page).toHaveURL(/[?&]op_assunto=NAO(&|$)/);
    // The summary says the combination, left to right: (title OR author) NOT subject.
    await expect(
      page.getByRole("heading", { level: 2, name: /resultados? para “\(Título: brasil OU Autor: silva\) NÃO Assunto: politica”/ }),
    ).toBeVisible();
    await expect.poll(() => resultIds(page)).toEqual(joined.resultados.map((h) => h.cod_acervo));

    const again = advanced(page);
    await expect(again.getByRole("combobox", { name: "Juntar “Autor” às linhas acima por" })).toHaveValue("OU");
    await expect(again.getByRole("combobox", { name: "Juntar “Assunto” às linhas acima por" })).toHaveValue("NAO");
    await expect(again.getByRole("searchbox", { name: "Assunto" })).toHaveValue("politica");
  });

  test("NÃO on the first filled row is refused beside it, with what was typed kept", async ({ page }) => {
    await page.goto("/avancada");
    const form = advanced(page);
    await form.getByRole("searchbox", { name: "Autor" }).fill("silva");
    await form.getByRole("combobox", { name: "Juntar “Autor” às linhas acima por" }).selectOption("NAO");
    await form.getByRole("button", { name: "Pesquisar" }).click();
    const message = "NÃO precisa de uma linha preenchida acima dela, da qual excluir. Preencha uma linha acima ou escolha E ou OU.";
    await expect(page.getByRole("alert").getByRole("link", { name: message })).toBeVisible();
    const author = page.getByRole("searchbox", { name: "Autor" });
    await expect(author).toHaveValue("silva");
    await expect(author).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await expect(page.getByRole("combobox", { name: "Juntar “Autor” às linhas acima por" })).toHaveValue("NAO");
  });

  test("a hand-edited operator searches with AND and shows AND in the form", async ({ page, request }) => {
    const get = await apiClient(request);
    const and = await get<Hits>(`/consulta?${new URLSearchParams({ guia: "avancada", qtd: "20", titulo: "brasil", autor: "silva" })}`);
    const res = await page.goto("/avancada?titulo=brasil&autor=silva&op_autor=XOR&op_assunto=%3Cb%3E");
    expect(res?.status()).toBe(200);
    await expect.poll(() => resultIds(page)).toEqual(and.resultados.map((h) => h.cod_acervo));
    await expect(page.getByRole("combobox", { name: "Juntar “Autor” às linhas acima por" })).toHaveValue("E");
  });
});
