import { createRoute, z } from "@hono/zod-openapi";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../../lib/http.ts";
import type { Db } from "../../db/index.ts";
import { categoryActivities, patronWithCategory, sessionLogin } from "../../db/autenticar.ts";
import { sessionLoginOf } from "../../domain/person-logins.ts";

const UserData = z
  .object({
    user: z.object({
      cod_pessoa: z.number().int(),
      nome_pessoa: z.string(),
      login: z.string().nullable().openapi({ description: "The login the session works under (ADR 172)" }),
      base: z.string().nullable().openapi({ description: "That login's base" }),
      email: z.string().nullable(),
      professor: z.boolean(),
      categoria: z.object({ codigo: z.string(), descricao: z.string() }),
    }),
    authPermissions: z.array(z.object({ cod_modulo: z.number().int(), cod_atividade: z.number().int(), descricao: z.string() })),
    bloqueio: z.boolean(),
    motivo_bloqueio: z.string().nullable(),
  })
  .openapi("DadosUsuario");

const route = createRoute({
  method: "get",
  path: "/dados-usuario",
  summary: "The logged-in patron, their activity permissions and whether the library blocked them",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "User data", content: { "application/json": { schema: UserData } } }, ...patronErrorResponses },
});

/** Loads the patron's user data (shared by /autenticar/dados-usuario). */
export async function loadUserData(db: Db, codPessoa: number, codLogin?: number | null) {
  const p = await patronWithCategory(db, codPessoa);
  if (!p) throw new ApiError(404, "nao_encontrado");
  // The session's own login when one was recorded (several logins, ADR 172), else the person's first.
  const login = await sessionLogin(db, codPessoa, codLogin);
  const perms = await categoryActivities(db, p.cod_categoria);
  return {
    user: {
      cod_pessoa: p.cod_pessoa,
      nome_pessoa: p.nome_pessoa,
      login: login?.usuario ?? null,
      base: login?.base ?? null,
      email: p.email,
      professor: p.professor === 1,
      categoria: { codigo: p.cod_categoria, descricao: p.descricao },
    },
    authPermissions: perms,
    bloqueio: p.bloqueado === 1,
    motivo_bloqueio: p.bloqueado === 1 ? p.motivo_bloqueio : null,
  };
}

/** GET /api/autenticar/dados-usuario */
export function dadosUsuarioRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(route, async (c) => c.json(await loadUserData(deps.db, patronOf(c), await sessionLoginOf(deps.db, c.get("owner").familia)), 200));
  return app;
}
