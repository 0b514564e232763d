import { data } from "react-router";
import type { Route } from "./+types/saml.logout";
import { SsoFailure } from "~/components/identity/SsoFailure";
import { getT } from "~/lib/i18n.server";
import { completeSamlLogout } from "~/lib/sso.server";

/**
 * The SAML single logout service (ADR 162): the IdP sends the browser here with a signed LogoutRequest when the
 * person logs out at the institution; the Estante session begun with SAML ends, and the browser goes back to
 * the IdP with the answer. A request that does not verify changes nothing and shows why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await completeSamlLogout(request, context);
  if ("redirect" in result) throw result.redirect;
  return data({ message: getT(context)(result.failure.key, result.failure.values) }, { status: result.failure.status, headers: { "Cache-Control": "no-store" } });
}

export default function SamlLogout({ loaderData }: Route.ComponentProps) {
  return <SsoFailure message={loaderData.message} />;
}
