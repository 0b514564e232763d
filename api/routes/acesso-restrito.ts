import { createRoute, z } from "@hono/zod-openapi";
import { linkHref } from "../../contract/link-url.ts";
import { recordLinkAccess, titleLink } from "../db/vinculos.ts";
import { ApiError } from "../lib/errors.ts";
import { createRouter, LangHeader, patronOf, requireToken, type ApiDeps } from "../lib/http.ts";
import { ok } from "./vinculos/provedores.ts";

/**
 * /api/acesso-restrito (spec §7 "Vinculos"): opens a restricted online link of a title. It needs a patron:
 * licensed content is for the library's patrons.
 */
export function acessoRestritoRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  app.openapi(
    createRoute({
      method: "post",
      path: "/{a}/s/{b}",
      summary: "Opens a restricted online link (a = cod_acervo, b = cod_link): logs the access and returns the address to open",
      security: [{ bearer: [] }],
      request: {
        headers: LangHeader,
        params: z.object({
          a: z.coerce
            .number()
            .int()
            .positive()
            .openapi({ param: { name: "a", in: "path" } }),
          b: z.coerce
            .number()
            .int()
            .positive()
            .openapi({ param: { name: "b", in: "path" } }),
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
      const link = await titleLink(db, a, b);
      // An address that is no link (javascript:, data:, …) is shown as text and never handed out to be opened (ADR 103).
      if (!link || !linkHref(link.url)) throw new ApiError(404, "nao_encontrado");
      // The patron is the token's owner; a userId naming someone else is ignored.
      await recordLinkAccess(db, {
        cod_link: link.cod_link,
        cod_pessoa: codPessoa,
        navegador: body.browser ?? null,
        dispositivo: body.device ?? null,
        sistema: body.os ?? null,
      });
      return c.json({ url: link.url }, 200);
    },
  );
  return app;
}
