import { createRoute, z } from "@hono/zod-openapi";
import { gruView, issueGru, listGrus } from "../../domain/gru.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, ErrorSchema, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../../lib/http.ts";
import { REFUSALS } from "./messages.ts";

const Gru = z
  .object({
    cod_gru: z.number().int(),
    cod_biblioteca: z.number().int(),
    biblioteca: z.string(),
    beneficiario: z.string(),
    codigo_recolhimento: z.string(),
    numero_referencia: z.string(),
    competencia: z.string().openapi({ description: "YYYY-MM" }),
    vencimento: z.string().openapi({ description: "YYYY-MM-DD" }),
    valor: z.number(),
    pix: z.string().openapi({ description: "PIX copy-and-paste code (static BR Code, EMV with CRC16) of the same amount" }),
    codigo_barras: z
      .string()
      .regex(/^8\d{43}$/)
      .openapi({ description: "The 44-digit FEBRABAN arrecadação barcode (drawn as Interleaved 2 of 5; ADR 220)" }),
    linha_digitavel: z
      .string()
      .regex(/^8\d{47}$/)
      .openapi({ description: "The barcode's 48 digits to type: four blocks of 11, each followed by its check digit" }),
    situacao: z.enum(["emitida", "paga"]),
    data_pagamento: z.string().nullable(),
    created_at: z.string(),
    contribuinte: z.object({ nome: z.string(), cpf: z.string() }),
    debitos: z.array(
      z.object({ cod_debito: z.number().int(), motivo: z.string(), tipo_servico: z.string(), titulo: z.string().nullable(), valor: z.number() }),
    ),
  })
  .openapi("Gru");

const GruResumo = z
  .object({
    cod_gru: z.number().int(),
    cod_biblioteca: z.number().int(),
    biblioteca: z.string(),
    numero_referencia: z.string(),
    vencimento: z.string(),
    valor: z.number(),
    situacao: z.enum(["emitida", "paga"]),
    data_pagamento: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("GruResumo");

const Id = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 1 }),
});
const notFound = { 404: { description: "Not one of the patron's slips", content: { "application/json": { schema: ErrorSchema } } } };
const security = [{ bearer: [] }];

/** /api/gru: GRU payment slips (with PIX) for the patron's debits (ADR 126); only the library confirms a payment (/api/biblioteca, ADR 113). */
export function gruRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));

  app.openapi(
    createRoute({
      method: "post",
      path: "/",
      summary: "Issues a GRU slip (and PIX code) for open debits of one library; 422 sem_cpf when the patron has no CPF",
      security,
      request: {
        headers: LangHeader,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z
                .object({
                  valor: z.coerce.number().positive().max(1_000_000),
                  codBiblioteca: z.coerce.number().int().positive(),
                  debitos: z
                    .array(z.coerce.number().int().positive())
                    .min(1)
                    .max(100)
                    .optional()
                    .openapi({ description: "The selected debits (default: all open debits of the library)" }),
                })
                .openapi("GruPedido"),
            },
          },
        },
      },
      responses: {
        201: { description: "Slip issued", content: { "application/json": { schema: Gru } } },
        200: { description: "The open slip already issued for the same debits", content: { "application/json": { schema: Gru } } },
        ...patronErrorResponses,
      },
    }),
    async (c) => {
      const who = patronOf(c);
      const outcome = await issueGru(deps.db, who, c.req.valid("json"), deps.auth.now());
      if (!outcome.ok) throw new ApiError(422, "validacao", { code: outcome.code, message: REFUSALS[outcome.code][c.get("lang")] });
      const view = await gruView(deps.db, who, outcome.cod_gru);
      return c.json(Gru.parse(view), outcome.created ? 201 : 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/",
      summary: "The patron's slips, issued and paid, the latest first (at most 100; Estante's addition)",
      security,
      request: { headers: LangHeader },
      responses: {
        200: { description: "The slips", content: { "application/json": { schema: z.object({ guias: z.array(GruResumo) }).openapi("Guias") } } },
        ...patronErrorResponses,
      },
    }),
    async (c) => c.json({ guias: z.array(GruResumo).parse(await listGrus(deps.db, patronOf(c))) }, 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/{id}",
      summary: "One of the patron's slips, to print",
      security,
      request: { params: Id, headers: LangHeader },
      responses: { 200: { description: "The slip", content: { "application/json": { schema: Gru } } }, ...patronErrorResponses, ...notFound },
    }),
    async (c) => {
      const view = await gruView(deps.db, patronOf(c), c.req.valid("param").id);
      if (!view) throw new ApiError(404, "nao_encontrado");
      return c.json(Gru.parse(view), 200);
    },
  );

  return app;
}
