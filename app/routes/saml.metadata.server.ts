/** Estante's SAML service provider metadata (ADR 162). */
import { data } from "react-router";
import { spMetadataResponse } from "~/lib/sso.server";
import type { Route } from "./+types/saml.metadata";

/** The metadata document; 404 when SAML is not configured. */
export async function loadSpMetadata({ context }: Route.LoaderArgs): Promise<Response> {
  const res = await spMetadataResponse(context);
  if (!res) throw data("SAML is not configured", { status: 404 });
  return res;
}
