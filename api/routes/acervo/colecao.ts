import { createRoute, z } from "@hono/zod-openapi";
import { collectionTotals, titleKind, titleLibraries, titleLinks } from "../../db/acervo.ts";
import { institutionParameters } from "../../db/institution.ts";
import { listArmazem, saveToArmazem } from "../../domain/armazem.ts";
import { ApiError } from "../../lib/errors.ts";
import {
  createRouter,
  errorResponses,
  IdParams,
  LangHeader,
  notFoundResponse,
  parseJsonObject,
  patronErrorResponses,
  patronOf,
  requireToken,
  type ApiDeps,
} from "../../lib/http.ts";
import { msg } from "../../lib/messages.ts";
import { BASE_NAMES } from "./messages.ts";
import { EXTERNAL_BASES } from "../../../contract/external-bases.ts";

const notFound = notFoundResponse("No such title");
const ok = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ 200: { description, content: { "application/json": { schema } } } });

const Link = z
  .object({ cod_link: z.number().int(), url: z.string(), descricao: z.string().nullable(), restrito: z.boolean(), acessibilidade: z.boolean() })
  .openapi("AcervoLink");
const Cor = z
  .object({ cod_acervo: z.number().int(), cod_tipo_obra: z.number().int(), cor: z.string().openapi({ description: "#rrggbb" }) })
  .openapi("AcervoCor");
const BibliotecaAcervo = z
  .object({
    cod_biblioteca: z.number().int(),
    desc_biblioteca: z.string(),
    sigla: z.string(),
    nome_campus: z.string(),
    exemplares: z.number().int(),
    disponiveis: z.number().int(),
  })
  .openapi("AcervoBiblioteca");
const Totais = z
  .object({
    titulos: z.number().int(),
    exemplares: z.number().int(),
    por_tipo_obra: z.array(
      z.object({ cod_tipo_obra: z.number().int(), descricao: z.string(), titulos: z.number().int(), exemplares: z.number().int() }),
    ),
  })
  .openapi("AcervoTotais");
const Date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Armazem = z
  .object({
    cod_armazem: z.number().int(),
    biblioteca: z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() }),
    acervos: z.array(z.object({ cod_acervo: z.number().int(), titulo: z.string() })),
    created_at: z.string(),
  })
  .openapi("Armazem");
const BaseDados = z.object({ base: z.enum(EXTERNAL_BASES), descricao: z.string() }).openapi("BaseDados");

/** Colours by work type when the institution sets none (`parametros.cores_tipo_obra`). */
const PALETTE = ["#1f5f8b", "#7a3e9d", "#2e7d32", "#b35900", "#8b1f3f", "#00695c", "#5d4037", "#37474f"];

/**
 * The rest of spec §7 "Acervo" (ADR 180), mounted before the title routes (so `totais` is not an id): a title's
 * links, colour and holding libraries; collection totals; the lists handed to a library (`dados-armazem`,
 * `gravar-armazem`); the external databases the patron may use.
 */
