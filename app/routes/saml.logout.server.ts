/** The SAML single logout service (ADR 162). */
import { data } from "react-router";
import { getT } from "~/lib/i18n.server";
import { completeSamlLogout } from "~/lib/sso.server";
import type { Route } from "./+types/saml.logout";

/** A verified LogoutRequest ends the session and goes back to the IdP; one that does not verify shows why. */
export async function samlLogout({ request, context }: Route.LoaderArgs) {
  const result = await completeSamlLogout(request, context);
  if ("redirect" in result) throw result.redirect;
  return data(
    { message: getT(context)(result.failure.key, result.failure.values) },
    { status: result.failure.status, headers: { "Cache-Control": "no-store" } },
  );
}
