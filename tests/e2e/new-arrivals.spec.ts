import { DOMParser } from "@xmldom/xmldom";
import { expect, test } from "../fixtures/warm";

const ATOM = "http://www.w3.org/2005/Atom";

/** Parsed by a real XML parser; any error or warning fails. */
function parseXml(xml: string) {
  const problems: string[] = [];
  const doc = new DOMParser({ onError: (level, msg) => void problems.push(`${level}: ${msg}`) }).parseFromString(xml, "application/xml");
  expect(problems).toEqual([]);
  return doc.documentElement!;
}
const elements = (el: { getElementsByTagNameNS(ns: string, name: string): ArrayLike<unknown> }, name: string) =>
  Array.from(el.getElementsByTagNameNS(ATOM, name)) as Array<{ textContent: string | null; getAttribute(n: string): string | null }>;

test.describe("new arrivals", () => {
  test("the home page lists the latest titles, each a link to its page, and names their feed", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Novidades" });
    const titles = section.getByRole("list").first().getByRole("listitem");
    await expect(titles).toHaveCount(6);
    await expect(section.getByText(/^Chegou em \d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible();
    await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute("href", "/novidades.atom");
    const first = titles.first().getByRole("link");
    const name = (await first.textContent())!;
    await first.click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name.split(":")[0]);
  });

  test("the library form shows one library's arrivals on their own page, with that library's feed", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Novidades" });
    await section.getByLabel("Biblioteca").selectOption({ label: "Biblioteca do Campus Norte" });
    await section.getByRole("button", { name: "Ver novidades" }).click();
    await expect(page).toHaveURL(/\/novidades\?biblioteca=3$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Novidades: Biblioteca do Campus Norte");
    await expect(page.getByLabel("Biblioteca")).toHaveValue("3");
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Novidades: Biblioteca do Campus Norte" })).toHaveAttribute("href", "/novidades.atom?biblioteca=3");
    await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute("href", "/novidades.atom?biblioteca=3");

    await page.getByLabel("Biblioteca").selectOption({ label: "Todas as bibliotecas" });
    await page.getByRole("button", { name: "Ver novidades" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Novidades");
  });

  test("a library that does not exist is refused beside the field (400), and every library's arrivals stay listed", async ({ page }) => {
    const res = await page.goto("/novidades?biblioteca=999");
    expect(res?.status()).toBe(400);
    await expect(page).toHaveTitle(/^Erro:/);
    const summary = page.getByRole("alert").filter({ hasText: "Escolha uma biblioteca da lista." });
    await expect(summary).toBeVisible();
    await expect(page.getByLabel("Biblioteca")).toHaveAccessibleDescription(/Escolha uma biblioteca da lista\./);
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
  });

  test("the Atom feed lists the same titles as the page, each entry with id, title, link, updated and author", async ({ page, request }) => {
    await page.goto("/novidades?biblioteca=3");
    const onPage = await page
      .getByRole("main")
      .getByRole("heading", { level: 2 })
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    const res = await request.get("/novidades.atom?biblioteca=3");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
    const feed = parseXml(await res.text());
    expect([feed.localName, feed.namespaceURI]).toEqual(["feed", ATOM]);
    expect(elements(feed, "title")[0].textContent).toMatch(/^Novidades: Biblioteca do Campus Norte – /);
    const entries = Array.from(feed.getElementsByTagNameNS(ATOM, "entry"));
    expect(entries.length).toBe(onPage.length);
    for (const e of entries) {
      for (const part of ["id", "title", "updated", "author"]) expect(elements(e, part), part).toHaveLength(1);
      expect(elements(e, "link")[0].getAttribute("href")).toMatch(/\/acervo\/\d+$/);
      expect(elements(e, "updated")[0].textContent).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    }
    // The same titles in the same order.
    expect(entries.map((e) => new URL(elements(e, "link")[0].getAttribute("href")!).pathname)).toEqual(onPage);
    expect((await request.get("/novidades.atom?biblioteca=abc")).status()).toBe(400);
  });

  test("the browser is offered the catalogue as a search engine, with suggestions from the autocomplete", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator('head link[rel="search"]')).toHaveAttribute("type", "application/opensearchdescription+xml");
    const href = (await page.locator('head link[rel="search"]').getAttribute("href"))!;
    const description = await request.get(href);
    expect(description.headers()["content-type"]).toBe("application/opensearchdescription+xml; charset=utf-8");
    const root = parseXml(await description.text());
    const urls = Array.from(root.getElementsByTagNameNS("http://a9.com/-/spec/opensearch/1.1/", "Url"));
    const template = (type: string) => urls.find((u) => u.getAttribute("type") === type)!.getAttribute("template")!;
    // The search template is the search form's own URL: following it gives the results page.
    await page.goto(template("text/html").replace("{searchTerms}", "historia"));
    await expect(page.getByRole("heading", { name: /resultado/i }).first()).toBeVisible();
    const suggestions = await request.get(template("application/x-suggestions+json").replace("{searchTerms}", "hist"));
    expect(suggestions.headers()["content-type"]).toBe("application/x-suggestions+json; charset=utf-8");
    const [typed, list] = (await suggestions.json()) as [string, string[]];
    expect(typed).toBe("hist");
    expect(list.length).toBeGreaterThan(0);
  });
});
