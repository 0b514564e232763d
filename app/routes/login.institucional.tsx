import { redirect } from "react-router";
import type { Route } from "./+types/login.institucional";
import { startSamlLogin } from "~/lib/sso.server";

/** The institutional login button's target (spec §2): starts a SAML login and sends the browser to the IdP (ADR 160). */
export function loader() {
  return redirect("/login");
}

export async function action({ request, context }: Route.ActionArgs) {
  return startSamlLogin(request, context, await request.formData());
}
