import { createRoute, z } from "@hono/zod-openapi";
import { listDepartments } from "../../db/directory.ts";
import { personWithCategory, redirectBaseOf, setRedirectBase } from "../../db/persons.ts";
import { createRouter, errorResponses, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../../lib/http.ts";
import { EXTERNAL_BASES, isExternalBase } from "../../../contract/external-bases.ts";
import { providerUrl } from "../vinculos/index.ts";

const ok = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ 200: { description, content: { "application/json": { schema } } } });
const get = <T extends z.ZodTypeAny>(path: string, summary: string, schema: T, errors: object = patronErrorResponses) =>
  createRoute({
    method: "get",
    path,
    summary,
    security: [{ bearer: [] }],
    request: { headers: LangHeader },
    responses: { ...ok(schema, summary), ...errors },
  });

const Pessoa = z
  .object({
    cod_pessoa: z.number().int(),
    nome_pessoa: z.string(),
    email: z.string().nullable(),
    professor: z.boolean(),
    categoria: z.object({ codigo: z.string(), descricao: z.string() }),
    validade_cadastro: z.string().nullable(),
  })
  .openapi("Pessoa");
const Renovar = z
  .object({
    validade_cadastro: z.string().nullable().openapi({ description: "YYYY-MM-DD; null when the registration does not expire" }),
    dias_restantes: z.number().int().nullable(),
    renovar: z.boolean().openapi({ description: "true when the registration expires within RENEW_WINDOW_DAYS or has expired" }),
  })
  .openapi("PessoaRenovar");
const Redirect = z.object({ base: z.enum(EXTERNAL_BASES).nullable(), url: z.string().nullable() }).openapi("PessoaRedirect");

/** A registration is due for renewal this many days before it expires. */
export const RENEW_WINDOW_DAYS = 30;
const DAY = 86_400_000;

/**
 * The rest of spec §7 "Pessoas" (ADR 180), mounted at /api/pessoas: the patron's own person (`GET /pessoas`),
 * departments, whether the registration must be renewed, and the external base the private area hands over to.
 */
export function pessoaRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  for (const p of ["/", "/departamentos", "/renovar", "/redirect-base", "/meu-pergamum/redirect"]) app.use(p, requireToken(deps));

  const person = (cod: number) => personWithCategory(db, cod);

  app.openapi(get("/", "The logged-in person (a patron reads only their own record)", Pessoa), async (c) => {
    const p = await person(patronOf(c));
    return c.json(
      {
        cod_pessoa: p.cod_pessoa,
        nome_pessoa: p.nome_pessoa,
        email: p.email,
        professor: p.professor === 1,
        categoria: { codigo: p.cod_categoria, descricao: p.descricao },
        validade_cadastro: p.validade_cadastro,
      },
      200,
    );
  });

  app.openapi(
    createRoute({
      method: "get",
      path: "/departamentos",
      summary: "The institution's departments (optionally those whose name contains search_text)",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, query: z.object({ search_text: z.string().trim().max(100).optional() }) },
      responses: {
        ...ok(z.array(z.object({ codigo: z.number().int(), descricao: z.string() })).openapi("Departamentos"), "Departments"),
        ...errorResponses,
      },
    }),
    async (c) => c.json(await listDepartments(db, c.req.valid("query").search_text), 200),
  );

  app.openapi(get("/renovar", "Whether the patron's registration must be renewed, and by when", Renovar), async (c) => {
    const p = await person(patronOf(c));
    if (!p.validade_cadastro) return c.json({ validade_cadastro: null, dias_restantes: null, renovar: false }, 200);
    const until = Date.parse(`${p.validade_cadastro.slice(0, 10)}T00:00:00Z`);
    const today = Date.parse(`${new Date(deps.auth.now()).toISOString().slice(0, 10)}T00:00:00Z`);
    const dias = Math.round((until - today) / DAY);
    return c.json({ validade_cadastro: p.validade_cadastro.slice(0, 10), dias_restantes: dias, renovar: dias <= RENEW_WINDOW_DAYS }, 200);
  });

  app.openapi(
    createRoute({
      method: "put",
      path: "/redirect-base",
      summary: "Sets (or, with null, clears) the external base the patron's private area hands over to",
      security: [{ bearer: [] }],
      request: {
        headers: LangHeader,
        body: {
          required: true,
          content: { "application/json": { schema: z.object({ base: z.enum(EXTERNAL_BASES).nullable() }).openapi("RedirectBase") } },
        },
      },
      responses: { ...ok(z.object({ base: z.enum(EXTERNAL_BASES).nullable() }), "Stored"), ...patronErrorResponses },
    }),
    async (c) => {
      const cod = patronOf(c);
      const { base } = c.req.valid("json");
      await setRedirectBase(db, cod, base ?? null);
      return c.json({ base }, 200);
    },
  );

  app.openapi(
    get("/meu-pergamum/redirect", "Where the private area hands over to: the stored base's access address, or null (stay)", Redirect),
    async (c) => {
      const stored = await redirectBaseOf(db, patronOf(c));
      const base = isExternalBase(stored) ? stored : null;
      return c.json({ base, url: base ? await providerUrl(db, base) : null }, 200);
    },
  );
  return app;
}
