import type { Route } from "./+types/novidades.atom";
import { loadArrivalsFeed } from "./novidades.atom.server";

export function loader(args: Route.LoaderArgs) {
  return loadArrivalsFeed(args);
}
