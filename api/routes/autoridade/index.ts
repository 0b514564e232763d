import { createRoute, z } from "@hono/zod-openapi";
import { authoritiesByHeading, authorityById, linkedTitles, linkedTitlesCount, searchAuthorities } from "../../db/authorities.ts";
import { marcView, parseMarc } from "../../domain/marc-view.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, ErrorSchema, errorResponses, LangHeader, parseJsonArray, requireToken, type ApiDeps } from "../../lib/http.ts";
import { msg } from "../../lib/messages.ts";
import { normalizeHeading } from "../../marc/map.ts";
import { AUTHORITY_TYPES } from "./messages.ts";

/** How many linked titles the authority answer lists (the rest are reached through a search). */
export const LINKED_TITLES_SHOWN = 20;

const Id = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 2 }),
});
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema } } },
  ...errorResponses,
  404: { description: "No such authority", content: { "application/json": { schema: ErrorSchema } } },
});

const Combo = z.array(z.object({ codigo: z.number().int(), descricao: z.string() })).openapi("AutoridadeCombo");
const Autoridade = z
  .object({
    cod_autoridade: z.number().int(),
    tipo: z.number().int(),
    desc_tipo: z.string(),
    cabecalho: z.string(),
    ver: z.array(z.string()).openapi({ description: "4XX see-from headings (not used: search by the heading)" }),
    ver_tambem: z.array(z.object({ cabecalho: z.string(), cod_autoridade: z.number().int().nullable() })).openapi({
      description: "5XX see-also headings; cod_autoridade when the heading is an authority of the catalogue",
    }),
    notas: z.array(z.string()),
    total_acervos: z.number().int(),
    acervos: z.array(
      z.object({ cod_acervo: z.number().int(), titulo: z.string(), autor: z.string().nullable(), ano_publicacao: z.number().int().nullable() }),
    ),
  })
  .openapi("Autoridade");
const Marc = z
  .object({
    leader: z.string(),
    campos: z.array(
      z.union([
        z.object({ tag: z.string(), valor: z.string() }),
        z.object({ tag: z.string(), ind1: z.string(), ind2: z.string(), subcampos: z.array(z.object({ codigo: z.string(), valor: z.string() })) }),
      ]),
    ),
  })
  .openapi("AutoridadeMarc");

/** Shortest authority search term (characters after trimming). */
export const MIN_AUTHORITY_TERM = 2;

/** The folded words of an authority search (as `cabecalho_normalizado` stores them); empty when too short. */
export function authorityWords(termo: string): string[] {
  const folded = normalizeHeading(termo);
  return folded.length < MIN_AUTHORITY_TERM ? [] : folded.split(" ").filter(Boolean).slice(0, 8);
}

/** True when every word starts a word of the folded text. */
function matchesWords(folded: string, words: string[]): boolean {
  const have = folded.split(" ");
  return words.every((w) => have.some((h) => h.startsWith(w)));
}

const SearchQuery = z.object({
  termo: z
    .string()
    .optional()
    .openapi({ description: `Words of the heading or of a see-from reference (at least ${MIN_AUTHORITY_TERM} characters)`, example: "brasil" }),
  tipo: z.coerce.number().int().min(1).max(9).optional().openapi({ description: "Authority type (GET /autoridade/combo)" }),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1),
  qtd: z.coerce.number().int().min(1).max(100).default(20),
});
const SearchResult = z
  .object({
    total: z.number().int(),
    pagina: z.number().int(),
    qtd: z.number().int(),
    resultados: z.array(
      z.object({
        cod_autoridade: z.number().int(),
        tipo: z.number().int(),
        desc_tipo: z.string(),
        cabecalho: z.string(),
        remissiva: z.string().nullable().openapi({ description: "The see-from reference that matched, when the heading itself did not" }),
        total_acervos: z.number().int().openapi({ description: "Titles linked to the authority" }),
      }),
    ),
  })
  .openapi("AutoridadeBusca");

