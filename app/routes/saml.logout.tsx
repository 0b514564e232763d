import type { Route } from "./+types/saml.logout";
import { SsoFailure } from "~/components/identity/SsoFailure";
import { samlLogout } from "./saml.logout.server";

/**
 * The SAML single logout service (ADR 162): the IdP sends the browser here with a signed LogoutRequest when the
 * person logs out at the institution; the Estante session begun with SAML ends, and the browser goes back to
 * the IdP with the answer. A request that does not verify changes nothing and shows why.
 */
export function loader(args: Route.LoaderArgs) {
  return samlLogout(args);
}

export default function SamlLogout({ loaderData }: Route.ComponentProps) {
  return <SsoFailure message={loaderData.message} />;
}
