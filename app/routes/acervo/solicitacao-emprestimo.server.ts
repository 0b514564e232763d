/** The loan request form's loader and action (spec §2 /acervo/{id}/solicitacao-emprestimo). */
import type { RequestActionData } from "~/components/requests/RequestForm";
import type { WaitingListView } from "~/components/requests/WaitingListOffer";
import { getApi } from "~/lib/api/client.server";
import { createLoanRequest, getLoanRequestOptions, orNotFound, type LoanRequestOptions } from "~/lib/api/requests.server";
import { waitingListOrNull, waitingListView } from "~/lib/api/waiting-list.server";
import { getT } from "~/lib/i18n.server";
import { loanRequestSchema } from "~/schemas/loan-request";
import type { Route } from "./+types/solicitacao-emprestimo";
import { requestTitle, submitRequest } from "../+shared/request-form.server";
import { LOAN_REQUEST_FIELDS } from "~/schemas/loan-request";

function options(context: Route.LoaderArgs["context"], id: number): Promise<LoanRequestOptions> {
  return orNotFound(getLoanRequestOptions(getApi(context), id));
}

/** The loan request form (spec §2 "/acervo/{id}/solicitacao-emprestimo"); `?solicitacao=` shows the outcome (PRG). */
export async function loadLoanRequestPage({ request, params, context }: Route.LoaderArgs) {
  const id = requestTitle(request, params, context);
  const t = getT(context);
  const opts = await options(context, id);
  const created = new URL(request.url).searchParams.get("solicitacao");
  if (created && /^\d+$/.test(created)) {
    return {
      kind: "created" as const,
      codAcervo: id,
      titulo: opts.titulo,
      numero: created,
      pageTitle: t("requests:loan.created_title"),
    };
  }
  // Nothing to request: when nothing can be held either, the waiting list is offered instead (ADR 094).
  const waiting = opts.bibliotecas_origem.length === 0 ? await waitingListOrNull(getApi(context), id) : null;
  const waitingView: WaitingListView | null = waitingListView(waiting);
  return {
    kind: "form" as const,
    codAcervo: id,
    options: opts,
    waiting: waitingView,
    chave: crypto.randomUUID(),
    pageTitle: t("requests:loan.page_title", { title: opts.titulo }),
  };
}

export type LoanActionData = RequestActionData;

/** Validates and sends the request; created → PRG; over the limit / duplicate → 400 with the rule's message. */
export async function loanRequestAction({ request, params, context }: Route.ActionArgs) {
  const id = requestTitle(request, params, context);
  const opts = await options(context, id);
  return submitRequest({
    form: await request.formData(),
    schema: loanRequestSchema(opts),
    fields: LOAN_REQUEST_FIELDS,
    send: async ({ chave, ...payload }) => {
      const created = await createLoanRequest(getApi(context), id, {
        ...payload,
        chave_envio: chave,
      });
      return `/acervo/${id}/solicitacao-emprestimo?solicitacao=${created.cod_solicitacao}`;
    },
  });
}
