/** The institutional login's loader (sends on the login this browser started) and action (starts a SAML login). */
import { data, redirect } from "react-router";
import type { Route } from "./+types/login.institucional";
import { getT } from "~/lib/i18n.server";
import { startSamlLogin, takePendingLink } from "~/lib/sso.server";

/**
 * Single sign-on's way out to the provider (ADR 160). POST: the institutional login button (spec §2) starts a
 * SAML login. GET: the login this browser started (SAML, or OIDC from the login form) is sent on to the
 * provider — at once (an instant meta refresh, WCAG technique H76, or JS), or by the link.
 */
export function loadInstitutionalLogin({ request, context }: Route.LoaderArgs) {
  const pending = takePendingLink(request);
  if (!pending) throw redirect("/login");
  return data(
    { link: pending.link, title: getT(context)("sso:going.title") },
    { headers: { "Set-Cookie": pending.setCookie, "Cache-Control": "no-store" } },
  );
}

export async function institutionalLoginAction({ request, context }: Route.ActionArgs) {
  return startSamlLogin(request, context, await request.formData());
}
