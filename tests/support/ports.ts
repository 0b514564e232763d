/** Ports of the servers the Playwright run starts (127.0.0.1 only). E2E_PORT_BASE moves them all. */
const base = Number(process.env.E2E_PORT_BASE ?? 3100);
// sso: the portal with single sign-on configured; oidcIdp / samlIdp: the local demo identity providers (ADR 161);
// category: a portal with its own API whose institution uses the category login, without activity 107 (ADR 174);
// framer: the page the embedded-login spec serves to frame the login from another origin (one port per project).
export const PORTS = {
  main: base,
  api: base + 1,
  external: base + 2,
  sso: base + 3,
  category: base + 4,
  framer: base + 5,
  oidcIdp: base + 50,
  samlIdp: base + 51,
} as const;

/** The single sign-on settings of the `sso` portal, pointing at the local identity providers of `npm run idp`. */
export const SSO_ENV = {
  PUBLIC_URL: `http://127.0.0.1:${PORTS.sso}`,
  OIDC_ISSUER: `http://127.0.0.1:${PORTS.oidcIdp}`,
  OIDC_CLIENT_ID: "estante",
  OIDC_CLIENT_SECRET: "estante-demo-secret",
  SAML_IDP_METADATA_URL: `http://127.0.0.1:${PORTS.samlIdp}/metadata`,
  SAML_LOGOUT_URL: `http://127.0.0.1:${PORTS.samlIdp}/logout`,
} as const;
