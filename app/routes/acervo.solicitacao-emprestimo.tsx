import { pageTitle } from "~/components/search/page-title";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "~/framework/use-translation";
import { data, Form, redirect, useNavigation } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { DimensionFields, dimensionSummaryFields } from "~/components/requests/DimensionFields";
import { fieldError, summaryOf } from "~/components/requests/form-errors";
import { SelectField } from "~/components/requests/SelectField";
import { WaitingListOffer, type WaitingListView } from "~/components/requests/WaitingListOffer";
import { TextField } from "~/components/ui/TextField";
import { getApi } from "~/lib/api/client.server";
import { ApiError, type ErrorMessage } from "~/lib/api/errors";
import { createLoanRequest, getLoanRequestOptions, orNotFound, requestErrorReply, type LoanRequestOptions } from "~/lib/api/requests.server";
import { waitingListOrNull, waitingListView } from "~/lib/api/waiting-list.server";
import { getT } from "~/lib/i18n.server";
import { requireUser } from "~/lib/require-user.server";
import { cleanPhone, loanRequestSchema, PHONE_MAX } from "~/schemas/loan-request";
import type { Route } from "./+types/acervo.solicitacao-emprestimo";
import { parseCodAcervo } from "./acervo.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : [];
}

function options(context: Route.LoaderArgs["context"], id: number): Promise<LoanRequestOptions> {
  return orNotFound(getLoanRequestOptions(getApi(context), id));
}

/** The loan request form (spec §2 "/acervo/{id}/solicitacao-emprestimo"); `?solicitacao=` shows the outcome (PRG). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireUser(request, context);
  const id = parseCodAcervo(params.codAcervo);
  if (id === null) throw data(null, { status: 404 });
  const t = getT(context);
  const opts = await options(context, id);
  const created = new URL(request.url).searchParams.get("solicitacao");
  if (created && /^\d+$/.test(created)) {
    return { kind: "created" as const, codAcervo: id, titulo: opts.titulo, numero: created, pageTitle: t("requests:loan.created_title") };
  }
  // Nothing to request: when nothing can be held either, the waiting list is offered instead (ADR 094).
  const waiting = opts.bibliotecas_origem.length === 0 ? await waitingListOrNull(getApi(context), id) : null;
  const waitingView: WaitingListView | null = waitingListView(waiting);
  return { kind: "form" as const, codAcervo: id, options: opts, waiting: waitingView, chave: crypto.randomUUID(), pageTitle: t("requests:loan.page_title", { title: opts.titulo }) };
}

interface LoanActionData {
  result: SubmissionResult<string[]>;
  formError: ErrorMessage | null;
}

const FIELDS = ["biblioteca_origem", "biblioteca_recebimento", "cod_local_recebimento", "email", "telefone", "pessoa_autorizada", "domicilio", "volume", "tomo", "parte", "material_adicional"];

/** Validates and sends the request; created → PRG; over the limit / duplicate → 400 with the rule's message. */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireUser(request, context);
  const id = parseCodAcervo(params.codAcervo);
  if (id === null) throw data(null, { status: 404 });
  const opts = await options(context, id);
  const submission = parseWithZod(await request.formData(), { schema: loanRequestSchema(opts) });
  if (submission.status !== "success") return data<LoanActionData>({ result: submission.reply(), formError: null }, { status: 400 });
  const { chave, ...payload } = submission.value as Record<string, unknown> & { chave: string };
  try {
    const created = await createLoanRequest(getApi(context), id, { ...payload, chave_envio: chave });
    return redirect(`/acervo/${id}/solicitacao-emprestimo?solicitacao=${created.cod_solicitacao}`);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    const { fieldErrors, formError } = requestErrorReply(err, FIELDS);
    return data<LoanActionData>({ result: submission.reply({ fieldErrors }), formError }, { status: err.status === 0 ? 503 : 400 });
  }
}

