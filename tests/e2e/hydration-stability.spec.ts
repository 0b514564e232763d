import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/account";
import { findTitleId, PRIVATE_AREA } from "../fixtures/demo";

/**
 * Hydration moves nothing a patron may be about to click (ADR 270). A page is usable before React hydrates it:
 * links work, and on a slow machine a patron clicks one while the scripts still load. If a JavaScript-only
 * control appeared above it at hydration, the link slid down and the click landed on whatever took its place
 * (the citation link on a title page did, under a copy button). Here the page's script is held back, the place
 * of every link, button, field and heading is measured, the script is let go, and after hydration each of them
 * must be where it was. Elements hydration replaces (the footer's links becoming dialog buttons) are left out. The
 * pages: the catalogue's most visited and every account screen with a JavaScript-only control.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "hydration happens only with JavaScript");

type Place = { what: string; x: number; y: number; shown: boolean; here: boolean };

const places = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __watched?: Element[] };
    w.__watched ??= [...document.querySelectorAll("a, button, input, select, textarea, summary, h1, h2, h3")];
    return w.__watched.map((e) => {
      const r = e.getBoundingClientRect();
      const what = `${e.tagName.toLowerCase()} “${(e.textContent || e.getAttribute("name") || "").trim().slice(0, 40)}”`;
      return { what, x: Math.round(r.left + scrollX), y: Math.round(r.top + scrollY), shown: r.height > 0, here: e.isConnected };
    });
  });

async function movedByHydration(page: Page, path: string): Promise<string[]> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  expect((await page.goto(path))?.status()).toBe(200);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  const before: Place[] = await places(page);
  release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // Effects that run right after hydration (fetchers, focus) get their frame.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const after: Place[] = await places(page);
  await page.unrouteAll({ behavior: "wait" });
  expect(before.length).toBeGreaterThan(10);
  return before.flatMap((b, i) => {
    const a = after[i];
    if (!b.shown || !a.here) return [];
    return Math.abs(a.x - b.x) > 1 || Math.abs(a.y - b.y) > 1 ? [`${b.what}: (${b.x}, ${b.y}) → (${a.x}, ${a.y})`] : [];
  });
}

let titleId: number;
test.beforeAll(async ({ request }) => {
  titleId = await findTitleId(request, "historia");
});

for (const [name, path] of [
  ["the home page", () => "/"],
  ["a results page", () => "/?termo=historia"],
  ["a title page", () => `/acervo/${titleId}`],
  ["a title's citation page, with a copy button per style", () => `/acervo/${titleId}/referencia`],
  ["the libraries", () => "/bibliotecas"],
  ["the login page", () => "/login"],
  ["the accessibility page", () => "/sobre/acessibilidade"],
  ["the new arrivals", () => "/novidades"],
  ["the search history", () => "/historico"],
  ["a title's copies", () => `/acervo/${titleId}/exemplares`],
] as const) {
  test(`hydration moves nothing on ${name}`, async ({ page }) => {
    expect(await movedByHydration(page, path())).toEqual([]);
  });
}

for (const [name, screen] of [
  ["loans", "emprestimos"],
  ["holds", "reservas"],
  ["debits", "debitos"],
  ["home", ""],
  ["personal data", "dados-pessoais"],
  ["notifications", "notificacoes"],
  ["lists", "listas"],
] as const) {
  test(`hydration moves nothing on the patron's ${name}`, async ({ signedIn }) => {
    expect(await movedByHydration(signedIn, `${PRIVATE_AREA}/${screen}`)).toEqual([]);
  });
}
