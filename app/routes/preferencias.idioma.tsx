import type { Route } from "./+types/preferencias.idioma";
import { chooseLanguage } from "./preferencias.idioma.server";
import { goHome } from "./preferencias.server";

/** Stores the chosen language in the `lng` cookie and goes back to the page (without a stale ?lng=). */
export function action(args: Route.ActionArgs) {
  return chooseLanguage(args);
}

/** GET has nothing to show: go home. */
export function loader() {
  return goHome();
}