/** /api/autoridade: authority records (spec §7 "Authority"). */
export function autoridadeRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  app.openapi(
    createRoute({
      method: "get",
      path: "/",
      summary: "Search authority headings and their see-from references (accent- and case-insensitive, word prefixes)",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, query: SearchQuery },
      responses: { 200: { description: "One page of authorities", content: { "application/json": { schema: SearchResult } } }, ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const lang = c.get("lang");
      const words = authorityWords(q.termo ?? "");
      if (words.length === 0) {
        const key = q.termo?.trim() ? "termo_curto" : "campo_obrigatorio";
        throw new ApiError(422, "validacao", { errors: { termo: [msg(lang, key, { min: MIN_AUTHORITY_TERM })] } });
      }
      const { total, rows } = await searchAuthorities(db, words, { tipo: q.tipo, qtd: q.qtd, pagina: q.pagina });
      const resultados = rows.map((r) => ({
        cod_autoridade: r.cod_autoridade,
        tipo: r.tipo,
        desc_tipo: AUTHORITY_TYPES[r.tipo]?.[lang] ?? String(r.tipo),
        cabecalho: r.cabecalho,
        // Found by a see-from reference: say which, so the patron sees why "X" led to heading "Y".
        remissiva: Number(r.no_cabecalho) ? null : (parseJsonArray<string>(r.ver).find((v) => matchesWords(normalizeHeading(v), words)) ?? null),
        total_acervos: Number(r.total_acervos),
      }));
      return c.json({ total, pagina: q.pagina, qtd: q.qtd, resultados }, 200);
    },
  );

  // Registered before "/{id}" so "combo" is not read as an id.
  app.openapi(
    createRoute({
      method: "get",
      path: "/combo",
      summary: "The nine authority types",
      security: [{ bearer: [] }],
      request: { headers: LangHeader },
      responses: json(Combo, "Authority types"),
    }),
    (c) =>
      c.json(
        Object.entries(AUTHORITY_TYPES).map(([codigo, d]) => ({ codigo: Number(codigo), descricao: d[c.get("lang")] })),
        200,
      ),
  );

  const load = async (id: number) => {
    const row = await authorityById(db, id);
    if (!row) throw new ApiError(404, "nao_encontrado");
    return row;
  };

  app.openapi(
    createRoute({
      method: "get",
      path: "/{id}",
      summary: "An authority: heading, type, see and see-also references, linked titles",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, params: Id },
      responses: json(Autoridade, "The authority"),
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      const a = await load(id);
      const seeAlso = parseJsonArray<string>(a.ver_tambem);
      const keys = seeAlso.map(normalizeHeading);
      const [targets, total, acervos] = await Promise.all([
        // One query resolves every see-also heading (the first authority with that heading wins).
        authoritiesByHeading(db, keys),
        linkedTitlesCount(db, id),
        linkedTitles(db, id, LINKED_TITLES_SHOWN),
      ]);
      const byKey = new Map(targets.map((r) => [r.cabecalho_normalizado, Number(r.cod)]));
      return c.json(
        {
          cod_autoridade: a.cod_autoridade,
          tipo: a.tipo,
          desc_tipo: AUTHORITY_TYPES[a.tipo]?.[c.get("lang")] ?? String(a.tipo),
          cabecalho: a.cabecalho,
          ver: parseJsonArray<string>(a.ver),
          ver_tambem: seeAlso.map((cabecalho, i) => ({ cabecalho, cod_autoridade: byKey.get(keys[i]) ?? null })),
          notas: parseJsonArray<string>(a.notas),
          total_acervos: total,
          acervos,
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/{id}/marc",
      summary: "The authority's MARC record",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, params: Id },
      responses: json(Marc, "The MARC record"),
    }),
    async (c) => {
      const a = await load(c.req.valid("param").id);
      return c.json(marcView(parseMarc(a.marc), true), 200);
    },
  );
  return app;
}
