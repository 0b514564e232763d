import { createRoute, z } from "@hono/zod-openapi";
import { patronDebits } from "../../db/debits.ts";
import { createRouter, LangHeader, patronErrorResponses, patronOf, type ApiDeps } from "../../lib/http.ts";
import { round2 } from "../../lib/money.ts";

const Debito = z
  .object({
    cod_debito: z.number().int(),
    cod_emprestimo: z.number().int().nullable(),
    cod_acervo: z.number().int().nullable().openapi({ description: "The title whose loan caused the debit (Estante's addition; null when none)" }),
    titulo: z.string().nullable(),
    biblioteca: z.string().nullable(),
    cod_biblioteca: z.number().int().nullable().openapi({ description: "The library the debit is owed to (a GRU pays debits of one library)" }),
    valor_multa: z.number(),
    desconto: z.number(),
    valor_pago: z.number(),
    data_pagamento: z.string().nullable(),
    tipo_servico: z.string(),
    motivo: z.string(),
    total: z.number().openapi({ description: "valor_multa − desconto − valor_pago" }),
  })
  .openapi("Debito");

const security = [{ bearer: [] }];

const debitosRoute = createRoute({
  method: "get",
  path: "/debitos-pendentes",
  summary: "The patron's unpaid debits (fines)",
  security,
  request: { headers: LangHeader },
  responses: {
    200: {
      description: "Debits",
      content: { "application/json": { schema: z.object({ debitos: z.array(Debito), total: z.number() }).openapi("DebitosPendentes") } },
    },
    ...patronErrorResponses,
  },
});

const pagosRoute = createRoute({
  method: "get",
  path: "/debitos-pagos",
  summary: "The patron's debits already paid, the latest payment first (at most 100; Estante's addition)",
  security,
  request: { headers: LangHeader },
  responses: {
    200: {
      description: "Paid debits; total is what was paid",
      content: { "application/json": { schema: z.object({ debitos: z.array(Debito), total: z.number() }).openapi("DebitosPagos") } },
    },
    ...patronErrorResponses,
  },
});

/**
 * GET /api/emprestimo/debitos-pendentes (spec §7): the patron's unpaid debits; GET /api/emprestimo/debitos-pagos
 * (Estante): those with nothing left to pay. Mounted by ./index.ts behind the token check.
 */
export function debitosRoutes(deps: ApiDeps) {
  const app = createRouter();

  app.openapi(debitosRoute, async (c) => {
    const debitos = (await patronDebits(deps.db, patronOf(c))).filter((d) => d.total > 0);
    return c.json({ debitos, total: round2(debitos.reduce((s, d) => s + d.total, 0)) }, 200);
  });

  app.openapi(pagosRoute, async (c) => {
    const debitos = (await patronDebits(deps.db, patronOf(c)))
      .filter((d) => d.total <= 0 && d.valor_pago > 0)
      .sort((a, b) => (b.data_pagamento ?? "").localeCompare(a.data_pagamento ?? "") || b.cod_debito - a.cod_debito)
      .slice(0, 100);
    return c.json({ debitos, total: round2(debitos.reduce((s, d) => s + d.valor_pago, 0)) }, 200);
  });
  return app;
}
