import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "../fixtures/warm";
import { COOKIES, findTitleId, hydrated, prefsCookie } from "../fixtures/demo";
import { PORTS } from "../support/ports";

// Sign language (ADR 256). The main portal does not offer VLibras (the default); the "category" portal does
// (VLIBRAS=1 in the Playwright set-up). No test reaches vlibras.gov.br: every request to it is aborted and counted.
const main = `http://127.0.0.1:${PORTS.main}`;
const offering = `http://127.0.0.1:${PORTS.category}`;
const VIDEO = "https://videos.example.org/libras/dom-casmurro";

/** Sets the Libras preference for `url` and counts (and blocks) every request to a VLibras host. */
async function withLibras(context: BrowserContext, url: string, libras: boolean): Promise<{ vlibrasRequests: string[] }> {
  await context.addCookies([{ name: COOKIES.prefs, value: prefsCookie({ libras }), url }]);
  const vlibrasRequests: string[] = [];
  await context.route(/^https:\/\/([a-z0-9-]+\.)*vlibras\.gov\.br\//, (route) => {
    vlibrasRequests.push(route.request().url());
    return route.abort();
  });
  return { vlibrasRequests };
}

async function titlePage(page: Page, base: string): Promise<void> {
  const id = await findTitleId(page.request, "Dom Casmurro");
  await page.goto(`${base}/acervo/${id}`);
}

test.afterEach(async ({ context }) => {
  await context.unrouteAll({ behavior: "ignoreErrors" });
});

test("with Libras on, the title's Libras video has its own section before the other links", async ({ page, context }) => {
  await withLibras(context, main, true);
  await titlePage(page, main);
  const section = page.getByRole("region", { name: "Vídeo em Libras" });
  await expect(section.getByRole("link", { name: /Vídeo em Libras: apresentação da obra/ })).toHaveAttribute("href", VIDEO);
  await expect(page.getByRole("region", { name: "Acesso online" }).locator(`a[href="${VIDEO}"]`)).toHaveCount(0);
});

test("with Libras off, the Libras video stays among the ordinary links", async ({ page, context }) => {
  await withLibras(context, main, false);
  await titlePage(page, main);
  await expect(page.getByRole("region", { name: "Vídeo em Libras" })).toHaveCount(0);
  await expect(page.locator(`a[href="${VIDEO}"]`)).toHaveCount(1);
});

test("a library that does not offer VLibras loads nothing third-party and keeps its policy, even with Libras on", async ({ page, context }) => {
  const { vlibrasRequests } = await withLibras(context, main, true);
  const res = await page.goto(`${main}/`);
  expect(res!.headers()["content-security-policy"]).not.toMatch(/vlibras|unsafe-eval/);
  await expect(page.locator("#pref-libras-hint")).not.toContainText("vlibras");
  await expect(page.locator("[vw]")).toHaveCount(0);
  expect(vlibrasRequests).toEqual([]);
});

test("a library that offers VLibras renders it, with its policy, only for a patron who turned Libras on", async ({ page, context }, info) => {
  const { vlibrasRequests } = await withLibras(context, offering, false);
  let res = await page.goto(`${offering}/`);
  expect(res!.headers()["content-security-policy"]).not.toMatch(/vlibras/);
  // The settings tell the patron, before the switch, that Libras then loads the government's translator.
  await expect(page.locator("#pref-libras-hint")).toContainText("vlibras.gov.br");
  await expect(page.locator("[vw]")).toHaveCount(0);
  expect(vlibrasRequests).toEqual([]);

  await context.addCookies([{ name: COOKIES.prefs, value: prefsCookie({ libras: true }), url: offering }]);
  res = await page.goto(`${offering}/`);
  const csp = res!.headers()["content-security-policy"];
  expect(csp).toContain("connect-src 'self' https://vlibras.gov.br https://*.vlibras.gov.br");
  await expect(page.locator("[vw] [vw-access-button]")).toHaveCount(1);
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  // The plugin and the same-origin start script, both carrying the document's nonce (no inline script).
  const html = await res!.text();
  expect(html).toContain(`<script defer nonce="${nonce}" src="https://vlibras.gov.br/app/vlibras-plugin.js"></script>`);
  expect(html).toContain(`<script defer nonce="${nonce}" src="/vlibras-init.js"`);
  if (info.project.name === "js-on") {
    // The browser asked for the plugin (aborted here), and the page still hydrates around the widget's markup.
    await hydrated(page, true);
    expect(vlibrasRequests).toContain("https://vlibras.gov.br/app/vlibras-plugin.js");
  } else {
    expect(vlibrasRequests).toEqual([]);
  }
});
