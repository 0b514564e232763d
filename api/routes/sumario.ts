import { createRoute, z } from "@hono/zod-openapi";
import { contentsEntries, titleMarc } from "../db/acervo.ts";
import { contentsFromMarc } from "../domain/contents.ts";
import { parseMarc } from "../domain/marc-view.ts";
import { ApiError } from "../lib/errors.ts";
import { createRouter, errorResponses, IdParams, LangHeader, notFoundResponse, requireToken, type ApiDeps } from "../lib/http.ts";

const Entry = z.object({ titulo: z.string(), autor: z.string().nullable(), pagina: z.string().nullable() });
const Dados = z
  .object({
    livro: z.array(Entry).openapi({ description: "The title's own table of contents: catalogued entries, else MARC 505" }),
    fasciculos: z
      .array(
        z.object({
          cod_fasciculo: z.number().int(),
          ano: z.number().int(),
          volume: z.string().nullable(),
          numero: z.string().nullable(),
          periodo: z.string().nullable(),
          itens: z.array(Entry),
        }),
      )
      .openapi({ description: "Tables of contents of the periodical's issues, newest first" }),
  })
  .openapi("SumarioDados");

/** /api/sumario/{id}/dados: tables of contents of a title (a book's, and its periodical issues'). */
export function sumarioRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  app.openapi(
    createRoute({
      method: "get",
      path: "/{id}/dados",
      summary: "Tables of contents of a title and of its issues",
      security: [{ bearer: [] }],
      request: {
        headers: LangHeader,
        params: IdParams,
      },
      responses: {
        200: { description: "The tables of contents", content: { "application/json": { schema: Dados } } },
        ...errorResponses,
        ...notFoundResponse("No such title"),
      },
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      const title = await titleMarc(db, id);
      if (!title) throw new ApiError(404, "nao_encontrado");
      // One query for every entry, of the book and of all its issues.
      const rows = await contentsEntries(db, id);
      const livro = rows.filter((r) => r.cod_fasciculo === null).map(({ titulo, autor, pagina }) => ({ titulo, autor, pagina }));
      const fasciculos = new Map<number, z.infer<typeof Dados>["fasciculos"][number]>();
      for (const r of rows) {
        if (r.cod_fasciculo === null) continue;
        let f = fasciculos.get(r.cod_fasciculo);
        if (!f)
          fasciculos.set(
            r.cod_fasciculo,
            (f = { cod_fasciculo: r.cod_fasciculo, ano: r.ano ?? 0, volume: r.volume, numero: r.numero, periodo: r.periodo, itens: [] }),
          );
        f.itens.push({ titulo: r.titulo, autor: r.autor, pagina: r.pagina });
      }
      return c.json({ livro: livro.length ? livro : contentsFromMarc(parseMarc(title.marc)), fasciculos: [...fasciculos.values()] }, 200);
    },
  );
  return app;
}
