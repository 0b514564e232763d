import { pageTitle } from "~/components/search/page-title";
import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/framework/use-translation";
import { createContext, data, Form, redirect, type RouterContextProvider } from "react-router";
import { Link } from "~/framework/Link";
import { fieldError } from "~/components/requests/form-errors";
import { RequestFormPage, RequestOutcome, useRequestForm, type RequestActionData } from "~/components/requests/RequestForm";
import { SelectField } from "~/components/requests/SelectField";
import { TextField } from "~/components/ui/TextField";
import { WaitingListOffer, type WaitingListView } from "~/components/requests/WaitingListOffer";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { getHoldOptions, getMyHolds, placeHold, orNotFound, TITLE_IMPEDIMENTS, type HoldOptions } from "~/lib/api/requests.server";
import { holdRefusalOf } from "~/lib/api/hold-refusal";
import { HoldRefusal } from "~/components/requests/HoldRefusal";
import { joinWaitingList, waitingListError, waitingListOrNull, waitingListView } from "~/lib/api/waiting-list.server";
import { getT } from "~/lib/i18n.server";
import { PRODUCT_NAME } from "~/lib/product";
import { markActionFailed } from "~/lib/action-failed.server";
import { holdSchema, PICKUP_PLACE_MAX } from "~/schemas/hold";
import { WaitingListJoinSchema } from "~/schemas/waiting-list";
import type { Route } from "./+types/acervo.reserva";
import { invalidRequest, requestTitle, submitRequest } from "./+shared/request-form.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : [];
}

function options(context: Route.LoaderArgs["context"], id: number): Promise<HoldOptions> {
  return orNotFound(getHoldOptions(getApi(context), id));
}

/**
 * The hold form (spec §2 "/acervo/{id}/reserva"): options from informacoes-iniciais; after placing, the same URL
 * with `?reserva=` shows the queue position (PRG). Behind login.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
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

type HoldActionData = RequestActionData;

const FIELDS = ["biblioteca", "volume", "tomo", "parte", "material_adicional", "localizacao"];

/** Validates, checks the queue (POST /validar-fila) and places the hold (POST /reserva); PRG to the position. */
export async function action({ request, params, context }: Route.ActionArgs) {
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
    fields: FIELDS,
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

export default function HoldPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("requests");
  const titlePath = `/acervo/${loaderData.codAcervo}`;
  if (loaderData.kind === "placed") {
    return (
      <RequestOutcome
        heading={t("hold.placed_heading")}
        text={t("hold.placed_text", {
          title: loaderData.titulo,
          position: loaderData.posicao,
        })}
        titlePath={titlePath}
      >
        {loaderData.biblioteca ? <p>{t("hold.placed_library", { library: loaderData.biblioteca })}</p> : null}
      </RequestOutcome>
    );
  }
  if (loaderData.kind === "waiting") {
    return (
      <RequestOutcome
        heading={t("waiting.joined_heading")}
        text={t("waiting.joined_text", {
          title: loaderData.titulo,
          position: loaderData.posicao,
        })}
        titlePath={titlePath}
      >
        <p>{t("waiting.joined_alert", { product: PRODUCT_NAME })}</p>
      </RequestOutcome>
    );
  }
  if (loaderData.kind === "unanswered") return <UnansweredHold values={loaderData.values} titlePath={titlePath} />;
  return <HoldForm data={loaderData} actionData={actionData as HoldActionData | undefined} titlePath={titlePath} />;
}

/** The API did not answer the hold (JS off): what was sent, ready to send again with the same key. */
function UnansweredHold({ values, titlePath }: { values: Record<string, string>; titlePath: string }) {
  const { t } = useTranslation("requests");
  return (
    <div className="page">
      <h1>{t("hold.unanswered_title")}</h1>
      <div className="notice notice--warning" role="alert">
        <p>{t("hold.unanswered_text")}</p>
      </div>
      <Form method="post">
        {Object.entries(values).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button">
          {t("hold.unanswered_again")}
        </button>{" "}
        <Link to={titlePath} className="button button--secondary">
          {t("cancel")}
        </Link>
      </Form>
    </div>
  );
}

function HoldForm({
  data: page,
  actionData,
  titlePath,
}: {
  data: {
    options: HoldOptions;
    chave: string;
    codAcervo: number;
    waiting: WaitingListView | null;
  };
  actionData?: HoldActionData;
  titlePath: string;
}) {
  const { t } = useTranslation("requests");
  const { options: opts } = page;
  const state = useRequestForm({
    id: "reserva-form",
    schema: holdSchema(opts),
    actionData,
    fieldNames: FIELDS,
    options: opts,
    summaryFields: ["biblioteca", "localizacao"],
  });
  const heading = <h1>{t("hold.heading", { title: opts.titulo })}</h1>;

  // The patron may not hold it (already held, on loan, their limit or standing): why, and where to go next.
  const refusal = holdRefusalOf(opts);
  if (refusal) {
    return (
      <div className="page">
        {heading}
        <HoldRefusal refusal={refusal}>
          <li>
            <Link to={titlePath}>{t("back_to_title")}</Link>
          </li>
        </HoldRefusal>
      </div>
    );
  }

  if (opts.impedimento) {
    return (
      <div className="page">
        {heading}
        <p className="notice notice--warning">{t(`rules.${opts.impedimento}`)}</p>
        {page.waiting ? <WaitingListOffer codAcervo={page.codAcervo} waiting={page.waiting} result={actionData?.result} formError={actionData?.formError} /> : null}
        {opts.impedimento === "exemplar_disponivel" && !page.waiting ? (
          <ul>
            <li>
              <Link to={`${titlePath}/solicitacao-emprestimo`}>{t("hold.offer_loan_request")}</Link>
            </li>
            <li>
              <Link to={titlePath}>{t("hold.offer_copies")}</Link>
            </li>
          </ul>
        ) : (
          <p>
            <Link to={titlePath}>{t("back_to_title")}</Link>
          </p>
        )}
      </div>
    );
  }
  return (
    <RequestFormPage
      heading={t("hold.heading", { title: opts.titulo })}
      intro={<p>{opts.fila > 0 ? t("hold.queue", { count: opts.fila }) : t("hold.queue_empty")}</p>}
      state={state}
      chave={page.chave}
      options={opts}
      submitLabel={t("hold.submit")}
      titlePath={titlePath}
    >
      <SelectField
        id="reserva-biblioteca"
        name="biblioteca"
        label={t("hold.library")}
        description={t("hold.library_hint")}
        placeholder={opts.bibliotecas.length === 1 ? false : t("fields.choose")}
        options={opts.bibliotecas.map((b) => ({
          value: String(b.cod_biblioteca),
          label: b.desc_biblioteca,
        }))}
        defaultValue={state.str("biblioteca")}
        error={fieldError(t, state.errors.biblioteca)}
        required
      />
      <TextField
        id={state.fieldId("localizacao")}
        name="localizacao"
        label={t("hold.pickup_place")}
        description={t("hold.pickup_place_hint", { max: PICKUP_PLACE_MAX })}
        defaultValue={state.str("localizacao")}
        error={fieldError(t, state.errors.localizacao)}
        maxLength={PICKUP_PLACE_MAX}
      />
    </RequestFormPage>
  );
}
