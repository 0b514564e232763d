import type { Route } from "./+types/saml.metadata";
import { loadSpMetadata } from "./saml.metadata.server";

/**
 * Estante's SAML service provider metadata (ADR 162): entity ID, assertion consumer service, single logout
 * service, signing and encryption certificate, for the institution's IdP administrator to register.
 */
export function loader(args: Route.LoaderArgs) {
  return loadSpMetadata(args);
}
