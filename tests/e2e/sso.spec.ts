import { expect, test } from "../fixtures/warm";
import type { Page } from "@playwright/test";
import { PRIVATE_AREA } from "../fixtures/demo";
import { PORTS, SSO_ENV } from "../support/ports";

// Single sign-on against the local identity providers (ADR 160, 161), on the portal configured for them.
test.use({ baseURL: `http://127.0.0.1:${PORTS.sso}` });

const IDP_PASSWORD = "sso1234";
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** Types an e-mail as username on the login page and sends it: the OIDC provider's login page opens. */
async function toOidcProvider(page: Page, email: string) {
  await page.goto("/login");
  await page.locator("#usuario").fill(email);
  await page.locator("form.login-form button[value=login]").last().click();
  await page.waitForURL(`${SSO_ENV.OIDC_ISSUER}/**`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Provedor de identidade de demonstração");
}

async function signInAtProvider(page: Page) {
  await page.getByLabel("Senha").fill(IDP_PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

test("an e-mail as username signs the patron in through the institution's OIDC provider, and logout ends the provider's session too", async ({
  page,
}) => {
  await toOidcProvider(page, "ana.souza@example.org");
  // The username typed at the library arrives as the provider's login hint.
  await expect(page.getByLabel("Usuário ou e-mail")).toHaveValue("ana.souza@example.org");
  await signInAtProvider(page);
  await page.waitForURL(new RegExp(`${PRIVATE_AREA}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meu Pergamum");

  await page.getByRole("button", { name: "Sair", exact: true }).click();
  await page.waitForURL(`${SSO_ENV.OIDC_ISSUER}/session/end**`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sair do provedor de identidade");
  await page.getByRole("button", { name: "Sim, sair" }).click();
  await page.waitForURL(`${SSO_ENV.PUBLIC_URL}/`);
  await page.goto(PRIVATE_AREA);
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test("a person the library does not know is told 'user not found' on return, and is not signed in", async ({ page }) => {
  await toOidcProvider(page, "visitante@example.org");
  await signInAtProvider(page);
  await page.waitForURL(/\/oauth-response\?/);
  await expect(page.getByRole("alert")).toContainText("Usuário não encontrado. Entre com as mesmas credenciais do seu cadastro na biblioteca.");
  await expect(page).toHaveTitle(/^Erro: /);
  await page.goto(PRIVATE_AREA);
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test("refusing at the OIDC provider shows the permission-denied message on return", async ({ page }) => {
  await toOidcProvider(page, "ana.souza@example.org");
  const response = page.waitForResponse((r) => r.url().includes("/oauth-response"));
  await page.getByRole("button", { name: "Cancelar e negar o acesso" }).click();
  expect((await response).status()).toBe(403);
  await expect(page.getByRole("alert")).toContainText("Permissão negada na autenticação externa.");
  await page.getByRole("link", { name: "Voltar ao login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

/** Institutional login button → the SAML IdP → sign in; the IdP posts back (by itself with JS, by a button without). */
async function samlSignIn(page: Page) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Entrar com o login institucional" }).click();
  await page.waitForURL(`http://127.0.0.1:${PORTS.samlIdp}/sso**`);
  await page.getByLabel("Usuário ou e-mail").fill("ana");
  await page.getByLabel("Senha").fill(IDP_PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  if (!jsOn()) await page.getByRole("button", { name: "Continuar para o Estante" }).click();
}

test("the institutional login button signs the patron in through the SAML IdP, and logout goes to the SAML logout link", async ({ page }) => {
  await samlSignIn(page);
  await page.waitForURL(new RegExp(`${PRIVATE_AREA}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meu Pergamum");
  await page.getByRole("button", { name: "Sair", exact: true }).click();
  await page.waitForURL(SSO_ENV.SAML_LOGOUT_URL);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sessão encerrada");
});

test("a SAML answer whose signed assertion was altered on the way is refused", async ({ page }) => {
  // Someone in the middle swaps the e-mail in the assertion for another patron's: the signature no longer holds.
  await page.route("**/saml-response", async (route) => {
    const form = new URLSearchParams(route.request().postData() ?? "");
    const xml = Buffer.from(form.get("SAMLResponse") ?? "", "base64").toString("utf8");
    form.set("SAMLResponse", Buffer.from(xml.replaceAll("ana.souza@example.org", "helena.costa@example.org")).toString("base64"));
    await route.continue({ postData: form.toString() });
  });
  await samlSignIn(page);
  await page.waitForURL(/\/saml-response$/);
  await expect(page.getByRole("alert")).toContainText("Erro na validação do token.");
  await page.goto(PRIVATE_AREA);
  await expect(page).toHaveURL(/\/login\?redirect=/);
});
