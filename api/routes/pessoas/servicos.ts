import { createRoute, z } from "@hono/zod-openapi";
import { absencesOf } from "../../db/declarations.ts";
import { institutionParameters } from "../../db/institution.ts";
import { listLogins } from "../../domain/person-logins.ts";
import { revokeFamily } from "../../domain/tokens.ts";
import { ApiError } from "../../lib/errors.ts";
import {
  createRouter,
  ErrorSchema,
  LangHeader,
  parseJsonObject,
  patronErrorResponses,
  patronOf,
  requireToken,
  type ApiDeps,
} from "../../lib/http.ts";
import { msg } from "../../lib/messages.ts";
import { MY_AREA_PATH } from "./paths.ts";
import { SERVICE_MESSAGES as TEXT } from "./messages.ts";
import { issueRedirectTicket } from "../autenticar/token-redireciona.ts";

/** Where an absence stands on `today` (YYYY-MM-DD). */
export const ABSENCE_STATES = ["previsto", "em_curso", "encerrado"] as const;
export type AbsenceState = (typeof ABSENCE_STATES)[number];
export function absenceState(inicio: string, fim: string | null, today: string): AbsenceState {
  if (inicio.slice(0, 10) > today) return "previsto";
  if (fim && fim.slice(0, 10) < today) return "encerrado";
  return "em_curso";
}

/** The repository address in the institution's parameters (`link_repositorio`, http or https), or null. */
export function repositoryLinkOf(parametros: Record<string, unknown>): string | null {
  const raw = parametros.link_repositorio;
  if (typeof raw !== "string" || !raw.trim()) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

const Afastamento = z
  .object({
    cod_afastamento: z.number().int(),
    motivo: z.string(),
    data_inicio: z.string().openapi({ description: "YYYY-MM-DD" }),
    data_fim: z.string().nullable().openapi({ description: "YYYY-MM-DD; null while open-ended" }),
    observacao: z.string().nullable(),
    situacao: z.enum(ABSENCE_STATES),
  })
  .openapi("Afastamento");

const absencesRoute = createRoute({
  method: "get",
  path: "/afastamentos",
  summary: "The patron's absences (leave, exchange…) as the library records them, latest first, optionally of one state",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: z.object({ situacao: z.enum(ABSENCE_STATES).optional() }) },
  responses: { 200: { description: "Absences", content: { "application/json": { schema: z.array(Afastamento) } } }, ...patronErrorResponses },
});
const postingRoute = createRoute({
  method: "post",
  path: "/postagem-trabalho/redirect",
  summary: "Hands the patron over to the institutional repository to post a paper: its address with a one-time ticket (60 s)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: {
    200: { description: "Where to go", content: { "application/json": { schema: z.object({ url: z.string() }).openapi("PostagemTrabalho") } } },
    404: { description: "No repository configured (`postagem_indisponivel`)", content: { "application/json": { schema: ErrorSchema } } },
    ...patronErrorResponses,
  },
});
const swapRoute = createRoute({
  method: "post",
  path: `/${MY_AREA_PATH}/troca-usuario`,
  summary: "User swap (spec §4): ends the current session (every token of its login) so that another user can sign in",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ usuario: z.string().trim().min(1).max(100) }).openapi("TrocaUsuario") } },
    },
  },
  responses: {
    200: {
      description: "Session ended; sign in as `usuario` next",
      content: { "application/json": { schema: z.object({ usuario: z.string() }).openapi("TrocaUsuarioFeita") } },
    },
    ...patronErrorResponses,
  },
});

/**
 * Spec §7 "Pessoas" calls of the private area (ADR 192), mounted at /api/pessoas: absences, paper posting and
 * the user swap. Each path carries its own token check, so the module leaves the rest of /api/pessoas alone.
 */
export function pessoasServicosRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  for (const p of ["/afastamentos", "/postagem-trabalho/redirect", `/${MY_AREA_PATH}/troca-usuario`]) app.use(p, requireToken(deps));

  app.openapi(absencesRoute, async (c) => {
    const today = new Date(deps.auth.now()).toISOString().slice(0, 10);
    const wanted = c.req.valid("query").situacao;
    const rows = (await absencesOf(db, patronOf(c))).map((a) => ({
      ...a,
      data_inicio: a.data_inicio.slice(0, 10),
      data_fim: a.data_fim ? a.data_fim.slice(0, 10) : null,
      situacao: absenceState(a.data_inicio, a.data_fim, today),
    }));
    return c.json(wanted ? rows.filter((r) => r.situacao === wanted) : rows, 200);
  });

  app.openapi(postingRoute, async (c) => {
    const cod = patronOf(c);
    const link = repositoryLinkOf(parseJsonObject(await institutionParameters(db)));
    if (!link) throw new ApiError(404, "nao_encontrado", { code: "postagem_indisponivel", message: TEXT.postagem_indisponivel[c.get("lang")] });
    const url = new URL(link);
    url.searchParams.set("token", await issueRedirectTicket(deps, cod));
    return c.json({ url: url.toString() }, 200);
  });

  app.openapi(swapRoute, async (c) => {
    const lang = c.get("lang");
    const cod = patronOf(c);
    const { familia } = c.get("owner");
    const { usuario } = c.req.valid("json");
    const current = (await listLogins(db, cod, familia)).find((l) => l.atual);
    if (current && current.usuario.toLowerCase() === usuario.toLowerCase()) {
      throw new ApiError(422, "validacao", {
        code: "mesmo_usuario",
        message: msg(lang, "validacao"),
        errors: { usuario: [TEXT.mesmo_usuario[lang]] },
      });
    }
    // Nothing tells whether `usuario` exists (no enumeration): the next login answers that, as any login does.
    await revokeFamily(db, familia, deps.auth.now());
    return c.json({ usuario }, 200);
  });
  return app;
}
