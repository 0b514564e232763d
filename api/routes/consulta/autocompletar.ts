import { createRoute, z } from "@hono/zod-openapi";
import { AUTOCOMPLETE_KINDS, AUTOCOMPLETE_MAX, autocomplete, type AutocompleteKind } from "../../search/index.ts";
import { createRouter, errorResponses, LangHeader, requireToken, type ApiDeps } from "../../lib/http.ts";

import { AUTOCOMPLETE_MIN_CHARS, AUTOCOMPLETE_TEXT_MAX } from "../../../contract/autocomplete.ts";

/** The kinds each search field suggests: the free field all three, a field search its own. */
const KINDS_OF: Record<string, readonly AutocompleteKind[]> = {
  livre: AUTOCOMPLETE_KINDS,
  titulo: ["titulo"],
  autor: ["autor"],
  assunto: ["assunto"],
};

const Query = z.object({
  termo: z
    .string()
    .max(AUTOCOMPLETE_TEXT_MAX)
    .openapi({
      description: `What the patron typed so far; fewer than ${AUTOCOMPLETE_MIN_CHARS} letters or digits (folded) gives no suggestions`,
      example: "machado de",
    }),
  tipo: z
    .enum(["livre", "titulo", "assunto", "autor"])
    .default("livre")
    .openapi({ description: "The search field: livre suggests titles, authors and subjects; the others their own kind" }),
  qtd: z.coerce.number().int().min(1).max(AUTOCOMPLETE_MAX).default(8),
});

const Suggestions = z
  .object({
    sugestoes: z.array(
      z.object({
        tipo: z
          .enum(AUTOCOMPLETE_KINDS)
          .openapi({ description: "titulo, autor or assunto: the browse index the heading comes from (and the search field to search it in)" }),
        valor: z.string().openapi({ description: "The heading as catalogued" }),
        total: z.number().int().openapi({ description: "Titles with this heading" }),
      }),
    ),
  })
  .openapi("Autocompletar");

const route = createRoute({
  method: "get",
  path: "/autocompletar",
  summary: "Estante extension: search-box suggestions, titles, authors and subjects starting with the typed text",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: Query },
  responses: {
    200: { description: "Suggestions, kinds in turn, each kind's with most titles first", content: { "application/json": { schema: Suggestions } } },
    ...errorResponses,
  },
});

/** /api/consulta/autocompletar (an Estante extension; not in the spec's API). */
export function autocompletarRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(route, async (c) => {
    const q = c.req.valid("query");
    const sugestoes = await autocomplete(deps.db, q.termo, KINDS_OF[q.tipo], q.qtd);
    return c.json({ sugestoes }, 200, { "Cache-Control": "private, max-age=60" });
  });
  return app;
}
