import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { expect, test } from "../fixtures/warm";
import type { APIRequestContext } from "@playwright/test";
import { PRIVATE_AREA, hydrated, login } from "../fixtures/demo";

/**
 * The portal when its API is down or slow (ADR 115). The portal under test is its own process whose
 * API_BASE_URL is a small proxy in this file, in front of the main server's API: the proxy forwards, refuses
 * connections ("down"), never answers ("slow"), or forwards and then never answers ("lost": the API commits
 * the write but the portal hears nothing). API_TIMEOUT_MS is 4000: short waits, yet room for a hold page's
 * several API calls on CI's busy two cores (at 1500 ms a page with the API up answered 503 there).
 */
test.describe.configure({ mode: "serial" });

type Mode = "up" | "down" | "slow" | "lost";
const TIMEOUT_MS = 4000;
const PASSWORD = "demo1234";
const root = path.resolve(import.meta.dirname, "../..");

let mode: Mode = "up";
let proxy: http.Server;
let portal: ChildProcess;
let portalUrl = "";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const upstream = new URL(baseURL!);
  proxy = http.createServer((req, res) => {
    if (mode === "down") return req.socket.destroy();
    if (mode === "slow") return; // never answers
    const out = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      if (mode === "lost") return answer.resume(); // the API did the work; the answer never arrives
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on("error", () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  const proxyPort = (proxy.address() as net.AddressInfo).port;
  const port = await freePort();
  portalUrl = `http://127.0.0.1:${port}`;
  portal = spawn(process.execPath, [path.join(root, "tests/support/start-server.mjs"), `api-down-${test.info().project.name}`], {
    cwd: root,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      WEB_CONCURRENCY: "1",
      API_BASE_URL: `http://127.0.0.1:${proxyPort}`,
      API_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${portalUrl}/login`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the portal under test did not start");
});

test.afterAll(async () => {
  portal?.kill("SIGTERM");
  proxy?.closeAllConnections();
  await new Promise((r) => proxy?.close(r));
});

test.afterEach(() => {
  mode = "up";
});

async function signedIn(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  login: string,
): Promise<APIRequestContext> {
  const request = await playwright.request.newContext({ baseURL: portalUrl });
  const res = await request.post("/login", {
    form: { username: login, password: PASSWORD, destino: "area" },
    headers: { origin: portalUrl },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  return request;
}

const PRIVATE_PAGES = [
  PRIVATE_AREA,
  `${PRIVATE_AREA}/emprestimos`,
  `${PRIVATE_AREA}/reservas`,
  `${PRIVATE_AREA}/debitos`,
  `${PRIVATE_AREA}/dados-pessoais`,
  `${PRIVATE_AREA}/alertas`,
];

test.describe("requests only (the same with JavaScript on or off)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "plain HTTP: run once");

  for (const down of ["down", "slow"] as const) {
    test(`with the API ${down}, private pages answer 503 with Retry-After within the timeout`, async ({ playwright }) => {
      test.setTimeout(PRIVATE_PAGES.length * TIMEOUT_MS + 30_000);
      const request = await signedIn(playwright, "leitor");
      mode = down;
      for (const url of PRIVATE_PAGES) {
        const t0 = Date.now();
        const res = await request.get(url, { maxRedirects: 0 });
        const took = Date.now() - t0;
        expect(res.status(), url).toBe(503);
        expect(res.headers()["retry-after"], url).toBe("30");
        expect(took, url).toBeLessThan(TIMEOUT_MS + 250);
      }
      await request.dispose();
    });
  }

  test("a public page answers 503 with Retry-After while the API is down", async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: portalUrl });
    mode = "down";
    const res = await request.get("/?termo=casa");
    expect(res.status()).toBe(503);
    expect(res.headers()["retry-after"]).toBe("30");
    await request.dispose();
  });

  test("logging out while the API is down still ends the session for a copy of the cookie once the API is back", async ({ playwright }) => {
    const request = await signedIn(playwright, "leitor2");
    const copy = await playwright.request.newContext({ baseURL: portalUrl, storageState: await request.storageState() });
    mode = "down";
    const out = await request.post("/sair", { form: {}, headers: { origin: portalUrl }, maxRedirects: 0 });
    expect(out.status()).toBeLessThan(400);
    // Meanwhile the copy is refused by the portal that saw the logout.
    expect((await copy.get(PRIVATE_AREA, { maxRedirects: 0 })).headers()["location"] ?? "").toContain("/login");
    mode = "up";
    // The queued revocation reaches the API within a few seconds (first retry after 1 s).
    await new Promise((r) => setTimeout(r, 3_000));
    const res = await copy.get(PRIVATE_AREA, { maxRedirects: 0 });
    expect(res.headers()["location"] ?? "").toContain("/login");
    await copy.dispose();
    await request.dispose();
  });
});

test("a hold whose answer was lost is reported as not confirmed (503, form kept), and sending it again shows the hold", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const js = test.info().project.name === "js-on";
  // leitor3 and leitor4 hold nothing and stay linked (the no-debts declarations the declarations specs issue
  // end the links of formando, formando2 and formando3, and then their login is refused).
  const who = js ? "leitor3" : "leitor4";
  // A title lent to someone, which `who` does not hold yet.
  const api = await playwright.request.newContext({ baseURL });
  const tokenOf = async (form: Record<string, string>) =>
    ((await (await api.post("/api/oauth/token", { form: { client_id: "4", ...form } })).json()) as { access_token: string }).access_token;
  const lender = await tokenOf({ grant_type: "password", username: js ? "leitor" : "leitor2", password: PASSWORD });
  const patron = await tokenOf({ grant_type: "password", username: who, password: PASSWORD });
  const lent = (await (await api.get("/api/emprestimo/titulos-pendentes", { headers: { authorization: `Bearer ${lender}` } })).json()) as Array<{
    cod_acervo: number;
  }>;
  const mine = (await (await api.get("/api/reserva", { headers: { authorization: `Bearer ${patron}` } })).json()) as Array<{
    cod_acervo: number;
    cod_reserva: number;
  }>;
  // One with no copy on the shelf (a title lent once may have another copy available: no hold then).
  let id = 0;
  for (const { cod_acervo } of lent) {
    if (mine.some((h) => h.cod_acervo === cod_acervo)) continue;
    const options = (await (
      await api.get(`/api/reserva/${cod_acervo}/informacoes-iniciais`, { headers: { authorization: `Bearer ${patron}` } })
    ).json()) as { impedimento?: string | null };
    if (!options.impedimento) {
      id = cod_acervo;
      break;
    }
  }
  expect(id, "a holdable title lent to the lender").toBeGreaterThan(0);

  const context = await browser.newContext({ baseURL: portalUrl, javaScriptEnabled: js, locale: "pt-BR" });
  const page = await context.newPage();
  await login(page, { login: who, password: PASSWORD }, `/acervo/${id}/reserva`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Reservar:");
  await hydrated(page, js);
  const library = page.getByLabel("Biblioteca de retirada");
  if ((await library.locator("option[value='']").count()) > 0) await library.selectOption({ index: 1 });
  // The library's value is the form's own field (with JavaScript a custom select over a hidden native one).
  const field = page.locator('[name="biblioteca"]').first();
  const chosen = await field.inputValue();

  mode = "lost";
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Reservar", exact: true }).click();
  expect((await answer).status()).toBe(503);
  await expect(page.getByText("O sistema da biblioteca não respondeu a tempo").first()).toBeVisible();

  mode = "up";
  if (js) {
    // The form is still there, with the library chosen and the same key.
    await expect(field).toHaveValue(chosen);
    await page.getByRole("button", { name: "Reservar", exact: true }).click();
  } else {
    await page.getByRole("button", { name: "Enviar de novo" }).click();
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reserva feita");
  const after = (await (await api.get("/api/reserva", { headers: { authorization: `Bearer ${patron}` } })).json()) as Array<{
    cod_acervo: number;
    cod_reserva: number;
  }>;
  const held = after.filter((h) => h.cod_acervo === id);
  expect(held).toHaveLength(1);
  // Leave the patron as they were.
  await api.delete("/api/reserva", { headers: { authorization: `Bearer ${patron}` }, data: { reservas: held.map((h) => h.cod_reserva) } });
  await api.dispose();
  await context.close();
});
