import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, LangHeader, patronErrorResponses, patronOf, type ApiDeps } from "../../lib/http.ts";

const Debito = z.object({
  cod_debito: z.number().int(),
  cod_emprestimo: z.number().int().nullable(),
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
});

const debitosRoute = createRoute({
  method: "get",
  path: "/debitos-pendentes",
  summary: "The patron's unpaid debits (fines)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: {
    200: { description: "Debits", content: { "application/json": { schema: z.object({ debitos: z.array(Debito), total: z.number() }).openapi("DebitosPendentes") } } },
    ...patronErrorResponses,
  },
});

const round2 = (n: number) => Math.round(n * 100) / 100;

/** GET /api/emprestimo/debitos-pendentes: the patron's unpaid debits (mounted by ./index.ts behind the token check). */
export function debitosRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(debitosRoute, async (c) => {
    const codPessoa = patronOf(c);
    const rows = await db
      .selectFrom("debito as d")
      .leftJoin("emprestimo as m", "m.cod_emprestimo", "d.cod_emprestimo")
      .leftJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar")
      .leftJoin("acervo as a", "a.cod_acervo", "e.cod_acervo")
      .leftJoin("biblioteca as b", "b.cod_biblioteca", "d.cod_biblioteca")
      .select([
        "d.cod_debito", "d.cod_emprestimo", "a.titulo", "b.desc_biblioteca as biblioteca", "d.cod_biblioteca", "d.valor_multa", "d.desconto", "d.valor_pago",
        "d.data_pagamento", "d.tipo_servico", "d.motivo",
      ])
      .where("d.cod_pessoa", "=", codPessoa)
      .orderBy("d.cod_debito")
      .execute();
    const debitos = rows
      .map((r) => {
        const valor_multa = Number(r.valor_multa);
        const desconto = Number(r.desconto);
        const valor_pago = Number(r.valor_pago);
        return { ...r, titulo: r.titulo ?? null, valor_multa, desconto, valor_pago, total: round2(valor_multa - desconto - valor_pago) };
      })
      .filter((d) => d.total > 0);
    return c.json({ debitos, total: round2(debitos.reduce((s, d) => s + d.total, 0)) }, 200);
  });
  return app;
}
