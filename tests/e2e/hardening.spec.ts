import { expect, test } from "../fixtures/warm";
import { DEMO, PRIVATE_AREA, login } from "../fixtures/demo";

/**
 * Hardening (docs/security.md): every malformed request is a 4xx page, limits answer 413/415, every HTML
 * response has the CSP, redirects stay on this site, and a session ended by logout is dead on the API too.
 * The request-only checks do not depend on JavaScript, so they run once (js-on); the form flows run in both.
 */
test.describe("malformed requests and limits", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "plain HTTP: the same with JavaScript on or off");

  const MALFORMED_URLS = [
    "/?termo=casa&filtro=T:1.5",
    "/?termo=casa&filtro=T:NaN",
    "/?termo=casa&filtro=T:1e309",
    "/?termo=casa&filtro=T:99999999999999999999",
    "/?termo=casa&filtro=Y:abc",
    "/atos?termo=lei&especie=xyz",
    "/arquivo?termo=casa&decada=x",
    "/rede?termo=casa&filtro=Z:1.5",
    "/rede/acervo/99999999999999999999",
    "/acervo/99999999999999999999",
    "/acervo/-1",
    "/acervo/%E0%A4%A",
    "/?termo=%E0%A4%A",
    "/?termo=casa&termo=outra",
    `/?termo=${"x".repeat(100_000)}`,
    "/?termo=casa&pagina=1e309&qtd=-5&ordenacao=%00",
    "/autoridade/abc",
    "/indice?termo=%FF",
  ];

  test("values only a person or a crawler would type give a 4xx page (or the search without them), never a 5xx", async ({ request }) => {
    for (const url of MALFORMED_URLS) {
      const res = await request.get(url, { maxRedirects: 0 });
      expect(res.status(), url.slice(0, 80)).toBeLessThan(500);
      // (Node itself answers 431 for a request line over its header limit, before any of our code runs.)
      if (res.status() !== 431 && (res.status() < 300 || res.status() >= 400))
        expect(res.headers()["content-security-policy"], url.slice(0, 80)).toContain("nonce-");
    }
  });

  test("a stale filter is ignored: the search runs and keeps its term", async ({ request }) => {
    const res = await request.get("/?termo=casa&filtro=T:1.5");
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/name="termo"[^>]*value="casa"|value="casa"[^>]*name="termo"/);
  });

  test("a body that is not a form is 415; a body over the limit is 413; both are pages with the CSP", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    for (const path of ["/login", "/cesta", "/acervo/1/reserva"]) {
      const res = await request.post(path, { data: { username: "demo" }, headers: { "content-type": "application/json", origin }, maxRedirects: 0 });
      expect(res.status(), path).toBe(415);
      expect(res.headers()["content-security-policy"]).toContain("nonce-");
    }
    const big = await request.post("/login", { form: { username: "demo", password: "x".repeat(200_000) }, headers: { origin }, maxRedirects: 0 });
    expect(big.status()).toBe(413);
    expect(big.headers()["content-type"]).toContain("text/html");
    expect(big.headers()["content-security-policy"]).toContain("nonce-");
    // The API answers in its JSON error shape.
    const api = await request.post("/api/oauth/token", { headers: { "content-type": "application/json" }, data: Buffer.from("{") });
    expect(api.status()).toBe(400);
    expect(await api.json()).toMatchObject({ code: "corpo_invalido" });
  });

  test("the 403 'request refused' page carries the CSP", async ({ request }) => {
    const res = await request.post("/login", {
      form: { username: "x" },
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    expect(res.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  for (const evil of ["/.//evil.example", "/%2e%2e//evil.example", "//evil.example"]) {
    test(`the language switch's redirect ${evil} stays on this site`, async ({ request, baseURL }) => {
      const res = await request.post("/preferencias/idioma", {
        form: { lng: "en", redirectTo: evil },
        headers: { origin: new URL(baseURL!).origin },
        maxRedirects: 0,
      });
      expect(res.status()).toBeGreaterThanOrEqual(300);
      const location = res.headers()["location"];
      expect(new URL(location, baseURL).origin).toBe(new URL(baseURL!).origin);
      expect(location.startsWith("//")).toBe(false);
    });
  }
});

// The server side is also covered by api/routes/sessions.test.ts and app/lib/session.server.test.ts.
test("after logout, a copy of the old session cookie no longer opens the private area", async ({ page, browser }) => {
  await login(page, DEMO.professor, PRIVATE_AREA);
  await expect(page).toHaveURL(new RegExp(`${PRIVATE_AREA}$`));
  const saved = await page.context().cookies();
  await page.getByRole("button", { name: "Sair", exact: true }).click();
  // The header's login (a link, or with JS the button that opens the login dialog).
  await expect(page.getByRole("navigation", { name: "Menu do usuário" }).getByText("Entrar", { exact: true })).toBeVisible();
  // Someone who copied the cookie before the logout (a shared computer, a stolen cookie).
  const other = await browser.newContext({ javaScriptEnabled: test.info().project.name !== "js-off" });
  await other.addCookies(saved);
  const stolen = await other.newPage();
  const res = await stolen.goto(PRIVATE_AREA);
  expect(res?.status()).toBeLessThan(500);
  await expect(stolen).toHaveURL(/\/login\?redirect=/);
  await other.close();
});
