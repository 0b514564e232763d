/** A title's MARC screen's loader: the title and its MARC fields (the local ones too when asked). */
import { getMarc } from "~/lib/api/acervo.server";
import type { Route } from "./+types/acervo.marc";
import { loadSubPage } from "./acervo.server";

export async function loadRecordMarc({ params, context, request }: Route.LoaderArgs) {
  // liberacao=1 asks for the local fields too (spec §7); any other value is the public view.
  const liberacao = new URL(request.url).searchParams.get("liberacao") === "1";
  const page = await loadSubPage(params, context, "marc", (api, id) => getMarc(api, id, liberacao));
  return { ...page, liberacao };
}
