/** The events screen's loader: the library's events. */
import type { Route } from "./+types/eventos";
import { loadLibraryPage } from "./library-pages.server";

export async function loadEvents({ context }: Route.LoaderArgs) {
  return loadLibraryPage(context, "events");
}
