/** The OIDC response screen's loader: completes the OIDC login and goes on, or the failure message. */
import { data } from "react-router";
import type { Route } from "./+types/oauth-response";
import { getT } from "~/lib/i18n.server";
import { completeSso, failureOfCode } from "~/lib/sso.server";

/**
 * The OIDC callback (spec §2 `/oauth-response`): the provider sends the browser here with the code and state
 * (or an error). The API validates them against the flow this browser started; success signs the patron in
 * and goes on, a failure shows the spec §8 message (ADR 160). `?falha=` shows a start that failed.
 */
export async function loadOauthResponse({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const t = getT(context);
  const code = url.searchParams.get("falha");
  if (code !== null) {
    const failure = failureOfCode(code);
    return data({ message: t(failure.key, failure.values) }, { status: failure.status, headers: { "Cache-Control": "no-store" } });
  }
  const result = await completeSso(request, context, "oidc", url.search);
  if ("redirect" in result) throw result.redirect;
  return data({ message: t(result.failure.key, result.failure.values) }, { status: result.failure.status, headers: result.headers });
}