export default function LoanRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("requests");
  const titlePath = `/acervo/${loaderData.codAcervo}`;
  if (loaderData.kind === "created") {
    return (
      <div className="page">
        <h1>{t("loan.created_heading")}</h1>
        <p className="notice" role="status">
          {t("loan.created_text", { title: loaderData.titulo, number: loaderData.numero })}
        </p>
        <p>
          <Link to={titlePath}>{t("back_to_title")}</Link>
        </p>
      </div>
    );
  }
  return <LoanRequestForm page={loaderData} actionData={actionData as LoanActionData | undefined} titlePath={titlePath} />;
}

function LoanRequestForm({
  page,
  actionData,
  titlePath,
}: {
  page: { options: LoanRequestOptions; chave: string; codAcervo: number; waiting: WaitingListView | null };
  actionData?: LoanActionData;
  titlePath: string;
}) {
  const { t } = useTranslation("requests");
  const navigation = useNavigation();
  const opts = page.options;
  const values = (actionData?.result.initialValue ?? {}) as Record<string, unknown>;
  const str = (k: string) => (typeof values[k] === "string" ? (values[k] as string) : undefined);
  const [location, setLocation] = useState(str("cod_local_recebimento") ?? "");
  const [form, fields] = useForm({
    id: "solicitacao-form",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loanRequestSchema(opts) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // conform's `fields` is a proxy (no own keys): read each field by name.
  const errors = Object.fromEntries([...FIELDS].map((k) => [k, (fields as Record<string, { errors?: string[] }>)[k]?.errors])) as Record<string, string[] | undefined>;
  const id = (f: string) => `solicitacao-${f}`;
  const summary = summaryOf(
    t,
    actionData?.formError,
    [
      ...dimensionSummaryFields("solicitacao", opts, errors),
      ...["biblioteca_origem", "biblioteca_recebimento", "cod_local_recebimento", "domicilio", "pessoa_autorizada", "email", "telefone"].map((f) => ({ id: id(f), errors: errors[f] })),
    ],
    id("biblioteca_origem"),
  );
  const home = opts.locais_recebimento.find((l) => String(l.codigo) === location)?.domicilio ?? false;
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";

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
    <div className="page">
      <h1>{t("loan.heading", { title: opts.titulo })}</h1>
      <ErrorSummary errors={summary} />
      <p>{t("loan.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <input type="hidden" name="chave" value={str("chave") ?? page.chave} />
        <DimensionFields t={t} idPrefix="solicitacao" options={opts} errors={errors} values={values} />
        <SelectField
          id={id("biblioteca_origem")}
          name="biblioteca_origem"
          label={t("loan.origin")}
          placeholder={opts.bibliotecas_origem.length === 1 ? false : t("fields.choose")}
          options={opts.bibliotecas_origem.map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca }))}
          defaultValue={str("biblioteca_origem")}
          error={fieldError(t, errors.biblioteca_origem)}
          required
        />
        <SelectField
          id={id("biblioteca_recebimento")}
          name="biblioteca_recebimento"
          label={t("loan.receiving")}
          placeholder={t("fields.choose")}
          options={opts.bibliotecas_recebimento.map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca }))}
          defaultValue={str("biblioteca_recebimento")}
          error={fieldError(t, errors.biblioteca_recebimento)}
          required
        />
        <SelectField
          id={id("cod_local_recebimento")}
          name="cod_local_recebimento"
          label={t("loan.location")}
          placeholder={t("fields.choose")}
          options={opts.locais_recebimento.map((l) => ({ value: String(l.codigo), label: l.descricao }))}
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
        <button type="submit" className="button" aria-disabled={submitting || undefined} onClick={(e) => submitting && e.preventDefault()}>
          {submitting ? t("sending") : t("loan.submit")}
        </button>{" "}
        <Link to={titlePath} className="button button--secondary">
          {t("cancel")}
        </Link>
      </Form>
    </div>
  );
}
