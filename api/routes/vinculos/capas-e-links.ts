import { createRoute, z } from "@hono/zod-openapi";
import { IMAGE_SCHEMES, linkHref } from "../../../contract/link-url.ts";
import { institutionParameters } from "../../db/institution.ts";
import { titleExists } from "../../db/acervo.ts";
import { linksOfTitles, recordAccessStatistic, titleCover, titleLink } from "../../db/vinculos.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, ErrorSchema, errorResponses, LangHeader, parseJsonObject, requireToken, type ApiDeps } from "../../lib/http.ts";

const ids = z
  .string()
  .regex(/^\d+(,\d+){0,99}$/)
  .transform((s) => [...new Set(s.split(",").map(Number))]);
const Link = z.object({
  cod_link: z.number().int(),
  url: z.string(),
  descricao: z.string().nullable(),
  restrito: z.boolean(),
  acessibilidade: z.boolean(),
});
const notFound = { 404: { description: "No such record", content: { "application/json": { schema: ErrorSchema } } } };

/** Where an access statistic comes from. */
export const ACCESS_ORIGINS = ["resultado", "titulo", "link", "capa"] as const;

/**
 * The rest of spec §7 "Vinculos" (ADR 180): a title's cover, the online links of a results page and access
 * statistics (whose failure the portal ignores). Any token.
 */
export function capasELinksRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  app.openapi(
    createRoute({
      method: "get",
      path: "/imagem",
      summary: "A title's cover: its own, else the institution's default (`padrao: true`, url null means the built-in one of GET /api/imagem-padrao)",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, query: z.object({ cod_acervo: z.coerce.number().int().positive() }) },
      responses: {
        200: {
          description: "Cover",
          content: {
            "application/json": {
              schema: z.object({ cod_acervo: z.number().int(), url: z.string().nullable(), padrao: z.boolean() }).openapi("Imagem"),
            },
          },
        },
        ...errorResponses,
        ...notFound,
      },
    }),
    async (c) => {
      const { cod_acervo } = c.req.valid("query");
      const t = await titleCover(db, cod_acervo);
      if (!t) throw new ApiError(404, "nao_encontrado");
      const own = linkHref(t.link_capa, IMAGE_SCHEMES);
      if (own) return c.json({ cod_acervo, url: own, padrao: false }, 200);
      const standard = parseJsonObject(await institutionParameters(db)).imagem_padrao;
      return c.json({ cod_acervo, url: typeof standard === "string" && standard.startsWith("https://") ? standard : null, padrao: true }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/links-resultado",
      summary: "The online links of up to 100 titles of a results page (titles without links left out)",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, query: z.object({ acervos: ids.openapi({ type: "string", example: "1,2,3" }) }) },
      responses: {
        200: {
          description: "Links by title",
          content: {
            "application/json": { schema: z.array(z.object({ cod_acervo: z.number().int(), links: z.array(Link) })).openapi("LinksResultado") },
          },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { acervos } = c.req.valid("query");
      const rows = await linksOfTitles(db, acervos);
      const by = new Map<number, z.infer<typeof Link>[]>();
      for (const r of rows)
        by.set(r.cod_acervo, [
          ...(by.get(r.cod_acervo) ?? []),
          { cod_link: r.cod_link, url: r.url, descricao: r.descricao, restrito: r.restrito === 1, acessibilidade: r.acessibilidade === 1 },
        ]);
      return c.json(
        acervos.flatMap((id) => (by.has(id) ? [{ cod_acervo: id, links: by.get(id)! }] : [])),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/estatistica-acesso",
      summary: "Counts an access to a title or one of its links (any token; the portal ignores a failure, spec §7)",
      security: [{ bearer: [] }],
      request: {
        headers: LangHeader,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z
                .object({
                  cod_acervo: z.coerce.number().int().positive(),
                  cod_link: z.coerce.number().int().positive().nullish(),
                  origem: z.enum(ACCESS_ORIGINS),
                })
                .openapi("EstatisticaAcesso"),
            },
          },
        },
      },
      responses: {
        202: { description: "Counted", content: { "application/json": { schema: z.object({ registrado: z.literal(true) }) } } },
        ...errorResponses,
        ...notFound,
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      if (!(await titleExists(db, body.cod_acervo))) throw new ApiError(404, "nao_encontrado");
      let codLink: number | null = null;
      if (body.cod_link) {
        const l = await titleLink(db, body.cod_acervo, body.cod_link);
        if (!l) throw new ApiError(404, "nao_encontrado");
        codLink = l.cod_link;
      }
      await recordAccessStatistic(db, {
        cod_acervo: body.cod_acervo,
        cod_link: codLink,
        origem: body.origem,
        cod_pessoa: c.get("owner")?.codPessoa ?? null,
      });
      return c.json({ registrado: true as const }, 202);
    },
  );

  return app;
}
