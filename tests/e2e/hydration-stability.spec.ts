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

/**
 * Hydration takes neither the focus nor the scroll (ADR 275). A page that arrives with a message focuses it on
 * load (an error summary, an action's result); on a slow machine the patron then moves on, typing in a field and
 * scrolling to its button, before the scripts have loaded. Hydration focused the message again: the typing went
 * to it and the page scrolled under the pointer, so the click on "Salvar" landed beside the button and nothing
 * was saved.
 */
async function focusAfterHydration(page: Page, arrive: () => Promise<void>) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await arrive();
  const phone = page.getByLabel("Telefone");
  await phone.fill("(61) 99876-5432");
  await page.getByRole("button", { name: "Salvar dados pessoais" }).scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => ({ focused: document.activeElement?.id, y: scrollY }));
  expect(before.focused).toBe("pd-telefone");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.unrouteAll({ behavior: "wait" });
  return { before, after: await page.evaluate(() => ({ focused: document.activeElement?.id, y: scrollY })) };
}

test("hydration leaves the focus and the scroll where the patron put them after a refused save", async ({ signedIn: page }) => {
  const { before, after } = await focusAfterHydration(page, async () => {
    await page.goto(`${PRIVATE_AREA}/dados-pessoais`);
    await page.getByLabel("Telefone").fill("61 3201-abcd");
    // Sent before hydration: the browser posts the form and loads the answer, whose error summary takes the focus.
    await page.getByRole("button", { name: "Salvar dados pessoais" }).click();
    await expect(page.getByRole("alert")).toContainText("Telefone inválido");
    await expect(page.locator(".error-summary")).toBeFocused();
  });
  expect(after).toEqual(before);
});

test("hydration leaves the focus and the scroll where the patron put them after a saved change", async ({ signedIn: page }) => {
  const { before, after } = await focusAfterHydration(page, async () => {
    await page.goto(`${PRIVATE_AREA}/dados-pessoais?aviso=salvo`);
    await expect(page.locator("#resultado")).toBeFocused();
  });
  expect(after).toEqual(before);
});
