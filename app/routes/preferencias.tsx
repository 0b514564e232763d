import type { Route } from "./+types/preferencias";
import { goHome, savePreferences } from "./preferencias.server";

/** Saves the accessibility preferences in one cookie; a plain form is redirected back, a fetcher gets JSON. */
export function action(args: Route.ActionArgs) {
  return savePreferences(args);
}

/** GET has nothing to show: go home. */
export function loader() {
  return goHome();
}
