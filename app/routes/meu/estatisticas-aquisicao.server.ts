/** The acquisition statistics screen's loader: the statistics for the chosen filters. */
import type { Route } from "./+types/estatisticas-aquisicao";
import { loadAcquisitionStatistics } from "./estatisticas.server";

export async function loadAcquisitionStatisticsPage({ request, context }: Route.LoaderArgs) {
  return loadAcquisitionStatistics(request, context);
}
