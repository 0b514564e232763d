import type { Route } from "./+types/opensearch.xml";
import { loadOpenSearchDescription } from "./opensearch.xml.server";

export function loader(args: Route.LoaderArgs) {
  return loadOpenSearchDescription(args);
}
