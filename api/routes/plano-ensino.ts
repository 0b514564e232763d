import { createRoute, z } from "@hono/zod-openapi";
import { planOptions, plansWithBibliography } from "../db/teaching-plans.ts";
import { ApiError } from "../lib/errors.ts";
import { createRouter, errorResponses, LangHeader, patronOf, requireToken, type ApiDeps } from "../lib/http.ts";
import { msg } from "../lib/messages.ts";

/** Teaching plans answered per search at most (the form narrows further). */
export const PLANS_MAX = 50;

/** The search fields of the teaching-plan form; at least one is required (spec §5). */
export const PLAN_FIELDS = ["departamento", "ano", "semestre", "periodo", "disciplina", "biblioteca"] as const;

const id = (description: string) =>
  z
    .union([z.literal(""), z.coerce.number().int().min(1).max(9_999_999)])
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .openapi({ description, type: "integer" });

const Query = z.object({
  departamento: id("Department code"),
  ano: id("Year of the plan"),
  semestre: id("Semester (1 or 2)"),
  periodo: id("Period of the course in which the discipline is taught"),
  disciplina: id("Discipline code"),
  biblioteca: id("Library code"),
  professor: z.literal("eu").optional().openapi({ description: "eu: only the signed-in professor's plans (patron token; counts as a chosen field)" }),
});

const Named = z.object({ codigo: z.number().int(), descricao: z.string() });
const Options = z
  .object({
    departamentos: z.array(Named),
    disciplinas: z.array(Named.extend({ cod_departamento: z.number().int() })),
    bibliotecas: z.array(Named),
    anos: z.array(z.number().int()),
    semestres: z.array(z.number().int()),
    periodos: z.array(z.number().int()),
  })
  .openapi("PlanoEnsinoOpcoes");

const Title = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  ano_publicacao: z.number().int().nullable(),
  exemplares: z.number().int(),
  disponiveis: z.number().int(),
  emprestados: z.number().int().openapi({ description: "Copies on loan now" }),
  emprestimos: z.number().int().openapi({ description: "Loans ever made of the title's copies" }),
});
const Plans = z
  .object({
    total: z
      .number()
      .int()
      .openapi({ description: `Plans found; at most ${PLANS_MAX} are listed` }),
    planos: z.array(
      z.object({
        cod_plano: z.number().int(),
        disciplina: z.object({ codigo: z.number().int(), sigla: z.string(), descricao: z.string() }),
        departamento: Named,
        curso: Named,
        biblioteca: Named,
        ano: z.number().int(),
        semestre: z.number().int(),
        periodo: z.number().int(),
        vagas: z.number().int().nullable(),
        basica: z.array(Title),
        complementar: z.array(Title),
      }),
    ),
  })
  .openapi("PlanoEnsinoBibliografia");

/** /api/plano-ensino: teaching plans and their bibliography (spec §7 "Acervo", ADR 067). */
export function planoEnsinoRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  app.openapi(
    createRoute({
      method: "get",
      path: "/disciplinas-bibliotecas",
      summary: "The options of the teaching-plan form: values that some plan has",
      security: [{ bearer: [] }],
      request: { headers: LangHeader },
      responses: { 200: { description: "Form options", content: { "application/json": { schema: Options } } }, ...errorResponses },
    }),
    async (c) => {
      const { departamentos: deps_, disciplinas: discs, bibliotecas: libs, plans } = await planOptions(db);
      const sorted = (list: number[], desc = false) => [...new Set(list)].sort((a, b) => (desc ? b - a : a - b));
      return c.json(
        {
          departamentos: deps_,
          disciplinas: discs,
          bibliotecas: libs,
          anos: sorted(
            plans.map((p) => p.ano),
            true,
          ),
          semestres: sorted(plans.map((p) => p.semestre)),
          periodos: sorted(plans.map((p) => p.periodo)),
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/bibliografia",
      summary: "Teaching plans matching the chosen fields (at least one), with their basic and complementary bibliography",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, query: Query },
      responses: { 200: { description: "Plans with bibliography", content: { "application/json": { schema: Plans } } }, ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const professor = q.professor === "eu" ? patronOf(c) : undefined;
      if (professor === undefined && PLAN_FIELDS.every((f) => q[f] === undefined)) {
        throw new ApiError(422, "validacao", { errors: { [PLAN_FIELDS[0]]: [msg(c.get("lang"), "ao_menos_um_campo")] } });
      }
      const { total, plans, titles } = await plansWithBibliography(db, { ...q, professor }, PLANS_MAX);
      const biblio = (plano: number, tipo: "B" | "C") =>
        titles
          .filter((t) => t.cod_plano === plano && t.tipo === tipo)
          .map((t) => ({
            cod_acervo: t.cod_acervo,
            titulo: t.titulo,
            autor: t.autor,
            ano_publicacao: t.ano_publicacao,
            exemplares: Number(t.exemplares ?? 0),
            disponiveis: Number(t.disponiveis ?? 0),
            emprestados: Number(t.emprestados ?? 0),
            emprestimos: Number(t.emprestimos ?? 0),
          }));
      return c.json(
        {
          total,
          planos: plans.map((p) => ({
            cod_plano: p.cod_plano,
            disciplina: { codigo: p.cod_disciplina, sigla: p.sigla, descricao: p.disciplina },
            departamento: { codigo: p.cod_departamento, descricao: p.departamento },
            curso: { codigo: p.cod_curso, descricao: p.curso },
            biblioteca: { codigo: p.cod_biblioteca, descricao: p.desc_biblioteca },
            ano: p.ano,
            semestre: p.semestre,
            periodo: p.periodo,
            vagas: p.vagas,
            basica: biblio(p.cod_plano, "B"),
            complementar: biblio(p.cod_plano, "C"),
          })),
        },
        200,
      );
    },
  );
  return app;
}
