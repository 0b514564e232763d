import { createRoute, z } from "@hono/zod-openapi";
import { ACQUISITION_MODES, acquisitionStatistics } from "../../domain/acquisition-statistics.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, errorResponses, LangHeader, requireToken, type ApiDeps } from "../../lib/http.ts";
import { ACQUISITION_MODE_WORDS, PERIOD_MESSAGES as MESSAGES, SUGGESTION_STATUS_WORDS } from "./messages.ts";

/** A real calendar day, YYYY-MM-DD. */
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T12:00:00Z`).toISOString().slice(0, 10) === v;

const Query = z.object({
  dataIni: z.string().optional().openapi({ description: "Start day, YYYY-MM-DD (with dataFim)", format: "date" }),
  dataFim: z.string().optional().openapi({ description: "End day, YYYY-MM-DD (with dataIni, not before it)", format: "date" }),
  biblioteca: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .openapi({ description: "Only copies acquired for, and suggestions addressed to, this library", type: "integer" }),
});

const Counts = { titulos: z.number().int(), exemplares: z.number().int() };
const Estatisticas = z
  .object({
    ...Counts,
    agrupamento: z.enum(["mes", "ano"]).openapi({ description: "mes: periods are YYYY-MM; ano (ranges over 24 months): YYYY" }),
    periodos: z
      .array(z.object({ periodo: z.string(), ...Counts }))
      .openapi({ description: "Every period of the range, oldest first, zero ones included" }),
    por_modalidade: z.array(z.object({ modalidade: z.enum(ACQUISITION_MODES), descricao: z.string(), ...Counts })),
    sugestoes: z
      .array(z.object({ situacao: z.string(), descricao: z.string(), total: z.number().int() }))
      .openapi({ description: "Purchase suggestions received in the range, by status (spec §3 order)" }),
  })
  .openapi("AquisicaoEstatisticas");

/** /api/aquisicao/estatisticas: what the library acquired in a period, and the suggestions it received (ADR 193). */
export function aquisicaoEstatisticasRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("/estatisticas", requireToken(deps));
  app.openapi(
    createRoute({
      method: "get",
      path: "/estatisticas",
      summary: "Acquisition statistics: titles and copies acquired by period and by mode, suggestions by status; both dates or neither",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, query: Query },
      responses: { 200: { description: "Statistics", content: { "application/json": { schema: Estatisticas } } }, ...errorResponses },
    }),
    async (c) => {
      const lang = c.get("lang");
      const q = c.req.valid("query");
      const errors: Record<string, string[]> = {};
      for (const k of ["dataIni", "dataFim"] as const) {
        const v = q[k];
        if (v !== undefined && v !== "" && !isDay(v)) errors[k] = [MESSAGES.data_invalida[lang]];
      }
      if (!errors.dataIni && !errors.dataFim) {
        if (q.dataIni && !q.dataFim) errors.dataFim = [MESSAGES.data_final_ausente[lang]];
        else if (q.dataFim && !q.dataIni) errors.dataIni = [MESSAGES.data_inicial_ausente[lang]];
        else if (q.dataIni && q.dataFim && q.dataIni > q.dataFim) errors.dataIni = [MESSAGES.inicio_depois_do_fim[lang]];
      }
      if (Object.keys(errors).length > 0) throw new ApiError(422, "validacao", { errors });
      const stats = await acquisitionStatistics(deps.db, {
        dataIni: q.dataIni || undefined,
        dataFim: q.dataFim || undefined,
        biblioteca: q.biblioteca,
      });
      return c.json(
        {
          ...stats,
          por_modalidade: stats.por_modalidade.map(({ modalidade, ...n }) => ({
            modalidade,
            descricao: ACQUISITION_MODE_WORDS[modalidade][lang],
            ...n,
          })),
          sugestoes: stats.sugestoes.map(({ situacao, total }) => ({ situacao, descricao: SUGGESTION_STATUS_WORDS[situacao][lang], total })),
        },
        200,
      );
    },
  );
  return app;
}
