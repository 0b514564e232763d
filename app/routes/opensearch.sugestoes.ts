import type { Route } from "./+types/opensearch.sugestoes";
import { loadBrowserSuggestions } from "./opensearch.sugestoes.server";

export function loader(args: Route.LoaderArgs) {
  return loadBrowserSuggestions(args);
}
