/**
 * Resource route: the search box's suggestions as the patron types (issue 28). The browser cannot call the API
 * with the public token, so the portal asks `GET /api/consulta/autocompletar` and passes the list on. Bad input
 * answers 400; fewer than two letters answers no suggestions without asking the API.
 */
import type { Route } from "./+types/autocompletar";
import { loadSuggestions } from "./autocompletar.server";

export function loader(args: Route.LoaderArgs) {
  return loadSuggestions(args);
}
