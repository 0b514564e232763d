/** The general information screen's loader: the library's information blocks. */
import type { Route } from "./+types/informacoes";
import { loadLibraryPage } from "./library-pages.server";

export async function loadInformation({ context }: Route.LoaderArgs) {
  return loadLibraryPage(context, "blocks");
}
