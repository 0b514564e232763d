/** The collection totals screen's loader: the totals by library and kind. */
import type { Route } from "./+types/totais-acervo";
import { loadCollectionTotals } from "./estatisticas.server";

export async function loadCollectionTotalsPage({ request, context }: Route.LoaderArgs) {
  return loadCollectionTotals(request, context);
}
