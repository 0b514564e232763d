import { expect, test } from "../fixtures/warm";
import { apiClient } from "../fixtures/title-pages";

/**
 * Finding a book as patrons of VuFind, Koha and Aspen do (issue 28; ADRs 242, 244, 245, 251): the search box's
 * suggestions, "available now", where the copies are, the hold link, the sorts, the advanced fields, and the
 * record's metadata for reference managers. Each runs with JavaScript on and off unless it needs one of them.
 */
type Place = { biblioteca: string; chamada: string | null; localizacao: string | null; disponiveis: number };
type Hit = { cod_acervo: number; titulo: string; ano_publicacao: number | null; localizacoes?: Place[] };

const resultIds = async (page: import("@playwright/test").Page) =>
  (await page.locator("main ol li :is(h2, h3) a[href^='/acervo/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).map((h) =>
    Number(h!.split("/")[2]),
  );

/** Lower case without accents, as the search compares words. */
const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * The page lists exactly the API's titles in the API's order. Polled: with JavaScript the address changes a moment
 * before the new results are rendered, so a single read may still see the previous list.
 */
const expectResults = (page: import("@playwright/test").Page, hits: Array<{ cod_acervo: number }>) =>
  expect.poll(() => resultIds(page)).toEqual(hits.map((h) => h.cod_acervo));

test.describe("the search box's suggestions", () => {
  test("with JavaScript, typing shows suggestions as a listbox, announced, chosen with the arrows, closed with Escape", async ({ page }) => {
    test.skip(test.info().project.name === "js-off", "the combobox needs JavaScript");
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Termo de pesquisa" });
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.pressSequentially("histo", { delay: 30 });
    const list = page.getByRole("listbox", { name: "Sugestões" });
    await expect(list).toBeVisible();
    const options = list.getByRole("option");
    const n = await options.count();
    expect(n).toBeGreaterThan(0);
    await expect(box).toHaveAttribute("aria-expanded", "true");
    // The count is announced in the status region.
    await expect(page.getByRole("status").filter({ hasText: new RegExp(`^${n} sugest(ão|ões)\\.`) })).toBeAttached();
    // ArrowDown makes the first option active, focus stays in the box.
    await box.press("ArrowDown");
    const firstId = await options.first().getAttribute("id");
    await expect(box).toHaveAttribute("aria-activedescendant", firstId!);
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(box).toBeFocused();
    // Escape closes the list and keeps focus and text.
    await box.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toBeFocused();
    await expect(box).toHaveValue("histo");
    await expect(box).not.toHaveAttribute("aria-activedescendant", /./);
  });

  test("with JavaScript, Enter on a suggestion searches it", async ({ page }) => {
    test.skip(test.info().project.name === "js-off", "the combobox needs JavaScript");
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Termo de pesquisa" });
    await box.pressSequentially("histo", { delay: 30 });
    const first = page.getByRole("listbox", { name: "Sugestões" }).getByRole("option").first();
    await expect(first).toBeVisible();
    const text = (await first.textContent())!;
    await box.press("ArrowDown");
    await box.press("Enter");
    await expect(page).toHaveURL(/[?&]termo=/);
    const termo = new URL(page.url()).searchParams.get("termo")!;
    expect(termo.length).toBeGreaterThan(2);
    expect(text).toContain(termo);
    await expect(page.getByRole("heading", { name: /resultados? para/ })).toBeVisible();
  });

  test("without JavaScript the box is a plain search box and the form still searches", async ({ page }) => {
    test.skip(test.info().project.name !== "js-off", "the plain box is what a browser without JavaScript gets");
    await page.goto("/");
    await expect(page.getByRole("combobox", { name: "Termo de pesquisa" })).toHaveCount(0);
    const box = page.getByRole("searchbox", { name: "Termo de pesquisa" });
    await box.fill("historia");
    await page.getByRole("button", { name: "Pesquisar" }).click();
    await expect(page).toHaveURL(/[?&]termo=historia/);
    expect((await resultIds(page)).length).toBeGreaterThan(0);
  });
});

test.describe("copies in the results", () => {
  test("“available now” keeps only titles with a copy on the shelf, and each result says where its copies are", async ({ page, request }) => {
    await page.goto("/?termo=historia");
    const filter = page.getByLabel("Disponível agora");
    await filter.selectOption({ label: "Na estante em qualquer biblioteca" });
    // Exactly this button: without JavaScript the facets' own "Aplicar filtros" buttons are there too.
    await page.getByRole("button", { name: "Aplicar", exact: true }).click();
    await expect(page).toHaveURL(/[?&]disponivel=S/);
    const get = await apiClient(request);
    const api = await get<{ resultados: Hit[] }>(`/consulta?termo=historia&disponivel=S&qtd=20`);
    expect(api.resultados.length).toBeGreaterThan(0);
    await expectResults(page, api.resultados);
    const ids = await resultIds(page);
    for (const h of api.resultados) expect(h.localizacoes!.some((p) => p.disponiveis > 0)).toBe(true);
    // Each result lists its places, at least one with copies on the shelf.
    const items = page.locator("main ol > li").filter({ has: page.locator(".result__places") });
    await expect(items).toHaveCount(ids.length);
    for (const item of await items.all()) {
      await expect(
        item
          .getByRole("list", { name: "Onde estão os exemplares" })
          .getByText(/\d+ de \d+ na estante/)
          .first(),
      ).toBeVisible();
    }
    // The select keeps the choice.
    await expect(page.getByLabel("Disponível agora")).toHaveValue("S");
  });

  test("“available now” at one library keeps only titles with a copy on the shelf there", async ({ page, request }) => {
    await page.goto("/?termo=historia");
    const filter = page.getByLabel("Disponível agora");
    // The libraries follow "every title" and "any library" in the select.
    const library = await filter.locator("option").nth(2).getAttribute("value");
    const name = (await filter.locator("option").nth(2).textContent())!.replace(/^Na estante em /, "");
    expect(library).toMatch(/^\d+$/);
    await filter.selectOption(library!);
    await page.getByRole("button", { name: "Aplicar", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]disponivel=${library}(&|$)`));
    const get = await apiClient(request);
    const api = await get<{ total: number; resultados: Hit[] }>(`/consulta?termo=historia&disponivel=${library}&qtd=20`);
    const anywhere = await get<{ total: number }>(`/consulta?termo=historia&disponivel=S&qtd=1`);
    expect(api.resultados.length).toBeGreaterThan(0);
    expect(api.total).toBeLessThanOrEqual(anywhere.total);
    await expectResults(page, api.resultados);
    for (const h of api.resultados) expect(h.localizacoes!.some((p) => p.biblioteca === name && p.disponiveis > 0)).toBe(true);
    await expect(page.getByLabel("Disponível agora")).toHaveValue(library!);
  });

  test("a result shows its call number and location as the API gives them", async ({ page, request }) => {
    const get = await apiClient(request);
    const api = await get<{ resultados: Array<Hit & { localizacoes: Place[] }> }>(`/consulta?termo=historia&qtd=20`);
    const hit = api.resultados.find((h) => h.localizacoes.some((p) => p.chamada && p.localizacao))!;
    const place = hit.localizacoes.find((p) => p.chamada && p.localizacao)!;
    await page.goto("/?termo=historia");
    const item = page
      .locator("main ol > li")
      .filter({ has: page.locator(`a[href='/acervo/${hit.cod_acervo}']`) })
      .first();
    const places = item.getByRole("list", { name: "Onde estão os exemplares" });
    const line = places.getByRole("listitem").filter({ hasText: place.biblioteca }).first();
    await expect(line).toContainText(`número de chamada ${place.chamada}, ${place.localizacao}`);
  });

  test("the hold link of a result leads to that title's hold", async ({ page }) => {
    await page.goto("/?termo=historia");
    const hold = page.locator("main ol > li").getByRole("link", { name: "Reservar" }).first();
    const href = (await hold.getAttribute("href"))!;
    expect(href).toMatch(/^\/acervo\/\d+\/reserva$/);
    await hold.click();
    // A visitor is asked to log in first, and comes back to the hold afterwards.
    await expect(page).toHaveURL(new RegExp(`${href.replace(/\//g, "\\/")}|goto=${encodeURIComponent(href).replace(/%/g, "%")}|login`));
  });
});

test.describe("sorting the results (ADR 251)", () => {
  const sortBy = async (page: import("@playwright/test").Page, label: string) => {
    await page.goto("/?termo=historia");
    await page.getByLabel("Ordenar por").selectOption({ label });
    await page.getByRole("search", { name: "Pesquisar no catálogo" }).getByRole("button", { name: "Pesquisar" }).click();
  };

  test("“oldest first” lists the earliest years first, titles without a year last", async ({ page, request }) => {
    await sortBy(page, "Mais antigos primeiro");
    await expect(page).toHaveURL(/[?&]ordenacao=O/);
    const get = await apiClient(request);
    const api = await get<{ resultados: Hit[] }>(`/consulta?termo=historia&ordenacao=O&qtd=20`);
    const years = api.resultados.map((h) => h.ano_publicacao ?? Infinity);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    const newest = await get<{ resultados: Hit[] }>(`/consulta?termo=historia&ordenacao=Y&qtd=20`);
    expect(years[0]).toBeLessThan(newest.resultados[0].ano_publicacao!);
    await expectResults(page, api.resultados);
    await expect(page.getByLabel("Ordenar por")).toHaveValue("O");
  });

  test("“date added” lists the newest acquisitions first", async ({ page, request }) => {
    await sortBy(page, "Data de entrada (mais recentes primeiro)");
    await expect(page).toHaveURL(/[?&]ordenacao=E/);
    const get = await apiClient(request);
    const api = await get<{ resultados: Hit[] }>(`/consulta?termo=historia&ordenacao=E&qtd=20`);
    const relevance = await get<{ resultados: Hit[] }>(`/consulta?termo=historia&qtd=20`);
    expect(api.resultados.map((h) => h.cod_acervo)).not.toEqual(relevance.resultados.map((h) => h.cod_acervo));
    await expectResults(page, api.resultados);
  });

  test("“call number” lists the titles by their copies' call numbers", async ({ page, request }) => {
    await sortBy(page, "Número de chamada");
    await expect(page).toHaveURL(/[?&]ordenacao=N/);
    const get = await apiClient(request);
    const api = await get<{ resultados: Hit[] }>(`/consulta?termo=historia&ordenacao=N&qtd=20`);
    const calls = api.resultados.map(
      (h) =>
        h
          .localizacoes!.map((p) => p.chamada)
          .filter((c): c is string => Boolean(c))
          .sort()[0] ?? "\uffff",
    );
    expect(calls.filter((c) => c !== "\uffff").length).toBeGreaterThan(1);
    // The database's own collation (binary), as the API sorts.
    expect(calls).toEqual([...calls].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await expectResults(page, api.resultados);
  });

  test("the new sorts are named in every language", async ({ page }) => {
    const names: Record<string, string[]> = {
      en: ["Oldest first", "Date added (newest first)", "Call number"],
      es: ["Más antiguos primero", "Fecha de ingreso (más recientes primero)", "Signatura topográfica"],
      fr: ["Les plus anciens d’abord", "Date d’entrée (les plus récentes d’abord)", "Cote"],
      it: ["Prima i più vecchi", "Data di ingresso (prima i più recenti)", "Collocazione"],
    };
    for (const [lng, words] of Object.entries(names)) {
      await page.goto(`/?termo=historia&lng=${lng}`);
      const select = page.locator("select[name='ordenacao']").first();
      for (const [i, code] of ["O", "E", "N"].entries()) await expect(select.locator(`option[value='${code}']`)).toHaveText(words[i]);
    }
  });
});

test.describe("advanced search fields", () => {
  test("an ISBN finds its title written as ISBN-13, hyphenated, or ISBN-10", async ({ page, request }) => {
    const get = await apiClient(request);
    // A demo book with an ISBN-13 of the 978 prefix (so it has an ISBN-10 form too).
    const { resultados } = await get<{ resultados: Array<Hit & { isbn?: string | null }> }>(`/consulta?termo=historia&qtd=100`);
    let id = 0;
    let isbn13 = "";
    for (const r of resultados) {
      const a = await get<{ isbn: string | null }>(`/acervo/${r.cod_acervo}`);
      const digits = (a.isbn ?? "").replace(/[^0-9X]/gi, "");
      if (digits.length === 13 && digits.startsWith("978")) {
        id = r.cod_acervo;
        isbn13 = digits;
        break;
      }
    }
    expect(id).toBeGreaterThan(0);
    const core = isbn13.slice(3, 12);
    const sum = [...core].reduce((s, d, i) => s + Number(d) * (10 - i), 0);
    const check = (11 - (sum % 11)) % 11;
    const isbn10 = core + (check === 10 ? "X" : String(check));
    const hyphenated = `${isbn13.slice(0, 3)}-${isbn13.slice(3, 5)}-${isbn13.slice(5, 9)}-${isbn13.slice(9, 12)}-${isbn13.slice(12)}`;
    for (const form of [isbn13, hyphenated, isbn10]) {
      await page.goto("/avancada");
      await page.getByLabel("ISBN ou ISSN").fill(form);
      await page.getByRole("main").getByRole("button", { name: "Pesquisar" }).click();
      await expect(page.locator(`main ol a[href='/acervo/${id}']`).first()).toBeVisible();
    }
  });

  test("a year range that ends before it starts gives the error beside the field and keeps what was typed", async ({ page }) => {
    await page.goto("/avancada");
    await page.getByLabel("Editora").fill("Editora");
    const to = page.locator("input[name='ano_ate']");
    await page.locator("input[name='ano_de']").fill("2000");
    await to.fill("1990");
    await page.getByRole("main").getByRole("button", { name: "Pesquisar" }).click();
    const summary = page.getByRole("alert").filter({ hasText: /há um problema|problema/i });
    await expect(summary).toBeVisible();
    await expect(page.locator("input[name='ano_de']")).toHaveValue("2000");
    await expect(to).toHaveValue("1990");
    await expect(page.getByLabel("Editora")).toHaveValue("Editora");
    await expect(page.locator("input[name='ano_de'][aria-invalid='true'], input[name='ano_ate'][aria-invalid='true']").first()).toBeVisible();
  });

  test("a publisher and a year range narrow a title search to them", async ({ page, request }) => {
    const get = await apiClient(request);
    // Publisher and years narrow a search of the text fields (alone they are no search: the form asks for a
    // title, author, subject or ISBN). A demo title with a publisher, a year and a plain word in its title.
    const { resultados } = await get<{ resultados: Hit[] }>(`/consulta?termo=historia&qtd=50`);
    let word = "";
    let editora = "";
    let ano = 0;
    for (const r of resultados) {
      const a = await get<{ titulo: string; editora: string | null; ano_publicacao: number | null }>(`/acervo/${r.cod_acervo}`);
      const w = a.titulo.split(/\s+/).find((x) => /^\p{L}{4,}$/u.test(x));
      if (w && a.editora && a.ano_publicacao) {
        word = w;
        editora = a.editora.split(/\s+/).find((x) => /^\p{L}{4,}$/u.test(x)) ?? a.editora;
        ano = a.ano_publicacao;
        break;
      }
    }
    expect(ano).toBeGreaterThan(0);
    await page.goto("/avancada");
    await page.getByLabel("Título").fill(word);
    await page.getByLabel("Editora").fill(editora);
    await page.locator("input[name='ano_de']").fill(String(ano));
    await page.locator("input[name='ano_ate']").fill(String(ano));
    await page.getByRole("main").getByRole("button", { name: "Pesquisar" }).click();
    await expect(page).toHaveURL(/[?&]editora=/);
    const q = new URLSearchParams({ titulo: word, editora, ano_de: String(ano), ano_ate: String(ano), guia: "avancada", qtd: "20" });
    const api = await get<{ resultados: Hit[] }>(`/consulta?${q}`);
    expect(api.resultados.length).toBeGreaterThan(0);
    await expectResults(page, api.resultados);
    for (const h of api.resultados.slice(0, 5)) {
      const a = await get<{ editora: string | null; ano_publicacao: number | null }>(`/acervo/${h.cod_acervo}`);
      expect(a.ano_publicacao).toBe(ano);
      expect(fold(a.editora!)).toContain(fold(editora));
    }
  });
});
