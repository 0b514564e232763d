import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { PageTitle } from "~/components/profile/PageTitle";
import { StatusMessage } from "~/components/account/StatusMessage";
import { fieldError, summaryOf } from "~/components/forms/form-errors";
import { SelectField } from "~/components/forms/SelectField";
import { TextField } from "~/components/forms/TextField";
import { EDUCATION_LEVELS, GENDERS, MARITAL_STATUSES, type PersonalField } from "~/lib/api/account/types";
import { formatDate, formatDateTime } from "~/lib/i18n";
import { EmailChangeFormSchema, HistoryChoiceFormSchema, PersonalDataFormSchema } from "~/schemas/account/personal-data";
import { PHONE_MAX } from "../../../contract/contact-details";
import { HISTORY_CHOICES } from "../../../contract/notifications";
import type { Route } from "./+types/dados-pessoais";
import { PROFILE_PATH } from "~/components/profile/paths";
import { loadProfile, profileAction } from "./dados-pessoais.server";
import { NOTIFICATIONS_PATH } from "./paths";
import type { ProfileActionData } from "./dados-pessoais.server";
import "~/components/profile/profile.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProfile(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return profileAction(request, context);
}

const TEXT_FIELDS: readonly PersonalField[] = ["logradouro", "complemento", "cep", "bairro", "cidade", "cpf", "localizacao", "profissao"];
const CHOICES: Partial<Record<PersonalField, readonly string[]>> = { sexo: GENDERS, escolaridade: EDUCATION_LEVELS, estado_civil: MARITAL_STATUSES };
const GROUPS: Array<{ legend: string; fields: PersonalField[] }> = [
  { legend: "address", fields: ["logradouro", "complemento", "cep", "bairro", "cidade"] },
  { legend: "documents", fields: ["identidade", "cpf", "nacionalidade", "data_nascimento"] },
  { legend: "about", fields: ["sexo", "escolaridade", "localizacao", "profissao", "estado_civil"] },
];