export function colecaoRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  for (const p of [
    "/totais",
    "/dados-armazem",
    "/gravar-armazem",
    "/meu-pergamum/bases-dados",
    "/:id{[0-9]+}/links",
    "/:id{[0-9]+}/cor",
    "/:id{[0-9]+}/bibliotecas",
  ])
    app.use(p, requireToken(deps));

  const exists = async (id: number) => {
    const row = await titleKind(db, id);
    if (!row) throw new ApiError(404, "nao_encontrado");
    return row;
  };

  app.openapi(
    createRoute({
      method: "get",
      path: "/{id}/links",
      summary: "A title's online links",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, params: IdParams },
      responses: { ...ok(z.array(Link), "Links"), ...errorResponses, ...notFound },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await exists(id);
      const rows = await titleLinks(db, id);
      return c.json(
        rows.map((l) => ({ ...l, restrito: l.restrito === 1, acessibilidade: l.acessibilidade === 1 })),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/{id}/cor",
      summary: "The colour that marks the title's work type (labels, result badges)",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, params: IdParams },
      responses: { ...ok(Cor, "Colour"), ...errorResponses, ...notFound },
    }),
    async (c) => {
      const t = await exists(c.req.valid("param").id);
      const set = parseJsonObject(await institutionParameters(db)).cores_tipo_obra as Record<string, unknown> | undefined;
      const own = set?.[String(t.cod_tipo_obra)];
      const cor = typeof own === "string" && /^#[0-9a-f]{6}$/i.test(own) ? own : PALETTE[(t.cod_tipo_obra - 1 + PALETTE.length) % PALETTE.length];
      return c.json({ cod_acervo: t.cod_acervo, cod_tipo_obra: t.cod_tipo_obra, cor }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/{id}/bibliotecas",
      summary: "The libraries that hold copies of the title, with counts",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, params: IdParams },
      responses: { ...ok(z.array(BibliotecaAcervo), "Libraries"), ...errorResponses, ...notFound },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await exists(id);
      const rows = await titleLibraries(db, id);
      return c.json(
        rows.map((r) => ({ ...r, exemplares: Number(r.exemplares), disponiveis: Number(r.disponiveis) })),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/totais",
      summary: "Collection totals: titles and copies by work type, of titles added between the dates, in one library or all",
      security: [{ bearer: [] }],
      request: {
        headers: LangHeader,
        query: z.object({ dataIni: Date.optional(), dataFim: Date.optional(), biblioteca: z.coerce.number().int().positive().optional() }),
      },
      responses: { ...ok(Totais, "Totals"), ...errorResponses },
    }),
    async (c) => {
      const { dataIni, dataFim, biblioteca } = c.req.valid("query");
      if (dataIni && dataFim && dataIni > dataFim) {
        throw new ApiError(422, "validacao", { errors: { dataIni: [msg(c.get("lang"), "valor_invalido")] } });
      }
      const rows = await collectionTotals(db, { dataIni, dataFim, biblioteca });
      const por = rows.map((r) => ({ ...r, titulos: Number(r.titulos), exemplares: Number(r.exemplares) }));
      return c.json(
        { titulos: por.reduce((s, r) => s + r.titulos, 0), exemplares: por.reduce((s, r) => s + r.exemplares, 0), por_tipo_obra: por },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/dados-armazem",
      summary: "The title lists the patron handed to libraries (newest first)",
      security: [{ bearer: [] }],
      request: { headers: LangHeader },
      responses: { ...ok(z.array(Armazem), "Lists"), ...patronErrorResponses },
    }),
    async (c) => c.json(await listArmazem(db, patronOf(c)), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/gravar-armazem",
      summary: "Hands the patron's basket to a library as a list (unknown titles skipped)",
      security: [{ bearer: [] }],
      request: {
        headers: LangHeader,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z
                .object({ cesta: z.array(z.coerce.number().int().positive()).min(1).max(200), cod_biblioteca: z.coerce.number().int().positive() })
                .openapi("GravarArmazem"),
            },
          },
        },
      },
      responses: {
        201: {
          description: "Stored",
          content: { "application/json": { schema: z.object({ cod_armazem: z.number().int(), itens: z.number().int() }) } },
        },
        ...patronErrorResponses,
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const out = await saveToArmazem(db, patronOf(c), body.cod_biblioteca, body.cesta);
      if (!out.ok) {
        throw new ApiError(422, "validacao", { errors: { [out.field]: [msg(c.get("lang"), "valor_invalido")] } });
      }
      return c.json({ cod_armazem: out.cod_armazem, itens: out.itens }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/meu-pergamum/bases-dados",
      summary: "The external databases the patron may use; each opens through GET /api/vinculos/target/{base}",
      security: [{ bearer: [] }],
      request: { headers: LangHeader },
      responses: { ...ok(z.array(BaseDados), "Databases"), ...patronErrorResponses },
    }),
    async (c) => {
      patronOf(c);
      const configured = parseJsonObject(await institutionParameters(db)).bases_dados;
      const bases = Array.isArray(configured) ? EXTERNAL_BASES.filter((b) => configured.includes(b)) : [...EXTERNAL_BASES];
      return c.json(
        bases.map((base) => ({ base, descricao: BASE_NAMES[base] })).sort((a, b) => a.descricao.localeCompare(b.descricao, "pt")),
        200,
      );
    },
  );
  return app;
}
