import { createRoute, z } from "@hono/zod-openapi";
import {
  answerLoanRequest,
  answerRequest,
  answerSuggestion,
  approveComment,
  blockPatron,
  confirmPayment,
  holdReady,
  LOAN_REQUEST_ANSWERS,
  rejectComment,
  REQUEST_ANSWERS,
  SUGGESTION_ANSWERS,
  unblockPatron,
  type ActionOutcome,
} from "../../domain/library-actions.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, ErrorSchema, LangHeader, type ApiDeps } from "../../lib/http.ts";
import type { Lang } from "../../lib/messages.ts";
import { requireStaff } from "../../lib/staff-auth.ts";
import { TEXT } from "./messages.ts";

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const staffErrors = {
  401: json(ErrorSchema, "No staff credential (`credencial_biblioteca`), or the channel is not configured (`canal_biblioteca_fechado`)"),
  403: json(ErrorSchema, "A patron's or the public client's token (`somente_biblioteca`)"),
  404: json(ErrorSchema, "No such record (`nao_encontrado`)"),
  409: json(ErrorSchema, "The record is not in a state the action applies to (`situacao_invalida`)"),
  422: json(ErrorSchema, "Validation failed"),
};
const security = [{ staff: [] }];
const Id = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 1 }),
});
const Done = z
  .object({
    id: z.number().int(),
    alterado: z.boolean().openapi({ description: "false when the record was already in that state (a repeated call changes nothing)" }),
    situacao: z.string().optional(),
    data_liberacao: z.string().optional(),
    bloqueado: z.boolean().optional(),
  })
  .openapi("AcaoBiblioteca");
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: { "application/json": { schema } } });

function action<R extends object = object>(method: "post" | "delete", path: string, summary: string, request: R = {} as R) {
  return createRoute({
    method,
    path,
    summary,
    security,
    request: { params: Id, headers: LangHeader, ...request },
    responses: { 200: json(Done, "Done (or already so)"), ...staffErrors },
  });
}

/** The answer of every action: 200 with the new state, 404 or 409 with the reason. */
function answer(lang: Lang, id: number, outcome: ActionOutcome<Record<string, unknown>>) {
  if (!outcome.ok) {
    if (outcome.reason === "nao_encontrado") throw new ApiError(404, "nao_encontrado");
    throw new ApiError(409, "validacao", { code: "situacao_invalida", message: TEXT.situacao_invalida[lang] });
  }
  const { ok: _ok, changed, cod_pessoa: _p, ...rest } = outcome;
  return { id, alterado: changed, ...rest };
}

/**
 * /api/biblioteca: the staff channel (ADR 113). Every call needs the staff credential (STAFF_API_TOKEN); a
 * patron's token is refused before any body is read. These are the library's transitions of the spec, which
 * no patron route can make.
 */
export function bibliotecaRoutes(deps: ApiDeps, staffDigest: Buffer | null) {
  const { db } = deps;
  const app = createRouter();
  // Every staff action is a POST or DELETE; a GET under /api/biblioteca is the public directory's
  // `GET /api/biblioteca/{code}` (spec §7 Consulta), which the staff check must leave alone.
  const staff = requireStaff(deps, staffDigest);
  app.use("*", (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : staff(c, next)));
  const now = () => deps.auth.now();

  app.openapi(action("post", "/gru/{id}/pagamento", "The bank's confirmation of a GRU slip: the slip is paid and its debits settled"), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(answer(c.get("lang"), id, await confirmPayment(db, id, now())), 200);
  });
  app.openapi(action("post", "/comentarios/{id}/aprovacao", "Publishes a comment awaiting approval"), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(answer(c.get("lang"), id, await approveComment(db, id)), 200);
  });
  app.openapi(action("post", "/comentarios/{id}/rejeicao", "Rejects a comment awaiting approval (it is never published)"), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(answer(c.get("lang"), id, await rejectComment(db, id)), 200);
  });
  app.openapi(
    action("post", "/sugestoes/{id}/resposta", "Gives a purchase suggestion one of the spec §3 statuses", {
      body: body(z.object({ situacao: z.enum(SUGGESTION_ANSWERS as [string, ...string[]]) }).openapi("RespostaSugestao")),
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(answer(c.get("lang"), id, await answerSuggestion(db, id, c.req.valid("json").situacao)), 200);
    },
  );
  app.openapi(
    action("post", "/solicitacoes/{id}/resposta", "Answers a request to the library: its new status and the library's words", {
      body: body(
        z
          .object({ situacao: z.enum(REQUEST_ANSWERS as [string, ...string[]]), resposta: z.string().trim().max(4000).optional() })
          .openapi("RespostaSolicitacao"),
      ),
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { situacao, resposta } = c.req.valid("json");
      return c.json(answer(c.get("lang"), id, await answerRequest(db, id, situacao, resposta || null, now())), 200);
    },
  );
  app.openapi(
    action("post", "/solicitacoes-emprestimo/{id}/resposta", "Moves an open loan request on: available, in transit, finished or not finished", {
      body: body(z.object({ situacao: z.enum(LOAN_REQUEST_ANSWERS) }).openapi("RespostaSolicitacaoEmprestimo")),
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(answer(c.get("lang"), id, await answerLoanRequest(db, id, c.req.valid("json").situacao)), 200);
    },
  );
  app.openapi(
    action("post", "/reservas/{id}/disponivel", "A copy is set aside: an active hold becomes ready for pickup", {
      body: {
        required: false,
        content: {
          "application/json": {
            schema: z
              .object({
                dias: z.number().int().min(1).max(30).optional().openapi({ description: "Days the copy waits at the counter (default 3)" }),
                localizacao: z.string().trim().max(200).optional(),
              })
              .openapi("ReservaDisponivel"),
          },
        },
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { dias, localizacao } = (c.req.valid("json") ?? {}) as { dias?: number; localizacao?: string };
      return c.json(answer(c.get("lang"), id, await holdReady(db, id, now(), { days: dias, localizacao: localizacao || null })), 200);
    },
  );
  app.openapi(
    action("post", "/pessoas/{id}/bloqueio", "Blocks a patron, with the reason they are shown", {
      body: body(z.object({ motivo: z.string().trim().min(1).max(500) }).openapi("Bloqueio")),
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(answer(c.get("lang"), id, await blockPatron(db, id, c.req.valid("json").motivo)), 200);
    },
  );
  app.openapi(action("delete", "/pessoas/{id}/bloqueio", "Lifts a patron's block"), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(answer(c.get("lang"), id, await unblockPatron(db, id)), 200);
  });
  return app;
}
