import { expect, test } from "../fixtures/account";
import type { Page } from "@playwright/test";
import { DEMO, PRIVATE_AREA } from "../fixtures/demo";
import { PORTS } from "../support/ports";
import { reportInteractionChecks } from "../support/interaction-report";

/**
 * The patron area in use, as keyboard, screen-reader and magnifier users meet it (issue "Accessibility of the
 * patron area in use"; ADR 138). Each test's outcome also goes to the accessibility report (interaction checks).
 */
reportInteractionChecks();
test.describe.configure({ timeout: 90_000 });

const jsOn = () => test.info().project.name === "js-on";
const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });
const wcag = (description: string) => ({ annotation: { type: "wcag", description } });
const summaryOf = (page: Page) => page.locator(".error-summary");
const userMenu = (page: Page) => page.getByRole("navigation", { name: "Menu do usuário" });

test("after a failed login, typing into a field goes into the field and focus stays there", wcag("2.4.3, 3.3.1"), async ({ page }) => {
  test.skip(!jsOn(), "without JS each submission is a new page; typing is not revalidated");
  await page.goto("/login");
  await hydrated(page);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(summaryOf(page)).toBeFocused();
  const user = page.getByLabel("Usuário", { exact: true });
  await user.focus();
  await page.keyboard.type("demo");
  await expect(user).toHaveValue("demo");
  await expect(user).toBeFocused();
});

test(
  "after a failed password change, typing into a field goes into the field and focus stays there",
  wcag("2.4.3, 3.3.1"),
  async ({ signedIn: page }) => {
    test.skip(!jsOn(), "without JS each submission is a new page; typing is not revalidated");
    await page.goto(`${PRIVATE_AREA}/dados-pessoais/senha`);
    await hydrated(page);
    await page.getByRole("button", { name: "Alterar senha" }).click();
    await expect(summaryOf(page)).toBeFocused();
    const current = page.getByLabel("Senha atual", { exact: true });
    await current.focus();
    await page.keyboard.type("abc123");
    await expect(current).toHaveValue("abc123");
    await expect(current).toBeFocused();
  },
);

test("a second failed submission moves focus to the error summary again", wcag("2.4.3, 3.3.1"), async ({ page }) => {
  test.skip(!jsOn(), "without JS each submission is a new page focused on its summary");
  await page.goto("/login");
  await hydrated(page);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(summaryOf(page)).toBeFocused();
  await page.getByLabel("Usuário", { exact: true }).fill("ninguem-segunda-tentativa");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(summaryOf(page)).toContainText("Senha obrigatória!");
  await expect(summaryOf(page)).toBeFocused();
  // Refused by the server twice with the same message: focus returns to the summary after each answer.
  for (let i = 0; i < 2; i++) {
    await page.getByLabel("Senha", { exact: true }).fill("senha-errada");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(summaryOf(page)).toContainText("Credenciais incorretas! Tente novamente.");
    await expect(summaryOf(page)).toBeFocused();
  }
});

test("signing in through the login dialog puts focus on the page's heading and announces the sign-in", wcag("2.4.3, 4.1.3"), async ({ page }) => {
  test.skip(!jsOn(), "the dialog needs JS; without it the full login page is used");
  await page.goto("/?termo=jazz");
  await hydrated(page);
  await userMenu(page).getByRole("button", { name: "Entrar" }).click();
  const dialog = page.getByRole("dialog", { name: "Entrar" });
  await dialog.getByLabel("Usuário", { exact: true }).fill(DEMO.patron.login);
  await dialog.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
  await dialog.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(userMenu(page)).toContainText("Olá, Ana");
  await expect(page.locator("main h1")).toBeFocused();
  await expect(userMenu(page).getByRole("status")).toHaveText("Você entrou como Ana.");
});

test("a login dialog that loads slowly announces its form and moves focus into it", wcag("2.4.3, 4.1.3"), async ({ page }) => {
  test.skip(!jsOn(), "the dialog needs JS");
  await page.goto("/?termo=jazz");
  await hydrated(page);
  await page.route(/\/login\.data/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await userMenu(page).getByRole("button", { name: "Entrar" }).click();
  const dialog = page.getByRole("dialog", { name: "Entrar" });
  await expect(dialog.getByRole("status")).toHaveText("Carregando o formulário de login…");
  await expect(dialog.getByLabel("Usuário", { exact: true })).toBeFocused({ timeout: 20_000 });
  await expect(dialog.getByRole("status")).toHaveText("Formulário de login carregado.");
});

test.describe("with the page's clock", () => {
  // A clock installed in a page stays with it: this test gets a context and page of its own (ADR 199).
  test.use({ freshContext: true });
  test("a toast stays on screen until the patron closes it", wcag("2.2.1"), async ({ signedIn: page }) => {
    test.skip(!jsOn(), "without JS nothing closes the toast but its link");
    await page.clock.install();
    await page.goto("/sugestao?enviado=1");
    await hydrated(page);
    const toast = page.locator(".toast");
    await expect(toast).toBeVisible();
    await page.clock.runFor(60_000);
    await expect(toast).toBeVisible();
    await toast.getByRole("button", { name: "Fechar" }).click();
    await expect(toast).toHaveCount(0);
  });
});

test.describe("the captcha widget", () => {
  const external = `http://127.0.0.1:${PORTS.external}`;
  test.skip(() => !jsOn(), "the widget exists only with JavaScript");

  test("announces that it is verifying and that it has verified, and carries no empty dir", wcag("4.1.2, 4.1.3"), async ({ page }) => {
    await page.goto(`${external}/login`);
    await hydrated(page);
    await page.getByLabel("Usuário", { exact: true }).fill(DEMO.patron.login);
    await page.getByRole("button", { name: "Continuar" }).click();
    const group = page.getByRole("group", { name: "Verificação anti-robô" });
    await expect(group).toBeVisible();
    await page.getByLabel("Senha", { exact: true }).focus();
    await expect(group.getByRole("status")).toHaveText("Verificado", { timeout: 30_000 });
    await expect(group.locator("[dir='']")).toHaveCount(0);
  });

  test("keeps its checkbox visible while it has focus during the verification", wcag("2.4.7"), async ({ page }) => {
    await page.goto(`${external}/login`);
    await hydrated(page);
    await page.getByLabel("Usuário", { exact: true }).fill(DEMO.patron.login);
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByRole("checkbox", { name: "Eu não sou um robô" })).toBeVisible();
    // Its name changes with its state ("Verificado"): found by its place from here on.
    const box = page.locator(".captcha-field .altcha-checkbox input");
    // The widget marks its checkbox as loading while the proof of work runs; hold that state to look at it.
    await box.evaluate((input) => input.closest(".altcha-checkbox")!.setAttribute("data-loading", "true"));
    await box.focus();
    expect(await box.evaluate((input) => getComputedStyle(input).opacity)).toBe("1");
  });
});

