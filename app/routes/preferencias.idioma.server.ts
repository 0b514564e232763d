/** The language choice's POST: the `lng` cookie, and back to the page. */
import { redirect } from "react-router";
import { isHttps } from "~/lib/cookies";
import { isLanguage } from "~/lib/i18n";
import { languageCookie } from "~/lib/i18n.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/preferencias.idioma";

/** Stores the chosen language in the `lng` cookie and goes back to the page (without a stale ?lng=). */
export async function chooseLanguage({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lng = form.get("lng");
  const target = new URL(safeRedirect(form.get("redirectTo")), "http://estante.invalid");
  target.searchParams.delete("lng");
  const location = `${target.pathname}${target.search}${target.hash}`;
  if (!isLanguage(lng)) return redirect(location);
  return redirect(location, { headers: { "Set-Cookie": languageCookie(lng, isHttps(request)) } });
}
