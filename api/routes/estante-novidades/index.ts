import { createRoute, z } from "@hono/zod-openapi";
import { NEW_ARRIVALS_DEFAULT, NEW_ARRIVALS_MAX } from "../../../contract/new-arrivals.ts";
import { libraryExists, newArrivals } from "../../db/new-arrivals.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, errorResponses, LangHeader, requireToken, type ApiDeps } from "../../lib/http.ts";
import { UNKNOWN_LIBRARY } from "./messages.ts";

const Query = z.object({
  biblioteca: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .openapi({ description: "Only titles whose first copy in this library (cod_biblioteca) is recent", type: "integer" }),
  qtd: z.coerce
    .number()
    .int()
    .min(1)
    .max(NEW_ARRIVALS_MAX)
    .default(NEW_ARRIVALS_DEFAULT)
    .openapi({ description: `Titles to answer, 1–${NEW_ARRIVALS_MAX}`, type: "integer" }),
});

const Novidades = z
  .object({
    resultados: z.array(
      z.object({
        cod_acervo: z.number().int(),
        titulo: z.string(),
        subtitulo: z.string().nullable(),
        autor: z.string().nullable(),
        ano_publicacao: z.number().int().nullable(),
        link_capa: z.string().nullable(),
        idioma: z.string().nullable().openapi({ description: "MARC language code of the record (the `lang` of its title)" }),
        chegada: z.string().openapi({
          description:
            "YYYY-MM-DD: the day the title's first copy (in the library asked for) was acquired; the title's cataloguing day when the copy has no acquisition day",
          format: "date",
        }),
      }),
    ),
  })
  .openapi("Novidades");

/**
 * /api/estante/novidades (issue 28, ADR 255): the catalogue's new arrivals, the titles whose first copy came in
 * last, newest first; the spec's §7 has no call for them. Read only.
 */
export function estanteNovidadesRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(
    createRoute({
      method: "get",
      path: "/",
      summary: "Estante extension: new arrivals, the titles whose first copy was acquired last (optionally in one library), newest first",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, query: Query },
      responses: { 200: { description: "Titles, newest first", content: { "application/json": { schema: Novidades } } }, ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid("query");
      if (q.biblioteca && !(await libraryExists(deps.db, q.biblioteca))) {
        throw new ApiError(422, "validacao", { errors: { biblioteca: [UNKNOWN_LIBRARY[c.get("lang")]] } });
      }
      const resultados = await newArrivals(deps.db, { biblioteca: q.biblioteca, limit: q.qtd });
      return c.json({ resultados }, 200, { "Cache-Control": "private, max-age=300" });
    },
  );
  return app;
}
