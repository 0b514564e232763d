/** A title's Dublin Core screen's loader: the title and its Dublin Core fields. */
import { getDublinCore } from "~/lib/api/acervo.server";
import type { Route } from "./+types/acervo.dublin-core";
import { loadSubPage } from "./acervo.server";

export async function loadRecordDublinCore({ params, context }: Route.LoaderArgs) {
  return loadSubPage(params, context, "dublinCore", getDublinCore);
}
