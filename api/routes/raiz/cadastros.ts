import { createRoute, z } from "@hono/zod-openapi";
import { titlesMarc } from "../../db/acervo.ts";
import { institutionParameters } from "../../db/institution.ts";
import {
  getCampus,
  getCourse,
  getDiscipline,
  getLibrary,
  getProfessor,
  listCampuses,
  listCourses,
  listDisciplines,
  listLibraries,
  listProfessors,
  searchTargetProducts,
} from "../../db/directory.ts";
import { indexedIn } from "../../domain/indexing.ts";
import { ApiError } from "../../lib/errors.ts";
import {
  createRouter,
  ErrorSchema,
  errorResponses,
  LangHeader,
  parseJsonArray,
  parseJsonObject,
  requireToken,
  type ApiDeps,
} from "../../lib/http.ts";
import type { MarcRecord } from "../../marc/types.ts";

const Horario = z.object({
  dia: z.number().int().openapi({ description: "1 = Monday … 7 = Sunday" }),
  abertura: z.string().nullable(),
  fechamento: z.string().nullable(),
});
const Biblioteca = z
  .object({
    cod_biblioteca: z.number().int(),
    desc_biblioteca: z.string(),
    sigla: z.string(),
    cod_campus: z.number().int(),
    nome_campus: z.string(),
    email: z.string().nullable(),
    telefone: z.string().nullable(),
    endereco: z.string().nullable(),
    horarios: z.array(Horario),
  })
  .openapi("Biblioteca");
const Campus = z.object({ cod_campus: z.number().int(), nome_campus: z.string(), bibliotecas: z.number().int() }).openapi("CampusDiretorio");
const Curso = z
  .object({ codigo: z.number().int(), descricao: z.string(), cod_departamento: z.number().int(), departamento: z.string() })
  .openapi("Curso");
const Disciplina = z
  .object({ codigo: z.number().int(), sigla: z.string(), descricao: z.string(), cod_departamento: z.number().int(), departamento: z.string() })
  .openapi("Disciplina");
const Professor = z.object({ codigo: z.number().int(), descricao: z.string() }).openapi("Professor");
const pageOf = <T extends z.ZodTypeAny>(item: T, name: string) =>
  z.object({ total: z.number().int(), pagina: z.number().int(), qtd: z.number().int(), resultados: z.array(item) }).openapi(name);

const ListQuery = z.object({
  search_text: z.string().trim().max(100).optional().openapi({ description: "Part of the name (case-insensitive)" }),
  page: z.coerce.number().int().min(1).max(10000).default(1),
  codCampus: z.coerce.number().int().positive().optional().openapi({ description: "Only this campus (libraries, campuses)" }),
});
const CodeParam = z.object({
  code: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "code", in: "path" } }),
});
const notFound = { 404: { description: "No such record", content: { "application/json": { schema: ErrorSchema } } } };

const listRoute = <T extends z.ZodTypeAny>(path: string, summary: string, schema: T) =>
  createRoute({
    method: "get",
    path,
    summary,
    security: [{ bearer: [] }],
    request: { headers: LangHeader, query: ListQuery },
    responses: { 200: { description: summary, content: { "application/json": { schema } } }, ...errorResponses },
  });
const oneRoute = <T extends z.ZodTypeAny>(path: string, summary: string, schema: T) =>
  createRoute({
    method: "get",
    path,
    summary,
    security: [{ bearer: [] }],
    request: { headers: LangHeader, params: CodeParam },
    responses: { 200: { description: summary, content: { "application/json": { schema } } }, ...errorResponses, ...notFound },
  });

const found = <T>(row: T | undefined): T => {
  if (!row) throw new ApiError(404, "nao_encontrado");
  return row;
};
const count = <T extends { bibliotecas: unknown }>(r: T) => ({ ...r, bibliotecas: Number(r.bibliotecas) });
const library = <T extends { horarios: string }>(r: T) => ({ ...r, horarios: parseJsonArray<z.infer<typeof Horario>>(r.horarios) });

/** The default cover: a neutral book drawing, for titles without `link_capa` (spec §7 `imagem-padrao`). */
export const DEFAULT_COVER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 160" width="120" height="160"><rect width="120" height="160" rx="6" fill="#e8e6e1"/><rect x="14" y="14" width="92" height="132" rx="3" fill="none" stroke="#6b6760" stroke-width="3"/><path d="M38 58h44M38 72h44M38 86h28" stroke="#6b6760" stroke-width="4" stroke-linecap="round"/></svg>';

const ImagemPadrao = z
  .object({
    url: z.string().nullable().openapi({ description: "The institution's own default cover (`parametros.imagem_padrao`), when it has one" }),
    svg: z.string().openapi({ description: "The built-in default cover (SVG), always present" }),
  })
  .openapi("ImagemPadrao");

const AcervoIndexado = z
  .object({
    cod_acervo: z.number().int(),
    indexado_em: z.array(z.object({ nome: z.string(), cobertura: z.string().nullable(), url: z.string().nullable() })),
  })
  .openapi("AcervoIndexado");
