import { defineConfig, devices } from "@playwright/test";
import { PORTS, SSO_ENV } from "./tests/support/ports";

/**
 * End-to-end and accessibility tests against the built production server (`npm run build` first).
 * Every e2e spec runs twice: once with JavaScript on and once with it off. Debian's Chromium is used;
 * Playwright never downloads a browser.
 */

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

/** The second API's institution: the captcha on (activity 1120) and the duplicate-persons login (INSTITUTION_SETTINGS, ADRs 171, 173). */
const VARIANT_INSTITUTION = { parametros: { login_variante: "pessoas_duplicadas", separador_login: "#" }, atividades: { "1120": true } };
/** The third institution: the category-code login, and no login in a dialog (activity 107 off; ADRs 173, 174). */
// Its community members (category 05) have no private area, which is off for the site as well (activity 8).
const CATEGORY_INSTITUTION = {
  parametros: { login_variante: "categoria", separador_login: "#" },
  atividades: { "107": false, "8": false },
  categorias: { "05": { "8": false } },
};

const server = (name: string, port: number, env: Record<string, string> = {}) => ({
  command: `node tests/support/start-server.mjs ${name}`,
  url: `http://127.0.0.1:${port}${env.API_ONLY ? "/api/openapi.json" : "/login"}`,
  env: { PORT: String(port), WEB_CONCURRENCY: "1", ...env },
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
});

export default defineConfig({
  testDir: "tests",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  // An assertion waits up to 10 s for the page to reach its state: on a loaded two-core machine a post, its
  // redirect and the next page's loaders together have taken over the default 5 s.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  // The list reporter ends with the slowest spec files: where the suite's minutes go (ADR 199).
  reportSlowTests: { max: 15, threshold: 20_000 },
  globalTeardown: "./tests/a11y/write-summary.ts",
  use: {
    baseURL: `http://127.0.0.1:${PORTS.main}`,
    locale: "pt-BR",
    trace: "off",
  },
  projects: [
    { name: "js-on", testDir: "tests/e2e", use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", testDir: "tests/e2e", use: { ...chromium, javaScriptEnabled: false } },
    { name: "a11y", testDir: "tests/a11y", use: { ...chromium, javaScriptEnabled: true } },
  ],
  webServer: [
    // The embedded-login spec's framing pages (one per project) may frame the main portal's login (ADR 174).
    server("main", PORTS.main, {
      WEB_CONCURRENCY: "2",
      LOGIN_EMBED_ORIGINS: `http://127.0.0.1:${PORTS.framer} http://127.0.0.1:${PORTS.framer + 1}`,
    }),
    // Its network (OAI) catalogue answers 500, so the external portal shows the network failure (ADR 063).
    // Its institution asks for the captcha (activity 1120) and uses the login variants (ADR 170, 171).
    server("api", PORTS.api, { API_ONLY: "1", NETWORK_UNAVAILABLE: "1", INSTITUTION_SETTINGS: JSON.stringify(VARIANT_INSTITUTION) }),
    server("external", PORTS.external, { API_BASE_URL: `http://127.0.0.1:${PORTS.api}` }),
    // A portal with its own API for the category-code login and activity 107 off (one process; ADR 174), which
    // also offers the VLibras widget (ADR 256; the spec blocks vlibras.gov.br, no test reaches it).
    server("category", PORTS.category, { INSTITUTION_SETTINGS: JSON.stringify(CATEGORY_INSTITUTION), VLIBRAS: "1" }),
    // Single sign-on (ADR 160, 161): the local OIDC provider and SAML IdP (`npm run idp`), and a portal configured for them.
    {
      command: "npx tsx scripts/idp.ts",
      url: `${SSO_ENV.SAML_IDP_METADATA_URL}`,
      env: {
        IDP_HOST: "127.0.0.1",
        OIDC_IDP_PORT: String(PORTS.oidcIdp),
        SAML_IDP_PORT: String(PORTS.samlIdp),
        PORTAL_URL: SSO_ENV.PUBLIC_URL,
        OIDC_CLIENT_ID: SSO_ENV.OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET: SSO_ENV.OIDC_CLIENT_SECRET,
      },
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore" as const,
      stderr: "pipe" as const,
    },
    server("sso", PORTS.sso, { ...SSO_ENV }),
  ],
});
