import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../fixtures/warm";
import { findTitleId, PRIVATE_AREA } from "../fixtures/demo";
import { reportInteractionChecks } from "../support/interaction-report";

// Journeys in the Lynx and w3m text browsers (ADR 151), run as commands in a child process against the server
// Playwright started; what is asserted is the text the patron reads. The browser of the project is not used,
// so they run in one project only. Each journey renews, so each text browser has its own demo reader.
test.skip(() => test.info().project.name !== "js-on", "Text browsers are run once, not per JavaScript mode.");
test.describe.configure({ mode: "serial", timeout: 120_000 });
reportInteractionChecks();

const WCAG = { type: "wcag", description: "1.3.1, 1.3.2, 2.1.1, 2.4.3, 4.1.2; eMAG 1.4, 2.1, 6.3" };
const READER = { lynx: { login: "leitor3", password: "demo1234" }, w3m: { login: "leitor4", password: "demo1234" } };

let dir = "";
test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-text-"));
});
// In the project where every test is skipped, beforeAll never ran.
test.afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * One Lynx session driven by keys, as a patron at a terminal would: `-cmd_script` (one key a line) in a
 * pseudo-terminal (`script`), since Lynx reads its keys only from a terminal. `save(name)` prints the page on
 * screen to a file (Lynx's P)rint, "Save to a local file"); the saved pages are returned by name.
 */
function lynxSession(start: string, steps: (k: LynxKeys) => void): Record<string, string> {
  const keys: string[] = [];
  const saved: string[] = [];
  const press = (...k: string[]) => keys.push(...k);
  const chars = (text: string) => [...text].map((c) => (c === " " ? "<space>" : c));
  const k: LynxKeys = {
    press,
    type: (text) => press(...chars(text)),
    // Lynx's search makes the first link or control on the line found the current one.
    find: (text) => press("/", ...chars(text), "^J"),
    go: (url) => press("g", "^U", ...chars(url), "^J", "^R"),
    save: (name) => {
      saved.push(name);
      press("p", "^J", "^U", ...chars(path.join(dir, `${name}.txt`)), "^J");
    },
  };
  steps(k);
  press("q", "y");
  const script = path.join(dir, "keys.txt");
  fs.writeFileSync(script, keys.map((key) => `key ${key}`).join("\n") + "\n");
  const lynx = ["lynx", `-cmd_script=${script}`, "-accept_all_cookies", "-display_charset=utf-8", start].map((a) => `'${a}'`).join(" ");
  execFileSync("script", ["-qc", lynx, "/dev/null"], {
    env: { ...process.env, TERM: "vt100" },
    stdio: ["ignore", "ignore", "ignore"],
    timeout: 90_000,
  });
  return Object.fromEntries(
    saved.map((name) => [name, fs.existsSync(path.join(dir, `${name}.txt`)) ? fs.readFileSync(path.join(dir, `${name}.txt`), "utf8") : ""]),
  );
}

interface LynxKeys {
  press: (...keys: string[]) => void;
  type: (text: string) => void;
  find: (text: string) => void;
  go: (url: string) => void;
  save: (name: string) => void;
}

/**
 * w3m's rendering of a page (`-dump`), or its source; `post` is a file of form data it POSTs, as it sends a
 * submitted form. Its cookies live in its own home folder for the test, kept between runs when persistent.
 */
function w3m(url: string, { post, source }: { post?: string; source?: boolean } = {}): string {
  const args = [source ? "-dump_source" : "-dump", "-cols", "200", "-O", "UTF-8", "-o", "accept_cookie=1"];
  if (post !== undefined) args.push("-post", post);
  return execFileSync("w3m", [...args, url], { encoding: "utf8", timeout: 30_000, env: { ...process.env, HOME: dir } });
}

/** A form body as a file for `w3m -post`. */
function formFile(name: string, fields: Record<string, string>): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, new URLSearchParams(fields).toString());
  return file;
}

