import { randomBytes } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import { EXTERNAL_BASES } from "../../../contract/external-bases.ts";
import { getTargetProduct } from "../../db/directory.ts";
import type { Db } from "../../db/index.ts";
import { institutionParameters } from "../../db/institution.ts";
import { ApiError } from "../../lib/errors.ts";
import {
  createRouter,
  IdParams,
  notFoundResponse,
  parseJsonObject,
  patronErrorResponses,
  LangHeader,
  patronOf,
  requireToken,
  type ApiDeps,
} from "../../lib/http.ts";

const Url = z.object({ url: z.string().url() }).openapi("AcessoUrl");
export const notFound = notFoundResponse("No such link, title or base");
const abntNotFound = notFoundResponse("No such record");
export const ok = (description: string) => ({
  200: { description, content: { "application/json": { schema: Url } } },
  ...patronErrorResponses,
  ...notFound,
});

/**
 * The access address of a provider: the institution's configured one (`parametros.provedores[base]`),
 * else a demo address, with a one-time opaque ticket (a real integration replaces this with the
 * provider's own single sign-on).
 */
export async function providerUrl(db: Db, base: string, extra: Record<string, string> = {}): Promise<string> {
  const configured = parseJsonObject(await institutionParameters(db)).provedores as Record<string, unknown> | undefined;
  const raw = typeof configured?.[base] === "string" ? (configured[base] as string) : `https://${base.replace(/_/g, "-")}.example.org/acesso`;
  const url = new URL(raw);
  url.searchParams.set("ticket", randomBytes(18).toString("base64url"));
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * /api/vinculos: access to external content providers (spec §7 "Vinculos"): the Grupo A library, the bases of
 * spec §9 and the ABNT standards of the Target catalogue. Every call needs a patron: licensed content is for the
 * library's patrons.
 */
export function provedoresRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  app.openapi(
    createRoute({
      method: "post",
      path: "/grupoa",
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
      path: "/target/{base}",
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
  app.openapi(
    createRoute({
      method: "get",
      path: "/abnt/{id}",
      summary: "The access address of an ABNT standard of the Target catalogue (id from GET /api/produtos-target)",
      security: [{ bearer: [] }],
      request: {
        headers: LangHeader,
        params: IdParams,
      },
      responses: {
        200: { description: "Address", content: { "application/json": { schema: z.object({ url: z.string().url() }) } } },
        ...patronErrorResponses,
        ...abntNotFound,
      },
    }),
    async (c) => {
      patronOf(c);
      const p = await getTargetProduct(db, c.req.valid("param").id);
      if (!p) throw new ApiError(404, "nao_encontrado");
      return c.json({ url: await providerUrl(db, "target", { norma: p.codigo }) }, 200);
    },
  );
  return app;
}
