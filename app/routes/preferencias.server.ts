/** The accessibility preferences (one cookie) and the language choice: the POSTs of the preference forms. */
import { data, redirect } from "react-router";
import { isHttps, serializeCookie } from "~/lib/cookies";
import { PREFS_COOKIE, PREFS_MAX_AGE, prefsFromForm, serializePrefs } from "~/lib/prefs";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/preferencias";

/** Saves the accessibility preferences in one cookie; a plain form is redirected back, a fetcher gets JSON. */
export async function savePreferences({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const prefs = prefsFromForm(form);
  const cookie = serializeCookie(PREFS_COOKIE, serializePrefs(prefs), { maxAge: PREFS_MAX_AGE, sameSite: "Lax", secure: isHttps(request) });
  const headers = new Headers({ "Set-Cookie": cookie });
  if (form.get("js") === "1") return data({ ok: true, prefs }, { headers });
  return redirect(safeRedirect(form.get("redirectTo")), { headers });
}

/** A GET of a preference form's address has nothing to show: go home. */
export function goHome() {
  return redirect("/");
}