test("in Lynx, a patron searches, opens a title, signs in, renews and signs out", { annotation: WCAG }, async ({ baseURL }) => {
  const pages = lynxSession(`${baseURL}/`, (k) => {
    // The search field follows the last search tab ("Rede"); the search button is the next control, beside the box.
    k.find("Rede");
    k.press("Down Arrow");
    k.type("democracia");
    k.press("Down Arrow", "^J");
    k.save("results");
    k.find("A democracia");
    k.press("^J");
    k.save("title");
    k.go(`${baseURL}/login`);
    k.save("login");
    // After "Cesta" come the user and password fields; the next control signs in.
    k.find("Cesta");
    k.press("Down Arrow");
    k.type(READER.lynx.login);
    k.press("Down Arrow");
    k.type(READER.lynx.password);
    k.press("Down Arrow", "^J");
    k.save("summary");
    k.go(`${baseURL}${PRIVATE_AREA}/emprestimos`);
    k.save("loans");
    k.find("Renovar selecionados");
    k.press("Down Arrow", "^J");
    k.save("renewed");
    // The header's "Sair" button.
    k.find("Sair");
    k.press("^J");
    k.save("signed-out");
    k.go(`${baseURL}${PRIVATE_AREA}`);
    k.save("after");
  });

  expect(pages.results).toMatch(/\d+ resultados para “democracia”/);
  expect(pages.title).toMatch(/Exemplares de “A democracia/);
  // The login form reads in order: user, password, then the button that signs in, with no "Entrar" first.
  const form = pages.login.slice(pages.login.indexOf("Entre com o seu usuário"));
  expect(form.indexOf("Usuário")).toBeGreaterThan(0);
  expect(form.indexOf("Usuário")).toBeLessThan(form.indexOf("Entrar"));
  expect(form.indexOf("Senha")).toBeLessThan(form.indexOf("Entrar"));

  expect(pages.summary).toContain("Olá, Rita");
  // The summary's title, badge and dates read apart, not as one run of words.
  expect(pages.summary).toMatch(/; Em atraso;\s+Devolução\s+prevista:\s+\d{2}\/\d{2}\/\d{4};\s+Biblioteca:/);
  // In the loans table, title and author share a cell and still read apart ("Title; Surname, Name").
  expect(pages.loans).toMatch(/\S; [A-ZÀ-Ú][\p{L}]+, [A-ZÀ-Ú]/u);
  expect(pages.renewed).toContain("Resultado da renovação");
  expect(pages.renewed).toMatch(/1 de \d+ renovado\(s\)/);

  // "Sair" posted the form (a named button; Lynx sends a form without one as a GET) and the session ended.
  expect(pages.after).not.toContain("Olá, Rita");
  expect(pages.after).toMatch(/Usuário/);
});

test("in w3m, a patron searches, opens a title, signs in, renews and signs out", { annotation: WCAG }, async ({ baseURL, request }) => {
  expect(w3m(`${baseURL}/?termo=democracia&tipo=livre`)).toMatch(/\d+ resultados para “democracia”/);
  expect(w3m(`${baseURL}/acervo/${await findTitleId(request, "democracia")}`)).toMatch(/Exemplares de “/);
  const login = w3m(`${baseURL}/login`);
  const form = login.slice(login.indexOf("Entre com o seu usuário"));
  expect(form.indexOf("Usuário")).toBeGreaterThan(0);
  expect(form.indexOf("Usuário")).toBeLessThan(form.indexOf("Entrar"));

  // The login form's fields as w3m sends them ("Manter-me conectado" ticked: w3m keeps the cookie between its runs).
  const summary = w3m(`${baseURL}/login`, {
    post: formFile("login", {
      intent: "login",
      username: READER.w3m.login,
      password: READER.w3m.password,
      showPassword: "0",
      remember: "on",
      destino: "area",
    }),
  });
  expect(summary).toContain("Olá, Igor");
  expect(summary).toMatch(/; Em atraso;\s+Devolução\s+prevista:\s+\d{2}\/\d{2}\/\d{4};\s+Biblioteca:/);

  const loans = w3m(`${baseURL}${PRIVATE_AREA}/emprestimos`);
  expect(loans).toMatch(/\S; [A-ZÀ-Ú][\p{L}]+, [A-ZÀ-Ú]/u);
  // "Renovar todos" with the form's hidden key. After the POST the page redirects to itself with the outcome:
  // w3m takes a redirect to the very URL it posted to as a loop, so the redirect has a query of its own.
  const chave = /name="chave" value="([^"]+)"/.exec(w3m(`${baseURL}${PRIVATE_AREA}/emprestimos`, { source: true }))?.[1] ?? "";
  const renewed = w3m(`${baseURL}${PRIVATE_AREA}/emprestimos`, { post: formFile("renew", { chave, intent: "todos" }) });
  expect(renewed).toContain("Resultado da renovação");
  expect(renewed).toMatch(/1 de \d+ renovado\(s\)/);

  // The header's "Sair" form as w3m sends it (its named button): the session ends.
  expect(w3m(`${baseURL}/sair`, { post: formFile("sair", { intent: "logout" }) })).toContain("Catálogo online");
  const after = w3m(`${baseURL}${PRIVATE_AREA}`);
  expect(after).not.toContain("Olá, Igor");
  expect(after).toContain("Usuário");
});

test("a bodiless POST to /sair signs out instead of answering 415", async ({ request, playwright, baseURL }) => {
  const signIn = await request.post("/login", {
    form: { intent: "login", username: "demo", password: "demo1234", destino: "area" },
    maxRedirects: 0,
  });
  const cookie = /estante_sessao=[^;]+/.exec(signIn.headers()["set-cookie"] ?? "")?.[0] ?? "";
  expect(cookie).not.toBe("");
  // A client of its own: no stored cookies, no Content-Type, no body, no Origin (as Lynx and w3m send).
  const bare = await playwright.request.newContext({ baseURL });
  try {
    const res = await bare.fetch("/sair", { method: "POST", headers: { cookie }, maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/");
    const account = await bare.get(PRIVATE_AREA, { headers: { cookie }, maxRedirects: 0 });
    expect(account.status()).toBe(302);
    expect(account.headers().location).toMatch(/^\/login/);
  } finally {
    await bare.dispose();
  }
});

test("a POST with a body of no declared type is still refused with 415", async ({ request, baseURL }) => {
  const res = await request.fetch("/sair", {
    method: "POST",
    data: Buffer.from("intent=logout"),
    headers: { origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(415);
});
