/** A title's book contents screen's loader: the title and its tables of contents. */
import { getSumarios } from "~/lib/api/acervo.server";
import type { Route } from "./+types/acervo.sumarios-livros";
import { loadSubPage } from "./acervo.server";

export async function loadBookContents({ params, context }: Route.LoaderArgs) {
  return loadSubPage(params, context, "sumariosLivros", getSumarios);
}
