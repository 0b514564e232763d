/** Typed calls of /api/emprestimo for the loans screens (docs/api.md "Emprestimo"). */
import { z } from "zod";
import type { ApiClient } from "../client.server";
import { CurrentLoanSchema, FeedSchema, LoanHistorySchema, LoanTokenSchema, RenewalResultSchema } from "./types";

/** GET /emprestimo/titulos-pendentes: current loans, each saying whether it can be renewed. */
export function getCurrentLoans(api: ApiClient) {
  return api.get("/emprestimo/titulos-pendentes", z.array(CurrentLoanSchema), { as: "patron" });
}

/** POST /emprestimo/renovacao: renews the given loans (or all); `chave` is the form's idempotency key. */
export function renewLoans(api: ApiClient, input: { ids: number[] | "all"; chave: string }) {
  const body = input.ids === "all" ? { todos: true, chave_envio: input.chave } : { emprestimos: input.ids, chave_envio: input.chave };
  return api.send("POST", "/emprestimo/renovacao", RenewalResultSchema, { as: "patron", body });
}

/** GET /emprestimo/historico: loans made in a date range (YYYY-MM-DD), paged, or the whole range. */
export function getLoanHistory(
  api: ApiClient,
  q: { dataIni: string; dataFim: string; multa?: boolean; pagina?: number; qtd?: number; todos?: boolean },
) {
  return api.get("/emprestimo/historico", LoanHistorySchema, {
    as: "patron",
    query: {
      dataIni: q.dataIni,
      dataFim: q.dataFim,
      multa: q.multa ? "S" : undefined,
      pagina: q.pagina,
      qtd: q.qtd,
      todos: q.todos ? "S" : undefined,
    },
  });
}

/** GET /emprestimo/calendario/feed: the private feed's token, if any. */
export function getCalendarFeed(api: ApiClient) {
  return api.get("/emprestimo/calendario/feed", FeedSchema, { as: "patron" });
}

/** POST (new token) or DELETE (revoke) /emprestimo/calendario/feed. */
export function changeCalendarFeed(api: ApiClient, action: "create" | "revoke") {
  return api.send(action === "create" ? "POST" : "DELETE", "/emprestimo/calendario/feed", FeedSchema, { as: "patron" });
}

/** GET /emprestimo/token: the current loan token, while valid. */
export function getLoanToken(api: ApiClient) {
  return api.get("/emprestimo/token", LoanTokenSchema, { as: "patron" });
}

/** POST /emprestimo/token: a new loan token with its valid-until time. */
export function createLoanToken(api: ApiClient) {
  return api.send("POST", "/emprestimo/token", LoanTokenSchema, { as: "patron" });
}
