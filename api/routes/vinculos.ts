import { randomBytes } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import { linkHref } from "../../contract/link-url.ts";
import type { Db } from "../db/index.ts";
import { ApiError } from "../lib/errors.ts";
import { createRouter, ErrorSchema, parseJsonObject, patronErrorResponses, LangHeader, patronOf, requireToken, type ApiDeps } from "../lib/http.ts";

/** External bases that trigger direct access after login (spec §9), plus the Grupo A library. */
export const EXTERNAL_BASES = [
  "pearson", "cengage", "editora_forum", "minhabiblioteca", "ebrary", "rtonline", "lectio", "gale", "gale_book", "oxford", "proquest",
  "uptodate", "lexicomp", "solucto", "jornalderesenhas",
] as const;

const Url = z.object({ url: z.string().url() }).openapi("AcessoUrl");
const notFound = { 404: { description: "No such link, title or base", content: { "application/json": { schema: ErrorSchema } } } };
const ok = (description: string) => ({ 200: { description, content: { "application/json": { schema: Url } } }, ...patronErrorResponses, ...notFound });

/**
 * The access address of a provider: the institution's configured one (`parametros.provedores[base]`),
 * else a demo address, with a one-time opaque ticket (a real integration replaces this with the
 * provider's own single sign-on).
 */
export async function providerUrl(db: Db, base: string, extra: Record<string, string> = {}): Promise<string> {
  const inst = await db.selectFrom("instituicao").select("parametros").orderBy("cod_empresa").executeTakeFirst();
  const configured = parseJsonObject(inst?.parametros).provedores as Record<string, unknown> | undefined;
  const raw = typeof configured?.[base] === "string" ? (configured[base] as string) : `https://${base.replace(/_/g, "-")}.example.org/acesso`;
  const url = new URL(raw);
  url.searchParams.set("ticket", randomBytes(18).toString("base64url"));
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * /api/acesso-restrito, /api/vinculos: access to restricted online links and to external content
 * providers (spec §7 "Vinculos"). Every call needs a patron: licensed content is for the library's patrons.
 */
export function vinculosRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  // Mounted at /api: the token check is scoped to this module's own paths.
  app.use("/acesso-restrito/*", requireToken(deps));
  app.use("/vinculos/*", requireToken(deps));

  app.openapi(
    createRoute({
      method: "post",
      path: "/acesso-restrito/{a}/s/{b}",
      summary: "Opens a restricted online link (a = cod_acervo, b = cod_link): logs the access and returns the address to open",
      security: [{ bearer: [] }],
      request: {
        headers: LangHeader,
        params: z.object({
          a: z.coerce.number().int().positive().openapi({ param: { name: "a", in: "path" } }),
          b: z.coerce.number().int().positive().openapi({ param: { name: "b", in: "path" } }),
        }),
        body: {
          content: {
            "application/json": {
              schema: z.object({
                userId: z.coerce.number().int().optional(),
                browser: z.string().max(200).nullish(),
                device: z.string().max(200).nullish(),
                os: z.string().max(200).nullish(),
              }),
            },
          },
        },
      },
      responses: ok("The address to open"),
    }),
    async (c) => {
      const codPessoa = patronOf(c);
      const { a, b } = c.req.valid("param");
      const body = c.req.valid("json");
      const link = await db.selectFrom("acervo_link").select(["cod_link", "url", "restrito"]).where("cod_link", "=", b).where("cod_acervo", "=", a).executeTakeFirst();
      // An address that is no link (javascript:, data:, …) is shown as text and never handed out to be opened (ADR 103).
      if (!link || !linkHref(link.url)) throw new ApiError(404, "nao_encontrado");
      // The patron is the token's owner; a userId naming someone else is ignored.
      await db
        .insertInto("acesso_link")
        .values({ cod_link: link.cod_link, cod_pessoa: codPessoa, navegador: body.browser ?? null, dispositivo: body.device ?? null, sistema: body.os ?? null })
        .execute();
      return c.json({ url: link.url }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/vinculos/grupoa",
      summary: "The Grupo A digital library access address for the patron's session",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, body: { content: { "application/json": { schema: z.object({ sessionid: z.string().min(1).max(200) }) } } } },
      responses: ok("The Grupo A access address"),
    }),
    async (c) => {
      patronOf(c);
      return c.json({ url: await providerUrl(db, "grupoa", { sessionid: c.req.valid("json").sessionid }) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/vinculos/target/{base}",
      summary: "The access address of an external base of spec §9 (pearson, cengage, …)",
      security: [{ bearer: [] }],
      request: { headers: LangHeader, params: z.object({ base: z.enum(EXTERNAL_BASES).openapi({ param: { name: "base", in: "path" } }) }) },
      responses: ok("The access address"),
    }),
    async (c) => {
      patronOf(c);
      return c.json({ url: await providerUrl(db, c.req.valid("param").base) }, 200);
    },
  );
  return app;
}