const ProdutoTarget = z
  .object({ cod_produto: z.number().int(), codigo: z.string(), titulo: z.string(), ano: z.number().int().nullable() })
  .openapi("ProdutoTarget");

const ids = z
  .string()
  .regex(/^\d+(,\d+){0,99}$/)
  .transform((s) => [...new Set(s.split(",").map(Number))]);

/** Paths this module answers under /api (its token check is scoped to them). */
const PATHS = [
  "disciplinas",
  "cursos",
  "professores",
  "campus",
  "bibliotecas",
  "professor",
  "curso",
  "disciplina",
  "biblioteca",
  "imagem-padrao",
  "acervos-indexados",
  "produtos-target",
];

/**
 * The directory and lookups of spec §7 "Consulta" (ADR 180): campuses, libraries (with address and opening
 * hours), courses, disciplines and professors, one by code; the default cover; where titles are indexed; the
 * Target standards catalogue. Any token.
 */
export function cadastrosRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  for (const p of PATHS) {
    app.use(`/${p}`, requireToken(deps));
    app.use(`/${p}/*`, requireToken(deps));
  }

  app.openapi(
    listRoute(
      "/bibliotecas",
      "Libraries with campus, contacts and opening hours (search_text, page, codCampus)",
      pageOf(Biblioteca, "PaginaBibliotecas"),
    ),
    async (c) => {
      const page = await listLibraries(db, c.req.valid("query"));
      return c.json({ ...page, resultados: page.resultados.map(library) }, 200);
    },
  );
  app.openapi(listRoute("/campus", "Campuses, with how many libraries each has", pageOf(Campus, "PaginaCampus")), async (c) => {
    const page = await listCampuses(db, c.req.valid("query"));
    return c.json({ ...page, resultados: page.resultados.map(count) }, 200);
  });
  app.openapi(listRoute("/cursos", "Courses with their department", pageOf(Curso, "PaginaCursos")), async (c) =>
    c.json(await listCourses(db, c.req.valid("query")), 200),
  );
  app.openapi(listRoute("/disciplinas", "Disciplines with their department", pageOf(Disciplina, "PaginaDisciplinas")), async (c) =>
    c.json(await listDisciplines(db, c.req.valid("query")), 200),
  );
  app.openapi(listRoute("/professores", "Professors (code and name only)", pageOf(Professor, "PaginaProfessores")), async (c) =>
    c.json(await listProfessors(db, c.req.valid("query")), 200),
  );

  app.openapi(oneRoute("/biblioteca/{code}", "One library", Biblioteca), async (c) =>
    c.json(library(found(await getLibrary(db, c.req.valid("param").code))), 200),
  );
  app.openapi(oneRoute("/campus/{code}", "One campus", Campus), async (c) =>
    c.json(count(found(await getCampus(db, c.req.valid("param").code))), 200),
  );
  app.openapi(oneRoute("/curso/{code}", "One course", Curso), async (c) => c.json(found(await getCourse(db, c.req.valid("param").code)), 200));
  app.openapi(oneRoute("/disciplina/{code}", "One discipline", Disciplina), async (c) =>
    c.json(found(await getDiscipline(db, c.req.valid("param").code)), 200),
  );
  app.openapi(oneRoute("/professor/{code}", "One professor (code and name)", Professor), async (c) =>
    c.json(found(await getProfessor(db, c.req.valid("param").code)), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/imagem-padrao",
      summary: "The default cover for titles without one",
      security: [{ bearer: [] }],
      request: { headers: LangHeader },
      responses: { 200: { description: "The default cover", content: { "application/json": { schema: ImagemPadrao } } }, ...errorResponses },
    }),
    async (c) => {
      const url = parseJsonObject(await institutionParameters(db)).imagem_padrao;
      return c.json({ url: typeof url === "string" && /^https:\/\//.test(url) ? url : null, svg: DEFAULT_COVER_SVG }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/acervos-indexados",
      summary: "Where each title is indexed (MARC 510), for up to 100 titles; titles indexed nowhere are left out",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, query: z.object({ acervos: ids.openapi({ type: "string", example: "1,2,3" }) }) },
      responses: { 200: { description: "Indexed titles", content: { "application/json": { schema: z.array(AcervoIndexado) } } }, ...errorResponses },
    }),
    async (c) => {
      const { acervos } = c.req.valid("query");
      const rows = await titlesMarc(db, acervos);
      const byId = new Map(rows.map((r) => [r.cod_acervo, indexedIn(JSON.parse(r.marc) as MarcRecord)]));
      return c.json(
        acervos.flatMap((id) => (byId.get(id)?.length ? [{ cod_acervo: id, indexado_em: byId.get(id)! }] : [])),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/produtos-target",
      summary: "Standards of the Target catalogue (ABNT NBR …) whose code or title contains the term (first 50)",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, query: z.object({ termoPesquisa: z.string().trim().min(2).max(100) }) },
      responses: { 200: { description: "Standards", content: { "application/json": { schema: z.array(ProdutoTarget) } } }, ...errorResponses },
    }),
    async (c) => c.json(await searchTargetProducts(db, c.req.valid("query").termoPesquisa), 200),
  );
  return app;
}
