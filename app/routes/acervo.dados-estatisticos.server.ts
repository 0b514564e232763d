/** A title's statistics screen's loader: the title and its years of use. */
import { getEstatisticaAnos } from "~/lib/api/acervo.server";
import type { Route } from "./+types/acervo.dados-estatisticos";
import { loadSubPage } from "./acervo.server";

export async function loadRecordStatistics({ params, context }: Route.LoaderArgs) {
  return loadSubPage(params, context, "estatisticas", getEstatisticaAnos);
}
