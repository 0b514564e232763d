import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { fieldError } from "~/components/requests/form-errors";
import { RequestFormPage, RequestOutcome, useRequestForm } from "~/components/requests/RequestForm";
import { SelectField } from "~/components/requests/SelectField";
import { TextField } from "~/components/ui/TextField";
import { WaitingListOffer, type WaitingListView } from "~/components/requests/WaitingListOffer";
import type { HoldOptions } from "~/lib/api/requests.server";
import { holdRefusalOf } from "~/lib/api/hold-refusal";
import { HoldRefusal } from "~/components/requests/HoldRefusal";
import { PRODUCT_NAME } from "~/lib/product";
import { holdSchema, REQUEST_TEXT_MAX } from "~/schemas/hold";
import { HOLD_FIELDS } from "~/schemas/hold";
import type { Route } from "./+types/reserva";
import { loadHoldPage, holdAction } from "./reserva.server";
import type { HoldActionData } from "./reserva.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : [];
}

export function loader(args: Route.LoaderArgs) {
  return loadHoldPage(args);
}

export function action(args: Route.ActionArgs) {
  return holdAction(args);
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
    fieldNames: HOLD_FIELDS,
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
        {page.waiting ? (
          <WaitingListOffer codAcervo={page.codAcervo} waiting={page.waiting} result={actionData?.result} formError={actionData?.formError} />
        ) : null}
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
        description={t("hold.pickup_place_hint", { max: REQUEST_TEXT_MAX })}
        defaultValue={state.str("localizacao")}
        error={fieldError(t, state.errors.localizacao)}
        maxLength={REQUEST_TEXT_MAX}
      />
    </RequestFormPage>
  );
}
