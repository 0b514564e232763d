import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "../db/index.ts";
import {
  hasIssues,
  issueContents,
  issueLibraries,
  issueOfTitle,
  issueRows,
  issueYears,
  type IssueFilter,
  type IssueRow,
} from "../db/periodical-issues.ts";
import { titleExists } from "../db/acervo.ts";
import { ApiError } from "../lib/errors.ts";
import { createRouter, ErrorSchema, errorResponses, LangHeader, requireToken, type ApiDeps } from "../lib/http.ts";

const Id = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 594 }),
});
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema } } },
  ...errorResponses,
  404: { description: "No such title or issue", content: { "application/json": { schema: ErrorSchema } } },
});
const get = <T extends z.ZodType, Q extends z.ZodObject<any>>(path: string, summary: string, schema: T, query: Q) =>
  createRoute({
    method: "get",
    path,
    summary,
    security: [{ bearer: [] }],
    request: { headers: LangHeader, params: Id, query },
    responses: json(schema, summary),
  });

const ISSUE_STATUSES = ["recebido", "atrasado", "encadernacao", "nao_publicado"] as const;
/** An issue as the kardex calls answer it. */
export const Fasciculo = z
  .object({
    cod_fasciculo: z.number().int(),
    biblioteca: z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() }),
    ano: z.number().int(),
    volume: z.string().nullable(),
    numero: z.string().nullable(),
    periodo: z.string().nullable(),
    data_publicacao: z.string().nullable(),
    data_chegada: z.string().nullable(),
    situacao: z.string().openapi({ description: "recebido | atrasado | encadernacao | nao_publicado" }),
    observacao: z.string().nullable(),
    possui_sumario: z.boolean(),
  })
  .openapi("Fasciculo");
const Item = Fasciculo.extend({
  sumario: z.array(z.object({ titulo: z.string(), autor: z.string().nullable(), pagina: z.string().nullable() })),
}).openapi("FasciculoItem");

const optionalInt = z.coerce.number().int().positive().optional();

/** An issue as the kardex answers it: its library as an object, whether it has contents as a boolean. */
const shape = ({ cod_biblioteca, desc_biblioteca, possui_sumario, ...f }: IssueRow) => ({
  ...f,
  biblioteca: { cod_biblioteca, desc_biblioteca },
  possui_sumario: Boolean(Number(possui_sumario)),
});

/**
 * A title's issues as `GET /kardex/{id}/data` answers them, newest first; optionally of one library, year or status,
 * at most `limit`, and by arrival day (the title page embeds the latest received ones, ADR 196).
 */
export async function listIssues(db: Db, id: number, f: IssueFilter = {}) {
  return (await issueRows(db, id, f)).map(shape);
}

/** /api/kardex/{id}/...: the issues (fascículos) of a periodical title, as its kardex records them. */
export function kardexRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  const ensureTitle = async (id: number) => {
    if (!(await titleExists(db, id))) throw new ApiError(404, "nao_encontrado");
  };
  app.openapi(
    get(
      "/{id}/permissao",
      "Whether the title has a kardex (periodical issues) to show",
      z.object({ permitido: z.boolean() }).openapi("KardexPermissao"),
      z.object({}),
    ),
    async (c) => {
      const id = c.req.valid("param").id;
      await ensureTitle(id);
      return c.json({ permitido: await hasIssues(db, id) }, 200);
    },
  );

  app.openapi(
    get(
      "/{id}/combobox-data",
      "Libraries holding issues and the years with issues (newest first), for the kardex filters",
      z
        .object({
          bibliotecas: z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() })),
          anos: z.array(z.number().int()),
        })
        .openapi("KardexCombos"),
      z.object({}),
    ),
    async (c) => {
      const id = c.req.valid("param").id;
      await ensureTitle(id);
      const [bibliotecas, anos] = await Promise.all([issueLibraries(db, id), issueYears(db, id)]);
      return c.json({ bibliotecas, anos }, 200);
    },
  );

  app.openapi(
    get(
      "/{id}/data",
      "The issues of a title, optionally of one library (codBib), year and status (situacao); newest first. codPeriod and codPar are accepted for compatibility.",
      z.array(Fasciculo).openapi("KardexData"),
      z.object({
        codBib: optionalInt,
        year: optionalInt,
        situacao: z.enum(ISSUE_STATUSES).optional(),
        codPeriod: z.string().optional(),
        codPar: z.string().optional(),
      }),
    ),
    async (c) => {
      const id = c.req.valid("param").id;
      const { codBib, year, situacao } = c.req.valid("query");
      await ensureTitle(id);
      return c.json(await listIssues(db, id, { codBib, year, situacao }), 200);
    },
  );

  app.openapi(
    get(
      "/{id}/item",
      "One issue (seqPar = cod_fasciculo) with its table of contents",
      Item,
      z.object({ seqPar: z.coerce.number().int().positive(), seqSec: z.string().optional(), codPar: z.string().optional() }),
    ),
    async (c) => {
      const id = c.req.valid("param").id;
      const { seqPar } = c.req.valid("query");
      const row = await issueOfTitle(db, id, seqPar);
      if (!row) throw new ApiError(404, "nao_encontrado");
      const sumario = await issueContents(db, seqPar);
      return c.json({ ...shape(row), sumario }, 200);
    },
  );
  return app;
}
