/** The hold form's loader and action (spec §2 /acervo/{id}/reserva): the options, placing the hold once per key (ADR 115), the waiting list (ADR 094). */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import type { RequestActionData } from "~/components/requests/RequestForm";
import type { WaitingListView } from "~/components/requests/WaitingListOffer";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { getHoldOptions, getMyHolds, placeHold, orNotFound, TITLE_IMPEDIMENTS, type HoldOptions } from "~/lib/api/requests.server";
import { holdRefusalOf } from "~/lib/api/hold-refusal";
import { joinWaitingList, waitingListError, waitingListOrNull, waitingListView } from "~/lib/api/waiting-list.server";
import { getT } from "~/lib/i18n.server";
import { markActionFailed } from "~/lib/action-failed.server";
import { holdSchema } from "~/schemas/hold";
import { WaitingListJoinSchema } from "~/schemas/waiting-list";
import type { Route } from "./+types/reserva";
import { invalidRequest, requestTitle, submitRequest } from "../+shared/request-form.server";
import { HOLD_FIELDS } from "~/schemas/hold";

function options(context: Route.LoaderArgs["context"], id: number): Promise<HoldOptions> {
  return orNotFound(getHoldOptions(getApi(context), id));
}

/**
 * The hold form (spec §2 "/acervo/{id}/reserva"): options from informacoes-iniciais; after placing, the same URL
 * with `?reserva=` shows the queue position (PRG). Behind login.
 */
export async function loadHoldPage({ request, params, context }: Route.LoaderArgs) {
  const id = requestTitle(request, params, context);
  const t = getT(context);
  const placed = Number(new URL(request.url).searchParams.get("reserva"));
  if (Number.isInteger(placed) && placed > 0) {
    const hold = (await getMyHolds(getApi(context))).find((h) => h.cod_reserva === placed && h.cod_acervo === id);
    if (hold) {
      return {
        kind: "placed" as const,
        codAcervo: id,
        titulo: String(hold.titulo ?? ""),
        posicao: hold.posicao,
        biblioteca: hold.biblioteca ?? null,
        pageTitle: t("requests:hold.placed_title"),
      };
    }
  }
  // This request's hold was sent and the API did not answer (JS off: the action ran just before).
  const unanswered = context.get(unansweredHold);
  let opts: HoldOptions;
  try {
    opts = await options(context, id);
  } catch (err) {
    if (!(unanswered && err instanceof ApiError && err.status === 0)) throw err;
    // The form again, from what was sent and with the same key: sending it again places one hold (ADR 115).
    return data(
      {
        kind: "unanswered" as const,
        codAcervo: id,
        values: unanswered,
        pageTitle: `${t("common:errors.prefix")} ${t("requests:hold.unanswered_title")}`,
      },
      { status: 503 },
    );
  }
  // Nothing can be held: the waiting list is offered (ADR 094), and `?lista=entrou` confirms joining it (PRG). Not
  // when it is the patron who may not hold (the title on loan, already held…): the page says why instead.
  const titleImpediment = (TITLE_IMPEDIMENTS as readonly string[]).includes(opts.impedimento ?? "") && !holdRefusalOf(opts);
  const waiting = titleImpediment ? await waitingListOrNull(getApi(context), id) : null;
  if (waiting?.posicao && new URL(request.url).searchParams.get("lista") === "entrou") {
    return {
      kind: "waiting" as const,
      codAcervo: id,
      titulo: waiting.titulo,
      posicao: waiting.posicao,
      pageTitle: t("requests:waiting.joined_title"),
    };
  }
  const waitingView: WaitingListView | null = waitingListView(waiting);
  // A fresh idempotency key per form: a double submit or a resubmit of this form creates one hold. After a
  // hold the API did not answer, the form keeps the key it was sent with.
  const chave = unanswered?.chave ?? crypto.randomUUID();
  return {
    kind: "form" as const,
    codAcervo: id,
    options: opts,
    waiting: waitingView,
    chave,
    pageTitle: t("requests:hold.page_title", { title: opts.titulo }),
  };
}

/** What the action sent when the API did not answer, for the loader of the same request (JS off). */
const unansweredHold = createContext<Record<string, string> | null>(null);

function rememberUnanswered(context: Readonly<RouterContextProvider>, form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const k of ["biblioteca", "volume", "tomo", "parte", "material_adicional", "chave"]) {
    const v = form.get(k);
    if (typeof v === "string" && v.length <= 200) values[k] = v;
  }
  (context as RouterContextProvider).set(unansweredHold, values);
  return values;
}

export type HoldActionData = RequestActionData;

/** Validates, checks the queue (POST /validar-fila) and places the hold (POST /reserva); PRG to the position. */
export async function holdAction({ request, params, context }: Route.ActionArgs) {
  const id = requestTitle(request, params, context);
  const form = await request.formData();
  // The waiting-list offer (here and on the loan request page) posts here too.
  if (form.get("intent") === "lista-espera") return joinWaitingListAction(form, id, context);
  let opts: HoldOptions;
  try {
    opts = await options(context, id);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 0)) throw err;
    return unanswered(context, {
      status: "error",
      initialValue: rememberUnanswered(context, form),
      error: {},
    });
  }
  return submitRequest({
    form,
    schema: holdSchema(opts),
    fields: HOLD_FIELDS,
    send: async (value) => {
      const v = value as Record<string, unknown> & { biblioteca: number; chave: string };
      const hold = await placeHold(getApi(context), {
        cod_acervo: id,
        biblioteca: v.biblioteca,
        volume: (v.volume as string | undefined) ?? null,
        tomo: (v.tomo as string | undefined) ?? null,
        parte: (v.parte as string | undefined) ?? null,
        material_adicional: (v.material_adicional as string | undefined) ?? null,
        localizacao: (v.localizacao as string | undefined) ?? null,
        chave_envio: v.chave,
      });
      return `/acervo/${id}/reserva?reserva=${hold.cod_reserva}`;
    },
    onUnanswered: (result) => {
      rememberUnanswered(context, form);
      return unanswered(context, result);
    },
  });
}

/**
 * The API did not answer (down, or slower than the timeout): the hold may or may not have been placed. 503,
 * the form kept with its key; sending it again shows the hold if it was placed, or places it once.
 */
function unanswered(context: Readonly<RouterContextProvider>, result: SubmissionResult<string[]>) {
  markActionFailed(context);
  return data<HoldActionData>({ result, formError: { key: "requests:hold.unanswered_text" } }, { status: 503 });
}

/** Joins the title's waiting list (idempotent in the API), then PRG to the confirmation with the position. */
async function joinWaitingListAction(form: FormData, id: number, context: Route.ActionArgs["context"]) {
  const submission = parseWithZod(form, { schema: WaitingListJoinSchema });
  if (submission.status !== "success") return invalidRequest(submission.reply());
  try {
    await joinWaitingList(getApi(context), id);
    return redirect(`/acervo/${id}/reserva?lista=entrou`);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    return data<HoldActionData>({ result: submission.reply(), formError: waitingListError(err) }, { status: err.status === 0 ? 503 : 400 });
  }
}
