import { expect, test } from "../fixtures/warm";
import { DEMO, hydrated, login, PRIVATE_AREA } from "../fixtures/demo";

test.describe("accessibility settings and language", () => {
  test("the accessibility choices are applied by the server and survive a reload", async ({ page }) => {
    await page.goto("/?termo=jazz");
    await page.getByText("Acessibilidade", { exact: true }).first().click(); // the <summary> disclosure
    await page.getByLabel("Zoom").selectOption("40");
    await page.getByLabel("Esquema de cores").selectOption("high-contrast");
    await page.getByLabel("Texto em negrito").check();
    await page.getByLabel("Modo escuro").check();
    await page.getByLabel("Língua de sinais (Libras)").check();
    await page.getByRole("group", { name: "Opções de acessibilidade" }).getByRole("button", { name: "Aplicar", exact: true }).click();
    const html = page.locator("html");
    await expect(html).toHaveClass(/zoom-40/);
    await expect(html).toHaveClass(/scheme-high-contrast/);
    await expect(html).toHaveClass(/\bbold\b/);
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page).toHaveURL(/\/\?termo=jazz$/);

    // A fresh load renders the classes in the very first HTML byte stream: no flash of the default.
    const res = await page.request.get("/login");
    const body = await res.text();
    expect(body).toMatch(/<html[^>]*class="[^"]*zoom-40[^"]*scheme-high-contrast[^"]*bold[^"]*"/);
    await page.reload();
    await expect(html).toHaveClass(/scheme-high-contrast/);
    await expect(page.getByText("Libras ativada")).toBeVisible();
  });

  test("the zoom offers 0 to 100 percent in steps of 20 and four colour schemes", async ({ page }) => {
    await page.goto("/");
    await page.getByText("Acessibilidade", { exact: true }).first().click();
    const zoom = await page
      .getByLabel("Zoom")
      .locator("option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(zoom).toEqual(["0", "20", "40", "60", "80", "100"]);
    const schemes = await page
      .getByLabel("Esquema de cores")
      .locator("option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(schemes).toEqual(["normal", "inverted", "greyscale", "high-contrast"]);
  });

  test("choosing English translates the page and is remembered", async ({ page }) => {
    await page.goto("/");
    const picker = page.getByLabel("Idioma");
    const options = await picker.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toEqual(["pt", "en", "es", "fr", "it"]);
    await picker.selectOption("en");
    await page.getByRole("button", { name: "Mudar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", /^en/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Online catalogue");
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
  });

  for (const [lng, heading] of [
    ["es", /cat[áa]logo/i],
    ["fr", /catalogue/i],
    ["it", /catalogo/i],
  ] as const) {
    test(`the page is available in ${lng}`, async ({ page }) => {
      await page.goto(`/?lng=${lng}`);
      await expect(page.locator("html")).toHaveAttribute("lang", new RegExp(`^${lng}`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    });
  }
});

test.describe("top bar and footer", () => {
  test("the self-service button opens the institution's kiosk address with its query", async ({ page }) => {
    await page.goto("/");
    const link = page.getByRole("link", { name: /Autoatendimento/ });
    await expect(link).toHaveAttribute("target", "_blank");
    const href = new URL((await link.getAttribute("href"))!);
    expect(href.origin + href.pathname).toBe("https://biblioteca.example.org/login_auto_atendimento");
    expect(href.searchParams.get("codEmpresa")).toBe("1");
    expect(href.searchParams.get("codBib")).toBe("1");
    expect(href.searchParams.get("tecladoNumerico")).toBe("false");
    expect(href.searchParams.get("tipoAutenticacao")).toBeTruthy();
    expect(href.searchParams.get("idioma")).toBeTruthy();
  });

  test("on a small screen the bar shows 'Online catalogue' or 'My account' and the institution", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await expect(page.locator(".top-bar__mobile-title")).toBeVisible();
    await expect(page.locator(".top-bar__mobile-title")).toContainText("Catálogo online");
    await expect(page.locator(".top-bar__mobile-title")).toContainText("UFD");
    await login(page, DEMO.patron, PRIVATE_AREA);
    await expect(page.locator(".top-bar__mobile-title")).toContainText("Minha conta");
  });

  test("the personal-area button appears for a patron allowed to use it", async ({ page }) => {
    await login(page, DEMO.patron);
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Menu do usuário" }).getByRole("link", { name: "Meu Pergamum" })).toBeVisible();
  });

  test("the footer shows the gated links, the minimum browsers and the copyright year", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "ICAP" })).toHaveAttribute("href", "https://biblioteca.example.org/icap");
    await expect(footer.getByRole("link", { name: /Rede Pergamum/ })).toHaveAttribute("href", "https://biblioteca.example.org/rede");
    await expect(footer.getByRole("link", { name: "Política de privacidade" })).toBeVisible();
    await expect(footer).toContainText("Chrome 104, Firefox 110, Edge 110");
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test("the support message is shown sanitized, without the script the administrator typed", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto("/");
    // With JS, pressed once the page is hydrated: a press in the moment of hydration can be lost (a known
    // hydration race, left open), and this test is about what the message contains.
    await hydrated(page);
    const footer = page.getByRole("contentinfo");
    // With JS a button opens a dialog; without JS it is a link to the support page.
    await footer
      .getByRole("button", { name: "Suporte" })
      .or(footer.getByRole("link", { name: "Suporte" }))
      .first()
      .click();
    const container = page.getByRole("dialog").or(page.getByRole("main"));
    await expect(container.getByText("Não encontrou o que procurava?")).toBeVisible();
    await expect(container.getByRole("link", { name: "Fale com a biblioteca" })).toBeVisible();
    const html = await container.first().innerHTML();
    expect(html).not.toContain("<script");
    expect(html).not.toContain("onclick");
    expect(dialogs).toEqual([]);
  });
});

test("with JS the support dialog loads on demand, traps focus and gives it back to its button on Escape", async ({ page }) => {
  test.skip(test.info().project.name === "js-off", "the dialog is a JavaScript enhancement; without JS it is the /suporte page");
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const button = page.getByRole("contentinfo").getByRole("button", { name: "Suporte" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Suporte" });
  await expect(dialog).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  // Focus moved into the dialog (the dialog itself or a control in it).
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test("the support page works on its own", async ({ page }) => {
  const res = await page.goto("/suporte");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Suporte");
  await expect(page.getByRole("main")).toContainText("Não encontrou o que procurava?");
  expect(await page.getByRole("main").innerHTML()).not.toContain("<script");
});
