import { createRoute, z } from "@hono/zod-openapi";
import { loanHistory } from "../../db/loans.ts";
import { RENEWAL_REASONS } from "../../../contract/loans.ts";
import { loansWithRenewal, renewLoans } from "../../domain/loans.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, LangHeader, patronErrorResponses, patronOf, type ApiDeps } from "../../lib/http.ts";
import { TitleLanguage } from "../../lib/title-schemas.ts";
import { loansMessage, renewalMessage } from "./messages.ts";

const Motivo = z.enum(RENEWAL_REASONS).openapi({ description: "Why the loan cannot be renewed (reason code)" });

const Pendente = z.object({
  cod_emprestimo: z.number().int(),
  cod_acervo: z.number().int(),
  cod_exemplar: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  idioma: TitleLanguage,
  biblioteca: z.string(),
  cod_biblioteca: z.number().int(),
  data_emprestimo: z.string(),
  data_devolucao_prevista: z.string(),
  renovacoes: z.number().int(),
  limite_renovacoes: z.number().int(),
  atrasado: z.boolean(),
  tipo: z.string().openapi({ description: "emprestado | quarentena | horario | diario | reservado | transito (spec §3 loan kinds)" }),
  renovavel: z.boolean(),
  motivo: Motivo.nullable(),
  motivo_mensagem: z.string().nullable().openapi({ description: "The reason in the `lang` language" }),
});

const pendentesRoute = createRoute({
  method: "get",
  path: "/titulos-pendentes",
  summary: "The patron's current loans (not yet returned), each saying whether it can be renewed now",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: z.object({ showDetails: z.string().optional() }) },
  responses: {
    200: { description: "Loans", content: { "application/json": { schema: z.array(Pendente).openapi("TitulosPendentes") } } },
    ...patronErrorResponses,
  },
});

const RenovacaoBody = z
  .object({
    emprestimos: z.array(z.number().int().positive()).max(500).optional().openapi({ description: "Loans to renew" }),
    todos: z.boolean().optional().openapi({ description: "Renew every current loan" }),
    chave_envio: z.string().min(8).max(100).openapi({ description: "The form's idempotency key: a repeated key renews each loan once" }),
  })
  .openapi("Renovacao");

const Resultado = z.object({
  cod_emprestimo: z.number().int(),
  titulo: z.string().nullable(),
  renovado: z.boolean(),
  data_devolucao_prevista: z.string().nullable(),
  motivo: Motivo.nullable(),
  motivo_mensagem: z.string().nullable(),
});

const renovacaoRoute = createRoute({
  method: "post",
  path: "/renovacao",
  summary: "Renews the selected loans (or all): one outcome per loan, renewed with its new due date or not with the reason",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, body: { required: true, content: { "application/json": { schema: RenovacaoBody } } } },
  responses: {
    200: {
      description: "Outcomes",
      content: {
        "application/json": {
          schema: z.object({ resultados: z.array(Resultado), renovados: z.number().int(), total: z.number().int() }).openapi("RenovacaoResultado"),
        },
      },
    },
    ...patronErrorResponses,
  },
});

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const historicoRoute = createRoute({
  method: "get",
  path: "/historico",
  summary: "The patron's loans made between two dates (both required, start not after end), newest first, paged",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    query: z.object({
      dataIni: day.optional().openapi({ description: "YYYY-MM-DD (required)" }),
      dataFim: day.optional().openapi({ description: "YYYY-MM-DD (required)" }),
      multa: z.enum(["S", "N"]).optional().openapi({ description: "S: only loans with a fine" }),
      pagina: z.coerce.number().int().min(1).max(100_000).optional(),
      qtd: z.coerce.number().int().min(1).max(1000).optional().openapi({ description: "Page size (default 20); `todos=S` ignores it" }),
      todos: z.enum(["S", "N"]).optional().openapi({ description: "S: the whole range in one answer (CSV export)" }),
    }),
  },
  responses: {
    200: {
      description: "History",
      content: {
        "application/json": {
          schema: z
            .object({
              total: z.number().int(),
              pagina: z.number().int(),
              qtd: z.number().int(),
              itens: z.array(
                z.object({
                  cod_emprestimo: z.number().int(),
                  cod_acervo: z.number().int(),
                  titulo: z.string(),
                  autor: z.string().nullable(),
                  idioma: TitleLanguage,
                  biblioteca: z.string(),
                  tipo: z.string(),
                  data_emprestimo: z.string(),
                  data_devolucao_prevista: z.string(),
                  data_devolucao: z.string().nullable(),
                  renovacoes: z.number().int(),
                  multa: z.number(),
                }),
              ),
            })
            .openapi("HistoricoEmprestimos"),
        },
      },
    },
    ...patronErrorResponses,
  },
});

