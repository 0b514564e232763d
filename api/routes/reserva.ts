import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../lib/http.ts";

const Reserva = z.object({
  cod_reserva: z.number().int(),
  cod_acervo: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  biblioteca: z.string(),
  cod_biblioteca: z.number().int(),
  posicao: z.number().int(),
  situacao: z.string().openapi({ description: "ativa (waiting) | disponivel (ready to collect until data_liberacao)" }),
  data_reserva: z.string(),
  data_liberacao: z.string().nullable(),
  volume: z.string().nullable(),
  tomo: z.string().nullable(),
  parte: z.string().nullable(),
  material_adicional: z.string().nullable(),
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  summary: "The patron's active holds",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "Holds", content: { "application/json": { schema: z.array(Reserva).openapi("Reservas") } } }, ...patronErrorResponses },
});

/** /api/reserva: the logged-in patron's holds. */
export function reservaRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(listRoute, async (c) => {
    const rows = await deps.db
      .selectFrom("reserva as r")
      .innerJoin("acervo as a", "a.cod_acervo", "r.cod_acervo")
      .innerJoin("biblioteca as b", "b.cod_biblioteca", "r.cod_biblioteca")
      .select([
        "r.cod_reserva", "a.cod_acervo", "a.titulo", "a.autor", "b.desc_biblioteca as biblioteca", "b.cod_biblioteca", "r.posicao", "r.situacao",
        "r.data_reserva", "r.data_liberacao", "r.volume", "r.tomo", "r.parte", "r.material_adicional",
      ])
      .where("r.cod_pessoa", "=", patronOf(c))
      .where("r.situacao", "in", ["ativa", "disponivel"])
      .orderBy("r.data_reserva")
      .execute();
    return c.json(rows, 200);
  });
  return app;
}