/** Personal data (spec §3): every field, the ones the institution lets the patron change as a form; password, "my data" and the loan-history choice. */
export default function PersonalDataPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("profile");
  const { personal, history, notice, title } = loaderData;
  const ad = actionData as ProfileActionData | undefined;
  const dadosResult = ad?.form === "dados" ? ad.result : undefined;
  const historyResult = ad?.form === "historico" ? ad.result : undefined;
  const emailResult = ad?.form === "email" ? ad.result : undefined;
  const [form, fields] = useForm({
    id: "dados-pessoais",
    lastResult: dadosResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PersonalDataFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [hForm, hFields] = useForm({
    id: "historico-form",
    lastResult: historyResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: HistoryChoiceFormSchema }),
    shouldValidate: "onSubmit",
  });
  const [eForm, eFields] = useForm({
    id: "email-form",
    lastResult: emailResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailChangeFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const editable = new Set(personal.editaveis);
  const typed = (dadosResult?.initialValue ?? null) as Record<string, unknown> | null;
  const valueOf = (f: PersonalField): string | undefined => {
    if (typed) return typeof typed[f] === "string" ? (typed[f] as string) : undefined;
    const v = personal.dados[f];
    return typeof v === "string" ? v : undefined;
  };
  const fieldErrors = (f: PersonalField) => (fields as unknown as Record<string, { errors?: string[] }>)[f]?.errors;
  const id = (f: string) => `pd-${f}`;
  const shown = (f: PersonalField): string => {
    const v = personal.dados[f];
    if (v === null || v === undefined || v === "") return t("personal.not_informed");
    if (f === "data_nascimento" && typeof v === "string") return formatDate(v, i18n.language);
    if (CHOICES[f] && typeof v === "string") return t(`personal.options.${f}.${v}`);
    return String(v);
  };
  const summary = summaryOf(
    t,
    ad?.form === "dados" ? ad.formError : null,
    [{ id: id("telefone"), errors: fields.telefone.errors }].concat(
      TEXT_FIELDS.concat(Object.keys(CHOICES) as PersonalField[])
        .filter((f) => editable.has(f))
        .map((f) => ({ id: id(f), errors: fieldErrors(f) })),
    ),
    id("telefone"),
  );
  const emailSummary = summaryOf(t, ad?.form === "email" ? ad.formError : null, [{ id: "novo-email", errors: eFields.email.errors }], "novo-email");
  const typedEmail = (emailResult?.initialValue ?? null) as Record<string, unknown> | null;
  const pending = personal.email_pendente ?? null;
  const historySummary = summaryOf(
    t,
    ad?.form === "historico" ? ad.formError : null,
    [{ id: "historico-apagar", errors: hFields.apagar.errors }],
    "historico-guardar-sempre",
  );
  const failed = Boolean(ad && (summary.length > 0 || historySummary.length > 0 || emailSummary.length > 0));
  const noticeText = notice ? t(`personal.notice.${notice}`) : null;
  const typedHistory = (historyResult?.initialValue ?? null) as Record<string, unknown> | null;
  const chosen = typeof typedHistory?.guardar === "string" ? typedHistory.guardar : (history?.modo ?? "sempre");

  return (
    <div className="page profile">
      <PageTitle title={title} failed={failed} outcome={noticeText} />
      <h1>{t("personal.heading")}</h1>
      <StatusMessage message={noticeText} />
      <p>{t("personal.intro", { name: personal.nome_pessoa })}</p>

      <ErrorSummary errors={summary} />
      {/* Keyed by the saved data: after a save the fields show what the library stored (e.g. the CEP as
          00000-000), not the raw text still in the uncontrolled inputs; a refused save keeps what was typed. */}
      <Form key={JSON.stringify(personal)} method="post" {...getFormProps(form)} noValidate className="profile-form">
        <input type="hidden" name="intent" value="dados" />
        <fieldset className="profile-fieldset">
          <legend>{t("personal.groups.contact")}</legend>
          <TextField
            id={id("telefone")}
            name="telefone"
            type="tel"
            label={t("personal.fields.telefone")}
            description={t("personal.hints.telefone", { max: PHONE_MAX })}
            inputMode="tel"
            autoComplete="tel"
            maxLength={40}
            defaultValue={typed ? (typeof typed.telefone === "string" ? typed.telefone : undefined) : (personal.telefone ?? undefined)}
            error={fieldError(t, fields.telefone.errors)}
          />
        </fieldset>
        {GROUPS.map((g) => (
          <fieldset key={g.legend} className="profile-fieldset">
            <legend>{t(`personal.groups.${g.legend}`)}</legend>
            {g.fields.map((f) => {
              if (!editable.has(f)) {
                return (
                  <p key={f} className="profile-readonly">
                    <strong>{t(`personal.fields.${f}`)}:</strong> {shown(f)} <span className="profile-readonly__hint">{t("personal.read_only")}</span>
                  </p>
                );
              }
              const options = CHOICES[f];
              if (options) {
                return (
                  <SelectField
                    key={f}
                    id={id(f)}
                    name={f}
                    label={t(`personal.fields.${f}`)}
                    placeholder={t("personal.not_informed")}
                    options={options.map((o) => ({ value: o, label: t(`personal.options.${f}.${o}`) }))}
                    defaultValue={valueOf(f)}
                    error={fieldError(t, fieldErrors(f))}
                  />
                );
              }
              return (
                <TextField
                  key={f}
                  id={id(f)}
                  name={f}
                  label={t(`personal.fields.${f}`)}
                  description={f === "cpf" ? t("personal.hints.cpf") : f === "cep" ? t("personal.hints.cep") : undefined}
                  inputMode={f === "cpf" || f === "cep" ? "numeric" : undefined}
                  autoComplete={
                    f === "cep"
                      ? "postal-code"
                      : f === "cidade"
                        ? "address-level2"
                        : f === "logradouro"
                          ? "address-line1"
                          : f === "complemento"
                            ? "address-line2"
                            : undefined
                  }
                  maxLength={f === "cpf" || f === "cep" ? 20 : 200}
                  defaultValue={valueOf(f)}
                  error={fieldError(t, fieldErrors(f))}
                />
              );
            })}
          </fieldset>
        ))}
        {editable.has("recebe_email") ? (
          <div className="profile-check">
            <input
              type="checkbox"
              id={id("recebe_email")}
              name="recebe_email"
              defaultChecked={typed ? typed.recebe_email === "on" : personal.dados.recebe_email}
            />
            <label htmlFor={id("recebe_email")}>{t("personal.fields.recebe_email")}</label>
          </div>
        ) : (
          <p>
            {t("personal.fields.recebe_email")}: {personal.dados.recebe_email ? t("personal.yes") : t("personal.no")}
          </p>
        )}
        <button type="submit" className="button">
          {t("personal.save")}
        </button>
      </Form>

      <section aria-labelledby="email-titulo" className="profile-section" id="email">
        <h2 id="email-titulo">{t("email.heading")}</h2>
        <p>{personal.email ? t("email.current", { email: personal.email }) : t("email.none")}</p>
        {pending ? (
          <div className="notice notice--warning" id="email-pendente">
            <p>{t("email.pending", { email: pending.email, until: formatDateTime(pending.expira_em, i18n.language) })}</p>
            <p>{personal.email ? t("email.pending_keep", { email: personal.email }) : null}</p>
            <Form method="post" action={`${PROFILE_PATH}#email`}>
              <input type="hidden" name="intent" value="email-cancelar" />
              <button type="submit" className="button button--secondary">
                {t("email.cancel")}
              </button>
            </Form>
          </div>
        ) : null}
        <ErrorSummary errors={emailSummary} />
        <Form method="post" {...getFormProps(eForm)} noValidate action={`${PROFILE_PATH}#email`} className="profile-form">
          <input type="hidden" name="intent" value="email" />
          <TextField
            id="novo-email"
            name="email"
            type="email"
            label={t("email.new")}
            description={t("email.new_hint")}
            autoComplete="email"
            inputMode="email"
            maxLength={300}
            defaultValue={typedEmail && typeof typedEmail.email === "string" ? typedEmail.email : undefined}
            error={fieldError(t, eFields.email.errors)}
          />
          <button type="submit" className="button">
            {t("email.submit")}
          </button>
        </Form>
      </section>

      <section aria-labelledby="avisos-titulo" className="profile-section" id="avisos">
        <h2 id="avisos-titulo">{t("notifications_heading")}</h2>
        <p>
          <Link to={NOTIFICATIONS_PATH}>{t("notifications_link")}</Link>
        </p>
      </section>

      <section aria-labelledby="senha" className="profile-section">
        <h2 id="senha">{t("password.heading")}</h2>
        <p>
          <Link to={`${PROFILE_PATH}/senha`}>{t("password.link")}</Link>
        </p>
      </section>

      <section aria-labelledby="meus-dados" className="profile-section">
        <h2 id="meus-dados">{t("my_data.heading")}</h2>
        <p>{t("my_data.intro")}</p>
        <ul>
          <li>
            <a href={`${PROFILE_PATH}/meus-dados?formato=json`} download>
              {t("my_data.json")}
            </a>
          </li>
          <li>
            <a href={`${PROFILE_PATH}/meus-dados?formato=csv`} download>
              {t("my_data.csv")}
            </a>
          </li>
        </ul>
      </section>

      <section aria-labelledby="historico-titulo" className="profile-section" id="historico">
        <h2 id="historico-titulo">{t("history.heading")}</h2>
        {history === null ? (
          <p className="notice notice--warning">{t("history.failed")}</p>
        ) : (
          <>
            <p>
              {history.modo === "nunca"
                ? `${t("history.not_kept")}${history.total > 0 ? ` ${t("history.remaining", { count: history.total })}` : ""}`
                : t(`history.kept_${history.modo}`, { count: history.total, days: history.dias_padrao })}
            </p>
            <ErrorSummary errors={historySummary} />
            <Form method="post" {...getFormProps(hForm)} noValidate action={`${PROFILE_PATH}#historico`}>
              <input type="hidden" name="intent" value="historico" />
              <fieldset className="profile-fieldset">
                <legend>{t("history.legend")}</legend>
                {HISTORY_CHOICES.map((choice) => (
                  <div className="profile-check" key={choice}>
                    <input type="radio" id={`historico-guardar-${choice}`} name="guardar" value={choice} defaultChecked={chosen === choice} />
                    <label htmlFor={`historico-guardar-${choice}`}>{t(`history.choice.${choice}`, { days: history.dias_padrao })}</label>
                  </div>
                ))}
              </fieldset>
              <div className={hFields.apagar.errors ? "profile-check field--invalid" : "profile-check"}>
                {hFields.apagar.errors ? (
                  <p className="field__error" id="historico-apagar-erro">
                    <span className="visually-hidden">{t("common:errors.prefix")} </span>
                    {fieldError(t, hFields.apagar.errors)}
                  </p>
                ) : null}
                <input
                  type="checkbox"
                  id="historico-apagar"
                  name="apagar"
                  value="sim"
                  defaultChecked={typedHistory?.apagar === "sim"}
                  aria-invalid={hFields.apagar.errors ? true : undefined}
                  aria-describedby={hFields.apagar.errors ? "historico-apagar-erro historico-apagar-dica" : "historico-apagar-dica"}
                />
                <label htmlFor="historico-apagar">{t("history.delete", { count: history.total })}</label>
                <p className="field__description" id="historico-apagar-dica">
                  {t("history.delete_hint")}
                </p>
              </div>
              <button type="submit" className="button button--secondary">
                {t("history.save")}
              </button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