/** Current loans, renewal and loan history of the logged-in patron. */
export function loansRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(pendentesRoute, async (c) => {
    const lang = c.get("lang");
    const loans = await loansWithRenewal(db, patronOf(c), deps.auth.now());
    return c.json(
      loans.map((l) => ({
        cod_emprestimo: l.cod_emprestimo,
        cod_acervo: l.cod_acervo,
        cod_exemplar: l.cod_exemplar,
        titulo: l.titulo,
        autor: l.autor,
        idioma: l.idioma,
        biblioteca: l.biblioteca,
        cod_biblioteca: l.cod_biblioteca,
        data_emprestimo: l.data_emprestimo,
        data_devolucao_prevista: l.data_devolucao_prevista,
        renovacoes: l.renovacoes,
        limite_renovacoes: l.limite_renovacoes,
        atrasado: l.atrasado,
        tipo: l.tipo,
        renovavel: l.renovavel,
        motivo: l.motivo,
        motivo_mensagem: l.motivo ? renewalMessage(lang, l.motivo) : null,
      })),
      200,
    );
  });

  app.openapi(renovacaoRoute, async (c) => {
    const lang = c.get("lang");
    const body = c.req.valid("json");
    const ids = body.todos ? "all" : (body.emprestimos ?? []);
    if (ids !== "all" && ids.length === 0) {
      const message = loansMessage(lang, "selecao_vazia");
      throw new ApiError(422, "validacao", { message, code: "selecao_vazia", errors: { emprestimos: [message] } });
    }
    const outcomes = await renewLoans(db, patronOf(c), ids, body.chave_envio, deps.auth.now());
    const resultados = outcomes.map((o) => ({
      cod_emprestimo: o.cod_emprestimo,
      titulo: o.titulo,
      renovado: o.renovado,
      data_devolucao_prevista: o.data_devolucao_prevista,
      motivo: o.renovado ? null : o.motivo,
      motivo_mensagem: o.renovado ? null : renewalMessage(lang, o.motivo),
    }));
    return c.json({ resultados, renovados: resultados.filter((r) => r.renovado).length, total: resultados.length }, 200);
  });

  app.openapi(historicoRoute, async (c) => {
    const lang = c.get("lang");
    const q = c.req.valid("query");
    const errors: Record<string, string[]> = {};
    if (!q.dataIni) errors.dataIni = [loansMessage(lang, "data_obrigatoria")];
    if (!q.dataFim) errors.dataFim = [loansMessage(lang, "data_obrigatoria")];
    if (q.dataIni && q.dataFim && q.dataIni > q.dataFim) errors.dataIni = [loansMessage(lang, "periodo_invertido")];
    if (!q.dataIni || !q.dataFim || Object.keys(errors).length) {
      const first = Object.values(errors)[0]?.[0] ?? loansMessage(lang, "data_obrigatoria");
      throw new ApiError(422, "validacao", { message: first, code: "validacao", errors });
    }
    const qtd = q.qtd ?? 20;
    const pagina = q.pagina ?? 1;
    const all = q.todos === "S";
    const { total, rows } = await loanHistory(db, patronOf(c), {
      dataIni: q.dataIni,
      dataFim: q.dataFim,
      multa: q.multa === "S",
      offset: all ? 0 : (pagina - 1) * qtd,
      limit: all ? null : qtd,
    });
    return c.json({ total, pagina: all ? 1 : pagina, qtd: all ? total : qtd, itens: rows }, 200);
  });

  return app;
}
