/** Wire types of the statistics screens (docs/api.md "Aquisicao", "Acervo"), importable by widgets (no server code). */
import { z } from "zod";

const count = z.number().int().nonnegative();

/** GET /aquisicao/estatisticas. */
export const AcquisitionStatisticsSchema = z.object({
  titulos: count,
  exemplares: count,
  agrupamento: z.enum(["mes", "ano"]).catch("mes"),
  periodos: z.array(z.object({ periodo: z.string(), titulos: count, exemplares: count })),
  por_modalidade: z.array(z.object({ modalidade: z.string(), descricao: z.string(), titulos: count, exemplares: count })),
  sugestoes: z.array(z.object({ situacao: z.string(), descricao: z.string(), total: count })),
});
export type AcquisitionStatistics = z.infer<typeof AcquisitionStatisticsSchema>;

/** GET /acervo/totais. */
export const CollectionTotalsSchema = z.object({
  titulos: count,
  exemplares: count,
  por_tipo_obra: z.array(z.object({ cod_tipo_obra: z.number().int(), descricao: z.string(), titulos: count, exemplares: count })),
});
export type CollectionTotals = z.infer<typeof CollectionTotalsSchema>;

/** The filter both screens send: both dates or neither, and optionally one library. */
export interface StatisticsFilter {
  dataIni?: string;
  dataFim?: string;
  biblioteca?: number;
}
