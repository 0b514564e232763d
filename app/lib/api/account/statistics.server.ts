/** Typed calls of the statistics screens and the professor's teaching plans (docs/api.md "Aquisicao", "Acervo"). */
import type { ApiClient } from "../client.server";
import { TeachingPlansSchema, type TeachingPlans } from "../catalogue.server";
import {
  AcquisitionStatisticsSchema,
  CollectionTotalsSchema,
  type AcquisitionStatistics,
  type CollectionTotals,
  type StatisticsFilter,
} from "./statistics-types";

const query = (f: StatisticsFilter) => ({ dataIni: f.dataIni, dataFim: f.dataFim, biblioteca: f.biblioteca });

/** GET /aquisicao/estatisticas: what the library acquired in the range, by period and mode, and suggestions by status. */
export function getAcquisitionStatistics(api: ApiClient, f: StatisticsFilter): Promise<AcquisitionStatistics> {
  return api.get("/aquisicao/estatisticas", AcquisitionStatisticsSchema, { query: query(f), as: "patron" });
}

/** GET /acervo/totais: titles and copies by work type of the titles added in the range. */
export function getCollectionTotals(api: ApiClient, f: StatisticsFilter): Promise<CollectionTotals> {
  return api.get("/acervo/totais", CollectionTotalsSchema, { query: query(f), as: "patron" });
}

/** GET /plano-ensino/bibliografia?professor=eu: the signed-in professor's plans with their bibliography and loans. */
export function getMyTeachingPlans(api: ApiClient): Promise<TeachingPlans> {
  return api.get("/plano-ensino/bibliografia", TeachingPlansSchema, { query: { professor: "eu" }, as: "patron" });
}
