/** The basket's download (a read-only GET, so plain links work without JS; ADR 070). */
import { parseBasket, readBasket } from "~/lib/basket.server";
import { exportDownload } from "~/lib/export-download.server";
import type { Route } from "./+types/cesta.exportar";

/**
 * `/cesta/exportar?tipo=ris` exports the basket; `&acervos=12.30` exports those titles instead (the reference
 * page of one title uses it).
 */
export function loadBasketExport({ request, context }: Route.LoaderArgs): Promise<Response> {
  const explicit = new URL(request.url).searchParams.get("acervos");
  const ids = explicit !== null ? parseBasket(explicit) : readBasket(request);
  const name = explicit !== null && ids.length === 1 ? `acervo-${ids[0]}` : "cesta";
  return exportDownload(request, context, ids, name, "basket:errors.emptyBasket");
}
