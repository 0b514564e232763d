import { data, redirect } from "react-router";
import type { Route } from "./+types/preferencias";
import { isHttps, serializeCookie } from "~/lib/cookies";
import { PREFS_COOKIE, PREFS_MAX_AGE, prefsFromForm, serializePrefs } from "~/lib/prefs";
import { safeRedirect } from "~/lib/safe-redirect";

/** Saves the accessibility preferences in one cookie; a plain form is redirected back, a fetcher gets JSON. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const prefs = prefsFromForm(form);
  const cookie = serializeCookie(PREFS_COOKIE, serializePrefs(prefs), { maxAge: PREFS_MAX_AGE, sameSite: "Lax", secure: isHttps(request) });
  const headers = new Headers({ "Set-Cookie": cookie });
  if (form.get("js") === "1") return data({ ok: true, prefs }, { headers });
  return redirect(safeRedirect(form.get("redirectTo")), { headers });
}

/** GET has nothing to show: go home. */
export function loader() {
  return redirect("/");
}