test(
  "the account menu is its own landmark before main, and the content skip link lands on the page's heading",
  wcag("1.3.1, 2.4.1; eMAG 1.5"),
  async ({ signedIn: page }) => {
    await page.goto(`${PRIVATE_AREA}/emprestimos`);
    if (jsOn()) await hydrated(page);
    const main = page.locator("main");
    await expect(main).toHaveCount(1);
    await expect(main.getByRole("navigation", { name: "Menu da conta" })).toHaveCount(0);
    const order = await page.evaluate(() => {
      const nav = document.getElementById("menu-conta")!;
      return Boolean(nav.compareDocumentPosition(document.querySelector("main")!) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(order, "the account menu comes before main").toBe(true);
    await page.getByRole("link", { name: /^Ir para o conteúdo/ }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    // The first thing a Tab reaches in the content is in the page itself, not in the account menu.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main") && !document.activeElement?.closest("#menu-conta")))).toBe(true);
    const firstChild = await main.evaluate((m) => m.querySelector("h1, nav, a, button, input")?.tagName.toLowerCase());
    expect(firstChild, "the first thing in main is the page's heading").toBe("h1");
  },
);

test("the account menu has its own skip link with access key 5", wcag("2.4.1; eMAG 1.5"), async ({ signedIn: page }) => {
  await page.goto(`${PRIVATE_AREA}/emprestimos`);
  if (jsOn()) await hydrated(page);
  const link = page.getByRole("navigation", { name: "Atalhos", exact: true }).getByRole("link", { name: /^Ir para o menu da conta/ });
  await expect(link).toHaveAttribute("accesskey", "5");
  await link.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("#menu-conta")))).toBe(true);
});

test("every skip link of a page without a search box leads to a place on that page", wcag("2.4.1"), async ({ page }) => {
  for (const path of ["/login", "/sobre/acessibilidade"]) {
    await page.goto(path);
    const hrefs = await page
      .getByRole("navigation", { name: "Atalhos", exact: true })
      .locator("a[accesskey]")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    for (const href of hrefs) {
      expect(href, `${path}: ${href} is a fragment of the page`).toMatch(/^#/);
      expect(await page.locator(href).count(), `${path}: ${href} exists`).toBe(1);
    }
  }
});

test("following an error summary link without JS shows the field's label above it", wcag("2.4.3, 3.3.1"), async ({ page }) => {
  test.skip(jsOn(), "with JS the link focuses the field itself");
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto("/login");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await summaryOf(page).getByRole("link").first().click();
  await expect(page).toHaveURL(/#usuario$/);
  await expect(page.locator("label[for=usuario]")).toBeInViewport();
});

test("the interest profile's kind of search has no empty option", wcag("1.3.1, 4.1.2"), async ({ signedIn: page }) => {
  await page.goto(`${PRIVATE_AREA}/perfil-interesse`);
  const kinds = page.getByLabel("Tipo", { exact: true });
  await expect(kinds).toHaveCount(1);
  const texts = await kinds.locator("option").allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text.trim(), "every option says what it is").not.toBe("");
});

test("with the interface in English, the library's names on the loans page carry lang=pt", wcag("3.1.2; eMAG 3.2"), async ({ signedIn: page }) => {
  await page.goto(`${PRIVATE_AREA}/emprestimos?lng=en`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const libraries = page.locator("main table td[lang=pt]");
  expect(await libraries.count(), "each loan's library is marked Portuguese").toBeGreaterThan(0);
});

test("an account table wider than its column scrolls in a named region the keyboard can reach", wcag("1.4.10, 2.1.1"), async ({ signedIn: page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${PRIVATE_AREA}/emprestimos`);
  const wraps = page.locator("main .account-table-wrap");
  expect(await wraps.count()).toBeGreaterThan(0);
  for (const wrap of await wraps.all()) {
    const wide = await wrap.evaluate((el) => el.scrollWidth > el.clientWidth);
    if (!wide) continue;
    await expect(wrap).toHaveAttribute("role", "region");
    await expect(wrap).toHaveAttribute("tabindex", "0");
    expect((await wrap.getAttribute("aria-label")) ?? (await wrap.getAttribute("aria-labelledby")), "the region has a name").toBeTruthy();
  }
  // Every account table region is named and focusable, wide or not at this size (it may be at another).
  for (const wrap of await wraps.all()) await expect(wrap).toHaveAttribute("tabindex", "0");
});
