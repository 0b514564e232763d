/** The frequently asked questions screen's loader: the library's questions and answers. */
import type { Route } from "./+types/perguntas-frequentes";
import { loadLibraryPage } from "./library-pages.server";

export async function loadFaq({ context }: Route.LoaderArgs) {
  return loadLibraryPage(context, "faq");
}
