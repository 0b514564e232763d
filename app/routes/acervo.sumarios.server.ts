/** A title's contents screen's loader: the title and its tables of contents. */
import { getSumarios } from "~/lib/api/acervo.server";
import type { Route } from "./+types/acervo.sumarios";
import { loadSubPage } from "./acervo.server";

export async function loadRecordContents({ params, context }: Route.LoaderArgs) {
  return loadSubPage(params, context, "sumarios", getSumarios);
}
