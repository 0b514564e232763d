/** The institution parameters of the login that come from the SSO configuration (spec §3 "Institution", ADR 160). */
import type { SsoConfig } from "./config.ts";
import { endSessionLink } from "./oidc.ts";

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);

/**
 * `usaOIDC` / `usaSAML`: the provider is configured and the institution has not switched it off (`false` in its
 * parameters). `link_logout_OIDC`: the institution's own link, else the provider's end-session link returning
 * to the portal. `link_logout_saml`: the institution's own link, else SAML_LOGOUT_URL.
 */
export async function ssoLoginParameters(sso: SsoConfig | undefined, p: Record<string, unknown>) {
  const usaOIDC = Boolean(sso?.oidc) && p.usaOIDC !== false;
  const usaSAML = Boolean(sso?.saml) && p.usaSAML !== false;
  let oidcLogout = str(p.link_logout_OIDC);
  if (!oidcLogout && usaOIDC && sso?.oidc) oidcLogout = await endSessionLink(sso.oidc).catch(() => null);
  return {
    usaOIDC,
    usaSAML,
    link_logout_OIDC: oidcLogout,
    link_logout_saml: str(p.link_logout_saml) ?? (usaSAML ? (sso?.saml?.logoutUrl ?? null) : null),
  };
}
