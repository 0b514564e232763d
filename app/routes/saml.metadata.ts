import { data } from "react-router";
import type { Route } from "./+types/saml.metadata";
import { spMetadataResponse } from "~/lib/sso.server";

/**
 * Estante's SAML service provider metadata (ADR 162): entity ID, assertion consumer service, single logout
 * service, signing and encryption certificate, for the institution's IdP administrator to register.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const res = await spMetadataResponse(context);
  if (!res) throw data("SAML is not configured", { status: 404 });
  return res;
}
