import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../lib/http.ts";

const Pendente = z.object({
  cod_emprestimo: z.number().int(),
  cod_acervo: z.number().int(),
  cod_exemplar: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  biblioteca: z.string(),
  cod_biblioteca: z.number().int(),
  data_emprestimo: z.string(),
  data_devolucao_prevista: z.string(),
  renovacoes: z.number().int(),
  limite_renovacoes: z.number().int(),
  atrasado: z.boolean(),
  tipo: z.string(),
});

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

const pendentesRoute = createRoute({
  method: "get",
  path: "/titulos-pendentes",
  summary: "The patron's current loans (not yet returned)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: z.object({ showDetails: z.string().optional() }) },
  responses: { 200: { description: "Loans", content: { "application/json": { schema: z.array(Pendente).openapi("TitulosPendentes") } } }, ...patronErrorResponses },
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

/** /api/emprestimo/...: loans and debits of the logged-in patron. */
export function emprestimoRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  app.openapi(pendentesRoute, async (c) => {
    const codPessoa = patronOf(c);
    const rows = await db
      .selectFrom("emprestimo as m")
      .innerJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar")
      .innerJoin("acervo as a", "a.cod_acervo", "e.cod_acervo")
      .innerJoin("biblioteca as b", "b.cod_biblioteca", "m.cod_biblioteca")
      .innerJoin("pessoa as p", "p.cod_pessoa", "m.cod_pessoa")
      .innerJoin("categoria as k", "k.cod_categoria", "p.cod_categoria")
      .select([
        "m.cod_emprestimo", "a.cod_acervo", "e.cod_exemplar", "a.titulo", "a.autor", "b.desc_biblioteca as biblioteca", "b.cod_biblioteca",
        "m.data_emprestimo", "m.data_devolucao_prevista", "m.renovacoes", "k.limite_renovacoes", "m.tipo",
      ])
      .where("m.cod_pessoa", "=", codPessoa)
      .where("m.data_devolucao", "is", null)
      .orderBy("m.data_devolucao_prevista")
      .execute();
    const now = new Date(deps.auth.now()).toISOString();
    return c.json(rows.map((r) => ({ ...r, atrasado: r.data_devolucao_prevista < now })), 200);
  });

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
