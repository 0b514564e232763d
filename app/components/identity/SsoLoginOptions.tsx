import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";

/** What the login page offers besides the password (institution parameters `usaOIDC`, `usaSAML`; ADR 160). */
export interface SsoOptions {
  oidc: boolean;
  saml: boolean;
}

/** Spec §4: a username with an at-sign goes to the OIDC provider (when the institution uses OIDC). */
export function isOidcUsername(username: unknown): boolean {
  return typeof username === "string" && username.trim().includes("@");
}

/**
 * The institutional login button (spec §2): a plain POST to /login/institucional, which sends the browser to the
 * SAML IdP. A full page load on purpose: the next page is the IdP's.
 */
export function InstitutionalLogin({ redirectParam }: { redirectParam: string | null }) {
  const { t } = useTranslation("sso");
  return (
    <section className="login-institutional" aria-labelledby="login-institucional">
      <h2 id="login-institucional">{t("login.saml_heading")}</h2>
      <p>{t("login.saml_intro")}</p>
      <Form method="post" action="/login/institucional" reloadDocument>
        {redirectParam ? <input type="hidden" name="redirect" value={redirectParam} /> : null}
        <button type="submit" className="button button--secondary">
          {t("login.saml_button")}
        </button>
      </Form>
    </section>
  );
}
