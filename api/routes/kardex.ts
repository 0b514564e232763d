import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "../db/index.ts";
import { prepared, type PreparedQuery } from "../db/prepared.ts";
import { ApiError } from "../lib/errors.ts";
import { createRouter, ErrorSchema, errorResponses, LangHeader, requireToken, type ApiDeps } from "../lib/http.ts";

const Id = z.object({ id: z.coerce.number().int().positive().openapi({ param: { name: "id", in: "path" }, example: 594 }) });
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema } } },
  ...errorResponses,
  404: { description: "No such title or issue", content: { "application/json": { schema: ErrorSchema } } },
});
const get = <T extends z.ZodType, Q extends z.ZodObject<any>>(path: string, summary: string, schema: T, query: Q) =>
  createRoute({ method: "get", path, summary, security: [{ bearer: [] }], request: { headers: LangHeader, params: Id, query }, responses: json(schema, summary) });

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

/** /api/kardex/{id}/...: the issues (fascículos) of a periodical title, as its kardex records them. */
const issuesQuery = (db: Db) =>
  db
    .selectFrom("fasciculo as f")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "f.cod_biblioteca")
    .select([
      "f.cod_fasciculo", "f.cod_biblioteca", "b.desc_biblioteca", "f.ano", "f.volume", "f.numero", "f.periodo", "f.data_publicacao",
      "f.data_chegada", "f.situacao", "f.observacao",
    ])
    .select((eb) => eb.exists(eb.selectFrom("sumario as s").select("s.cod_sumario").whereRef("s.cod_fasciculo", "=", "f.cod_fasciculo")).as("possui_sumario"));
type IssueRow = Awaited<ReturnType<ReturnType<typeof issuesQuery>["execute"]>>[number];
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
  // One prepared query per combination of filters given (ADR 210): the title page's is always the same one.
  const has = { codBib: Boolean(f.codBib), year: Boolean(f.year), situacao: Boolean(f.situacao), limit: Boolean(f.limit), byArrival: Boolean(f.byArrival) };
  const key = JSON.stringify(has);
  let q = ISSUES.get(key);
  if (!q) {
    q = prepared((db, p: { id: number; codBib: number; year: number; situacao: string; limit: number }) => {
      let b = issuesQuery(db).where("f.cod_acervo", "=", p.id);
      if (has.codBib) b = b.where("f.cod_biblioteca", "=", p.codBib);
      if (has.year) b = b.where("f.ano", "=", p.year);
      if (has.situacao) b = b.where("f.situacao", "=", p.situacao);
      // The latest received are the latest to arrive (a late issue arriving today comes first).
      b = has.byArrival ? b.orderBy("f.data_chegada", "desc") : b.orderBy("f.ano", "desc").orderBy("f.data_publicacao", "desc");
      b = b.orderBy("f.cod_fasciculo", "desc");
      return has.limit ? b.limit(p.limit) : b;
    });
    ISSUES.set(key, q);
  }
  return (await q.all(db, { id, codBib: f.codBib ?? 0, year: f.year ?? 0, situacao: f.situacao ?? "", limit: f.limit ?? 0 })).map(shape);
}
type IssueFilter = { codBib?: number; year?: number; situacao?: string; limit?: number; byArrival?: boolean };
const ISSUES = new Map<string, PreparedQuery<{ id: number; codBib: number; year: number; situacao: string; limit: number }, IssueRow>>();

export function kardexRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  const ensureTitle = async (id: number) => {
    const t = await db.selectFrom("acervo").select("cod_acervo").where("cod_acervo", "=", id).executeTakeFirst();
    if (!t) throw new ApiError(404, "nao_encontrado");
  };
  app.openapi(get("/{id}/permissao", "Whether the title has a kardex (periodical issues) to show", z.object({ permitido: z.boolean() }).openapi("KardexPermissao"), z.object({})), async (c) => {
    const id = c.req.valid("param").id;
    await ensureTitle(id);
    const one = await db.selectFrom("fasciculo").select("cod_fasciculo").where("cod_acervo", "=", id).limit(1).executeTakeFirst();
    return c.json({ permitido: !!one }, 200);
  });

  app.openapi(
    get(
      "/{id}/combobox-data",
      "Libraries holding issues and the years with issues (newest first), for the kardex filters",
      z.object({ bibliotecas: z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() })), anos: z.array(z.number().int()) }).openapi("KardexCombos"),
      z.object({}),
    ),
    async (c) => {
      const id = c.req.valid("param").id;
      await ensureTitle(id);
      const [bibliotecas, anos] = await Promise.all([
        db
          .selectFrom("fasciculo as f")
          .innerJoin("biblioteca as b", "b.cod_biblioteca", "f.cod_biblioteca")
          .select(["b.cod_biblioteca", "b.desc_biblioteca"])
          .distinct()
          .where("f.cod_acervo", "=", id)
          .orderBy("b.cod_biblioteca")
          .execute(),
        db.selectFrom("fasciculo").select("ano").distinct().where("cod_acervo", "=", id).orderBy("ano", "desc").execute(),
      ]);
      return c.json({ bibliotecas, anos: anos.map((a) => a.ano) }, 200);
    },
  );

  app.openapi(
    get(
      "/{id}/data",
      "The issues of a title, optionally of one library (codBib), year and status (situacao); newest first. codPeriod and codPar are accepted for compatibility.",
      z.array(Fasciculo).openapi("KardexData"),
      z.object({ codBib: optionalInt, year: optionalInt, situacao: z.enum(ISSUE_STATUSES).optional(), codPeriod: z.string().optional(), codPar: z.string().optional() }),
    ),
    async (c) => {
      const id = c.req.valid("param").id;
      const { codBib, year, situacao } = c.req.valid("query");
      await ensureTitle(id);
      return c.json(await listIssues(db, id, { codBib, year, situacao }), 200);
    },
  );

  app.openapi(
    get("/{id}/item", "One issue (seqPar = cod_fasciculo) with its table of contents", Item, z.object({ seqPar: z.coerce.number().int().positive(), seqSec: z.string().optional(), codPar: z.string().optional() })),
    async (c) => {
      const id = c.req.valid("param").id;
      const { seqPar } = c.req.valid("query");
      const row = await issuesQuery(db).where("f.cod_acervo", "=", id).where("f.cod_fasciculo", "=", seqPar).executeTakeFirst();
      if (!row) throw new ApiError(404, "nao_encontrado");
      const sumario = await db.selectFrom("sumario").select(["titulo", "autor", "pagina"]).where("cod_fasciculo", "=", seqPar).orderBy("ordem").execute();
      return c.json({ ...shape(row), sumario }, 200);
    },
  );
  return app;
}
