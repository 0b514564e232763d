import { expect, test } from "../fixtures/warm";
import { apiClient } from "../fixtures/title-pages";
import { DEMO, login } from "../fixtures/demo";
import { outboxCount, waitForMail } from "../support/outbox";

/**
 * A title's relations and the ways to pass a record on (issue 28; ADRs 244, 245): other editions and "more like
 * this", citations in five styles, COinS and JSON-LD for reference managers, e-mailing the record, the print
 * view. JavaScript on and off.
 */
type Related = { cod_acervo: number; titulo: string };
type Title = { cod_acervo: number; titulo: string; autor: string | null; isbn: string | null; edicoes?: Related[]; semelhantes?: Related[] };

let withEditions: Title;
let withSimilar: Title;
let book: Title;
test.beforeAll(async ({ request }) => {
  const get = await apiClient(request);
  const found: Title[] = [];
  for (const termo of ["historia", "brasil", "jazz", "teoria"]) {
    const { resultados } = await get<{ resultados: Array<{ cod_acervo: number; edicoes?: number }> }>(`/consulta?termo=${termo}&qtd=50`);
    for (const r of resultados) {
      if ((r.edicoes ?? 1) < 2 && found.some((f) => f.edicoes?.length)) continue;
      found.push(await get<Title>(`/acervo/${r.cod_acervo}?incluir=edicoes,semelhantes`));
      if (found.some((f) => f.edicoes?.length) && found.some((f) => f.semelhantes?.length) && found.some((f) => f.isbn && f.autor)) break;
    }
    if (found.some((f) => f.edicoes?.length) && found.some((f) => f.semelhantes?.length) && found.some((f) => f.isbn && f.autor)) break;
  }
  withEditions = found.find((f) => f.edicoes?.length)!;
  withSimilar = found.find((f) => f.semelhantes?.length)!;
  book = found.find((f) => f.isbn && f.autor)!;
});

test("the title page lists the other editions of its work, each leading to its own page", async ({ page }) => {
  await page.goto(`/acervo/${withEditions.cod_acervo}`);
  const section = page.getByRole("region", { name: "Outras edições" });
  const other = withEditions.edicoes![0];
  const link = section.locator(`a[href='/acervo/${other.cod_acervo}']`);
  await expect(link).toContainText(other.titulo);
  await expect(section.getByRole("listitem")).toHaveCount(withEditions.edicoes!.length);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/acervo/${other.cod_acervo}$`));
});

test("a result whose work has other editions says how many, and leads to them on the title page", async ({ page, request }) => {
  const get = await apiClient(request);
  let url = "";
  let hit: { cod_acervo: number; edicoes?: number } | undefined;
  search: for (const termo of ["historia", "brasil", "jazz", "teoria"])
    for (let pagina = 1; pagina <= 3; pagina++) {
      const { resultados } = await get<{ resultados: Array<{ cod_acervo: number; edicoes?: number }> }>(`/consulta?termo=${termo}&pagina=${pagina}`);
      hit = resultados.find((r) => (r.edicoes ?? 1) > 1);
      url = `/?termo=${termo}&pagina=${pagina}`;
      if (hit) break search;
    }
  expect(hit, "a result with editions among the first pages of a demo search").toBeDefined();
  await page.goto(url);
  const item = page
    .locator("main ol > li")
    .filter({ has: page.locator(`a[href='/acervo/${hit!.cod_acervo}']`) })
    .first();
  const link = item.getByRole("link", { name: `${hit!.edicoes} edições`, exact: true });
  await expect(link).toHaveAttribute("href", `/acervo/${hit!.cod_acervo}#outras-edicoes`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/acervo/${hit!.cod_acervo}#outras-edicoes$`));
  // The other editions, without the title itself.
  await expect(page.getByRole("region", { name: "Outras edições" }).getByRole("listitem")).toHaveCount(Math.min(hit!.edicoes! - 1, 50));
});

test("the title page gives its permalink, with a QR code of it and, with JavaScript, a copy button", async ({ page }) => {
  await page.goto(`/acervo/${book.cod_acervo}`);
  const field = page.getByLabel("Link permanente deste registro");
  await expect(field).toHaveValue(new RegExp(`^https?://[^/]+/acervo/${book.cod_acervo}$`));
  await expect(field).toHaveAttribute("readonly", "");
  await expect(page.getByRole("img", { name: "Código QR do link permanente" }).locator("svg")).toBeVisible();
  const copy = page.getByRole("button", { name: "Copiar o link permanente" });
  if (test.info().project.name === "js-on") await expect(copy).toBeVisible();
  else await expect(copy).toHaveCount(0);
});

test("the title page lists titles like it (“more like this”)", async ({ page }) => {
  await page.goto(`/acervo/${withSimilar.cod_acervo}`);
  const section = page.getByRole("region", { name: "Títulos semelhantes" });
  await expect(section.getByRole("listitem")).toHaveCount(withSimilar.semelhantes!.length);
  for (const s of withSimilar.semelhantes!.slice(0, 3)) await expect(section.locator(`a[href='/acervo/${s.cod_acervo}']`)).toContainText(s.titulo);
  expect(withSimilar.semelhantes!.map((s) => s.cod_acervo)).not.toContain(withSimilar.cod_acervo);
});

