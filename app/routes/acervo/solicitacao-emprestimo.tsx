import { pageTitle } from "~/components/search/page-title";
import { useState } from "react";
import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import { fieldError } from "~/components/requests/form-errors";
import { RequestFormPage, RequestOutcome, useRequestForm } from "~/components/requests/RequestForm";
import { SelectField } from "~/components/requests/SelectField";
import { WaitingListOffer, type WaitingListView } from "~/components/requests/WaitingListOffer";
import { TextField } from "~/components/ui/TextField";
import type { LoanRequestOptions } from "~/lib/api/requests.server";
import { cleanPhone, loanRequestSchema, PHONE_MAX, REQUEST_NOTE_MAX } from "~/schemas/loan-request";
import { LOAN_REQUEST_FIELDS } from "~/schemas/loan-request";
import type { Route } from "./+types/solicitacao-emprestimo";
import { loadLoanRequestPage, loanRequestAction } from "./solicitacao-emprestimo.server";
import type { LoanActionData } from "./solicitacao-emprestimo.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : [];
}

export function loader(args: Route.LoaderArgs) {
  return loadLoanRequestPage(args);
}

export function action(args: Route.ActionArgs) {
  return loanRequestAction(args);
}

export default function LoanRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("requests");
  const titlePath = `/acervo/${loaderData.codAcervo}`;
  if (loaderData.kind === "created") {
    return (
      <RequestOutcome
        heading={t("loan.created_heading")}
        text={t("loan.created_text", {
          title: loaderData.titulo,
          number: loaderData.numero,
        })}
        titlePath={titlePath}
      />
    );
  }
  return <LoanRequestForm page={loaderData} actionData={actionData as LoanActionData | undefined} titlePath={titlePath} />;
}

function LoanRequestForm({
  page,
  actionData,
  titlePath,
}: {
  page: {
    options: LoanRequestOptions;
    chave: string;
    codAcervo: number;
    waiting: WaitingListView | null;
  };
  actionData?: LoanActionData;
  titlePath: string;
}) {
  const { t } = useTranslation("requests");
  const opts = page.options;
  const state = useRequestForm({
    id: "solicitacao-form",
    schema: loanRequestSchema(opts),
    actionData,
    fieldNames: LOAN_REQUEST_FIELDS,
    options: opts,
    summaryFields: [
      "biblioteca_origem",
      "biblioteca_recebimento",
      "cod_local_recebimento",
      "domicilio",
      "recebimento_textual",
      "pessoa_autorizada",
      "email",
      "telefone",
    ],
  });
  const { errors, str, fieldId: id } = state;
  const [location, setLocation] = useState(str("cod_local_recebimento") ?? "");
  const home = opts.locais_recebimento.find((l) => String(l.codigo) === location)?.domicilio ?? false;

  if (opts.bibliotecas_origem.length === 0) {
    return (
      <div className="page">
        <h1>{t("loan.heading", { title: opts.titulo })}</h1>
        <p className="notice notice--warning">{t("loan.unavailable")}</p>
        {page.waiting ? <WaitingListOffer codAcervo={page.codAcervo} waiting={page.waiting} /> : null}
        <ul>
          {page.waiting ? null : (
            <li>
              <Link to={`${titlePath}/reserva`}>{t("loan.offer_hold")}</Link>
            </li>
          )}
          <li>
            <Link to={titlePath}>{t("back_to_title")}</Link>
          </li>
        </ul>
      </div>
    );
  }
  return (
    <RequestFormPage
      heading={t("loan.heading", { title: opts.titulo })}
      intro={<p>{t("loan.intro")}</p>}
      state={state}
      chave={page.chave}
      options={opts}
      submitLabel={t("loan.submit")}
      titlePath={titlePath}
    >
      <SelectField
        id={id("biblioteca_origem")}
        name="biblioteca_origem"
        label={t("loan.origin")}
        placeholder={opts.bibliotecas_origem.length === 1 ? false : t("fields.choose")}
        options={opts.bibliotecas_origem.map((b) => ({
          value: String(b.cod_biblioteca),
          label: b.desc_biblioteca,
        }))}
        defaultValue={str("biblioteca_origem")}
        error={fieldError(t, errors.biblioteca_origem)}
        required
      />
      <SelectField
        id={id("biblioteca_recebimento")}
        name="biblioteca_recebimento"
        label={t("loan.receiving")}
        placeholder={t("fields.choose")}
        options={opts.bibliotecas_recebimento.map((b) => ({
          value: String(b.cod_biblioteca),
          label: b.desc_biblioteca,
        }))}
        defaultValue={str("biblioteca_recebimento")}
        error={fieldError(t, errors.biblioteca_recebimento)}
        required
      />
      <SelectField
        id={id("cod_local_recebimento")}
        name="cod_local_recebimento"
        label={t("loan.location")}
        placeholder={t("fields.choose")}
        options={opts.locais_recebimento.map((l) => ({
          value: String(l.codigo),
          label: l.descricao,
        }))}
        defaultValue={str("cod_local_recebimento")}
        error={fieldError(t, errors.cod_local_recebimento)}
        onChange={setLocation}
        required
      />
      {/* Always shown (it works without JS); the hint says when it is required, and JS marks it required. */}
      <TextField
        id={id("domicilio")}
        name="domicilio"
        label={t("loan.address")}
        description={t("loan.address_hint")}
        defaultValue={str("domicilio")}
        error={fieldError(t, errors.domicilio)}
        autoComplete="address-line1"
        required={home}
      />
      <TextField
        id={id("recebimento_textual")}
        name="recebimento_textual"
        label={t("loan.receiving_note")}
        description={t("loan.receiving_note_hint", { max: REQUEST_NOTE_MAX })}
        defaultValue={str("recebimento_textual")}
        error={fieldError(t, errors.recebimento_textual)}
        maxLength={REQUEST_NOTE_MAX}
      />
      <TextField
        id={id("pessoa_autorizada")}
        name="pessoa_autorizada"
        label={t("loan.authorised")}
        description={t("loan.authorised_hint")}
        defaultValue={str("pessoa_autorizada")}
        error={fieldError(t, errors.pessoa_autorizada)}
      />
      <TextField
        id={id("email")}
        name="email"
        type="email"
        label={t("loan.email")}
        defaultValue={str("email") ?? opts.email}
        error={fieldError(t, errors.email)}
        autoComplete="email"
        required
      />
      {/* With JS, characters a phone does not keep are removed while typing (spec §5). */}
      <div
        onInput={(e) => {
          const input = e.target as HTMLInputElement;
          if (input.name === "telefone") {
            const clean = cleanPhone(input.value);
            if (clean !== input.value) input.value = clean;
          }
        }}
      >
        <TextField
          id={id("telefone")}
          name="telefone"
          type="tel"
          inputMode="tel"
          label={t("loan.phone")}
          description={t("loan.phone_hint", { max: PHONE_MAX })}
          defaultValue={str("telefone") ?? opts.telefone}
          error={fieldError(t, errors.telefone)}
          autoComplete="tel"
          maxLength={PHONE_MAX}
          required
        />
      </div>
    </RequestFormPage>
  );
}
