/** The logout screen's loader (its title, and whether someone is signed in) and action (ends the session, at the provider too). */
import { data, redirect } from "react-router";
import type { Route } from "./+types/sair";
import { getT } from "~/lib/i18n.server";
import { historyCookie } from "~/lib/search-history.server";
import { getSession } from "~/lib/session.server";
import { ssoLogoutLink } from "~/lib/sso.server";

/**
 * GET /sair never signs out by itself (a cross-site link or <img> could otherwise log a patron out): it shows a
 * confirmation with a POST form. The user menu's logout button posts directly. See ADR 031.
 */
export async function loadLogout({ context }: Route.LoaderArgs) {
  return { title: getT(context)("common:meta.logout_title"), signedIn: Boolean(getSession(context).user) };
}

/** Clears the session cookie (the CSRF middleware already refused cross-site posts), then goes home. */
export async function logoutAction({ request, context }: Route.ActionArgs) {
  const session = getSession(context);
  // A session begun with single sign-on ends at the provider too (spec §4, ADR 160).
  const providerLogout = await ssoLogoutLink(context, session.data?.sso);
  if (session.user) session.destroy();
  // A shared terminal must not show the next person what was searched (ADR 093).
  const headers = { "Set-Cookie": historyCookie(null, request) };
  if (providerLogout) return data({ providerLogout }, { headers });
  return redirect("/", { headers });
}