test("the citation page gives MLA, Chicago and Vancouver beside ABNT and APA, each with its copy button", async ({ page }) => {
  // Its 30 s wait for the page below must fit inside the test's own time (CI once spent the whole 30 s there).
  test.setTimeout(60_000);
  await page.goto(`/acervo/${book.cod_acervo}`);
  await page.getByRole("link", { name: "Citar (ABNT, APA, MLA, Chicago, Vancouver)" }).click();
  // The citation engine runs in a worker thread that a fresh server starts on its first citation: allow it that time.
  await expect(page).toHaveURL(new RegExp(`/acervo/${book.cod_acervo}/referencia$`), { timeout: 30_000 });
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Referência ABNT (NBR 6023)" })).toBeVisible();
  for (const style of ["APA", "MLA", "Chicago", "Vancouver"]) {
    await expect(main.getByText(style, { exact: true }).first()).toBeVisible();
  }
  if (test.info().project.name === "js-on") {
    for (const style of ["MLA", "Chicago", "Vancouver"])
      await expect(main.getByRole("button", { name: `Copiar a referência ${style}` })).toBeVisible();
  }
  // Each style's text names the title.
  const surname = book.autor!.split(",")[0].trim();
  await expect(main).toContainText(surname);
});

test("the title page carries JSON-LD a parser reads: a Book with its name, author and ISBN", async ({ page }) => {
  await page.goto(`/acervo/${book.cod_acervo}`);
  const text = await page.locator("script[type='application/ld+json']").first().textContent();
  const ld = JSON.parse(text!) as Record<string, unknown>;
  expect(ld["@context"]).toMatch(/schema\.org/);
  expect(["Book", "CreativeWork"]).toContain(ld["@type"]);
  expect(ld.name).toContain(book.titulo);
  const authors = ([] as unknown[]).concat(ld.author ?? []).map((a) => (typeof a === "string" ? a : (a as { name: string }).name));
  expect(authors.join(" ")).toContain(book.autor!.split(",")[0].trim());
  const isbns = ([] as unknown[])
    .concat(ld.isbn ?? [])
    .map(String)
    .map((i) => i.replace(/[^0-9X]/gi, ""));
  expect(isbns).toContain(book.isbn!.replace(/[^0-9X]/gi, "").slice(0, 13));
  expect(String(ld.url ?? ld["@id"])).toMatch(new RegExp(`/acervo/${book.cod_acervo}$`));
});

test("COinS on the title page and on its search result hold an OpenURL of the title", async ({ page }) => {
  const check = (title: string | null) => {
    const kev = new URLSearchParams(title!);
    expect(kev.get("ctx_ver")).toBe("Z39.88-2004");
    expect(kev.get("rft.btitle") ?? kev.get("rft.title")).toContain(book.titulo);
  };
  await page.goto(`/acervo/${book.cod_acervo}`);
  check(await page.locator("span.Z3988").first().getAttribute("title"));
  await page.goto(`/?termo=${encodeURIComponent(book.titulo.slice(0, 60))}&tipo=titulo`);
  const item = page
    .locator("main ol > li")
    .filter({ has: page.locator(`a[href='/acervo/${book.cod_acervo}']`) })
    .first();
  check(await item.locator("span.Z3988").getAttribute("title"));
});

test("e-mailing a record: a bad address is named beside the field and kept; a good one delivers the record", async ({ page }) => {
  const tag = `${test.info().project.name}-${Date.now()}`;
  await login(page, DEMO.professor, `/acervo/${book.cod_acervo}/enviar`);
  await expect(page).toHaveURL(new RegExp(`/acervo/${book.cod_acervo}/enviar$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("por e-mail");
  const field = page.getByLabel("Destinatários");
  await field.fill("nao-e-email");
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Há um problema" });
  await expect(summary.or(page.locator(".error-summary"))).toContainText("Endereço de e-mail inválido: nao-e-email");
  await expect(page.locator(`[id='${await field.getAttribute("id")}-erro']`)).toContainText("nao-e-email");
  await expect(field).toHaveValue("nao-e-email");
  await expect(field).toHaveAttribute("aria-invalid", "true");

  const to = `leitor-${tag}@example.org`;
  const before = outboxCount(to);
  await field.fill(to);
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Registro enviado a 1 destinatário." })).toBeVisible();
  const mail = await waitForMail(to, before);
  expect(mail.to).toEqual([to]);
  expect(mail.text).toContain(book.titulo.split(":")[0].slice(0, 30));
});

test("signed out, e-mailing a record asks to log in and comes back", async ({ page }) => {
  await page.goto(`/acervo/${book.cod_acervo}/enviar`);
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(`/acervo/${book.cod_acervo}/enviar`)}`));
});

test("the print view shows the record without the site's navigation and search", async ({ page }) => {
  await page.goto(`/acervo/${book.cod_acervo}`);
  if (test.info().project.name === "js-on") await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
  else await expect(page.getByRole("button", { name: "Imprimir" })).toHaveCount(0);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(book.titulo.split(":")[0].slice(0, 30));
  await expect(page.getByRole("search").first()).toBeHidden();
  await expect(page.getByRole("navigation").first()).toBeHidden();
  // The permalink is printed as text.
  await expect(page.locator("#link-permanente")).toBeVisible();
  await page.emulateMedia({ media: "screen" });
});
