/** The SAML response screen's loader (its title) and action (completes the SAML login, or the failure message). */
import { data } from "react-router";
import type { Route } from "./+types/saml-response";
import { getT } from "~/lib/i18n.server";
import { completeSso, failureOfCode } from "~/lib/sso.server";

/**
 * The SAML assertion consumer service (spec §2 `/saml-response`): the IdP posts the SAMLResponse here (HTTP-POST
 * binding, a cross-site POST the CSRF checks let through for this path only). The API verifies it against the
 * flow this browser started; success signs the patron in and goes on, a failure shows the spec §8 message.
 */
export function loadSamlResponse({ context }: Route.LoaderArgs) {
  return { title: getT(context)("sso:response.title") };
}

export async function samlResponseAction({ request, context }: Route.ActionArgs) {
  const t = getT(context);
  const form = await request.formData();
  const saml = form.get("SAMLResponse");
  if (typeof saml !== "string" || !saml) {
    const failure = failureOfCode("sso_token_invalido");
    return data({ message: t(failure.key) }, { status: failure.status });
  }
  const result = await completeSso(request, context, "saml", saml);
  if ("redirect" in result) return result.redirect;
  return data({ message: t(result.failure.key, result.failure.values) }, { status: result.failure.status, headers: result.headers });
}
