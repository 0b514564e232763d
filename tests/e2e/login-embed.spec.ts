import http from "node:http";
import { expect, test } from "../fixtures/warm";
import { DEMO } from "../fixtures/demo";
import { PORTS } from "../support/ports";

// The framing page listens on one port per project: this file's tests take turns with it.
test.describe.configure({ mode: "serial" });

// The embedded login (spec §1 "a full page, embedded, or a modal"; ADR 174): `/login?embed=1` without the site's
// chrome and without the "go to" choice, framable only by this origin and LOGIN_EMBED_ORIGINS (the Playwright
// run allows the origins of the framing pages this spec serves, one port per project, on the main portal).
const main = `http://127.0.0.1:${PORTS.main}`;
const framerPort = () => PORTS.framer + (test.info().project.name === "js-off" ? 1 : 0);
const allowedOrigin = () => `http://127.0.0.1:${framerPort()}`;

/** Another site's page with the login in a frame (a real server: Chrome refuses local frames in a page the test made up). */
async function serveFramer(): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="pt"><title>Moldura</title><iframe title="Login" style="width:100%;height:900px" src="${main}/login?embed=1&amp;redirect=%2Fcesta"></iframe></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(framerPort(), "127.0.0.1", resolve));
  return server;
}

test("only the embedded login may be framed, by this origin and the configured ones", async ({ request }) => {
  const embedded = await request.get("/login?embed=1&redirect=%2Fcesta");
  expect(embedded.headers()["content-security-policy"]).toContain(
    `frame-ancestors 'self' http://127.0.0.1:${PORTS.framer} http://127.0.0.1:${PORTS.framer + 1};`,
  );
  expect(embedded.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  for (const path of ["/login", "/login?modal=1", "/"]) {
    const res = await request.get(path);
    expect(res.headers()["content-security-policy"], path).toContain("frame-ancestors 'none';");
    expect(res.headers()["x-frame-options"], path).toBe("DENY");
  }
});

test("the embedded login has no header, footer or 'go to' choice", async ({ page }) => {
  await page.goto("/login?embed=1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entrar");
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Menu do usuário" })).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Ir para" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Voltar" })).toHaveCount(0);
});

test("in a frame on an allowed site: an error stays embedded, and after signing in the frame links on to the page asked for", async ({ page }) => {
  const framer = await serveFramer();
  try {
    await page.goto(`${allowedOrigin()}/moldura`);
    const frame = page.frameLocator("iframe");
    await frame.getByLabel("Usuário", { exact: true }).fill(DEMO.patron.login);
    await frame.getByLabel("Senha", { exact: true }).fill("senha-errada");
    await frame.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(frame.getByRole("alert")).toContainText("Credenciais incorretas! Tente novamente.");
    await expect(frame.getByLabel("Usuário", { exact: true })).toHaveValue(DEMO.patron.login);
    await expect(frame.getByRole("banner")).toHaveCount(0);

    await frame.getByLabel("Senha", { exact: true }).fill(DEMO.patron.password);
    await frame.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(frame.getByRole("status")).toContainText("Você entrou na sua conta.");
    const onward = frame.getByRole("link", { name: "Continuar" });
    await expect(onward).toHaveAttribute("target", "_top");
    await onward.click();
    // The whole window goes on to the page that asked for the login, signed in.
    await expect(page).toHaveURL(`${main}/cesta`);
    await expect(page.getByRole("navigation", { name: "Menu do usuário" })).toContainText("Olá, Ana");
  } finally {
    await new Promise((resolve) => framer.close(resolve));
  }
});

test("in a frame, 'Esqueci minha senha' opens the recovery page in the whole window, not a blank frame", async ({ page }) => {
  const framer = await serveFramer();
  try {
    await page.goto(`${allowedOrigin()}/moldura`);
    const frame = page.frameLocator("iframe");
    await frame.getByRole("link", { name: "Esqueci minha senha" }).click();
    // The recovery pages refuse to be framed; the top window goes there instead.
    await expect(page).toHaveURL(`${main}/recuperar-senha`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  } finally {
    await new Promise((resolve) => framer.close(resolve));
  }
});
