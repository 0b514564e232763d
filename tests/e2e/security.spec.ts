import { expect, test } from "../fixtures/warm";
import { DEMO, PRIVATE_AREA, login } from "../fixtures/demo";

test.describe("security baseline", () => {
  test("pages carry an enforced CSP with a per-request nonce and the other protective headers", async ({ request }) => {
    const a = await request.get("/");
    const b = await request.get("/");
    const csp = a.headers()["content-security-policy"];
    expect(csp).toBeTruthy();
    expect(csp).toMatch(/script-src[^;]*'nonce-[A-Za-z0-9+/=_-]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = (s: string) => /'nonce-([^']+)'/.exec(s)![1];
    expect(nonce(csp)).not.toBe(nonce(b.headers()["content-security-policy"]));
    expect(a.headers()["x-content-type-options"]).toBe("nosniff");
    expect(a.headers()["referrer-policy"]).toBeTruthy();
    // Every inline script carries the nonce.
    const html = await a.text();
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce(csp)}"`);
  });

  test("the session cookie is HttpOnly and SameSite=Lax, and login issues a new one", async ({ page, context }) => {
    await page.goto("/login");
    const before = (await context.cookies()).find((c) => c.name.includes("sessao"));
    await login(page, DEMO.patron);
    const after = (await context.cookies()).find((c) => c.name.includes("sessao"))!;
    expect(after.httpOnly).toBe(true);
    expect(after.sameSite).toBe("Lax");
    expect(after.value).not.toBe(before?.value);
    expect(after.value).not.toContain("demo"); // encrypted, not readable
  });

  test("a cross-site POST is rejected with 403", async ({ request }) => {
    const res = await request.post("/login", {
      form: { username: DEMO.patron.login, password: DEMO.patron.password, intent: "login" },
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
  });

  test("a cross-site link to /sair cannot sign a patron out", async ({ page, context }) => {
    await login(page, DEMO.patron);
    // A top-level navigation from another site, as a link on evil.example would make.
    const res = await page.request.get("/sair", { headers: { "sec-fetch-site": "cross-site" }, maxRedirects: 0 });
    expect(res.status()).toBeLessThan(300);
    await page.goto(PRIVATE_AREA);
    await expect(page).toHaveURL(new RegExp(`${PRIVATE_AREA}$`));
    expect((await context.cookies()).some((c) => c.name.includes("sessao") && c.value)).toBe(true);
  });

  for (const evil of [
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "/%2F%2Fevil.example",
    "%2F%2Fevil.example",
    "javascript:alert(1)",
  ]) {
    test(`the login redirect ${JSON.stringify(evil)} lands on a same-origin path`, async ({ page, baseURL }) => {
      await login(page, DEMO.patron, evil);
      const url = new URL(page.url());
      expect(url.origin).toBe(new URL(baseURL!).origin);
      expect(url.pathname).toBe("/");
    });
  }

  test("a server error never shows a stack trace", async ({ page }) => {
    const res = await page.goto("/acervo/1e99");
    expect([400, 404]).toContain(res?.status());
    expect(await page.content()).not.toMatch(/at \w+ \(|node_modules|Error: /);
  });
});
