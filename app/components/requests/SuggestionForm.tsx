import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState, type ReactNode } from "react";
import { useTranslation } from "~/framework/use-translation";
import { Form, useFetcher } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { TextField } from "~/components/forms/TextField";
import type { ErrorMessage } from "~/lib/api/errors";
import { SuggestionSchema } from "~/schemas/suggestion";
import { fieldError, summaryOf } from "~/components/forms/form-errors";
import { SelectField } from "~/components/forms/SelectField";
import { TextAreaField } from "~/components/forms/TextAreaField";

export interface SuggestionFormProps {
  idPrefix: string;
  units: Array<{ cod_biblioteca: number; desc_biblioteca: string; cod_campus: number; nome_campus: string }>;
  signedIn: boolean;
  lastResult?: SubmissionResult<string[]> | null;
  formError?: ErrorMessage | null;
  via?: "page" | "modal";
  fetcher?: ReturnType<typeof useFetcher>;
  /** Where the login prompt brings the visitor back to. */
  loginRedirect: string;
  /** Where the form posts (the public page by default). */
  action?: string;
  /** The schema the browser checks before sending (the public suggestion's by default). */
  schema?: typeof SuggestionSchema;
  /** Fields a variant adds after the patron's (a professor's teaching plan, copies…), with their names for the summary. */
  extra?: { names: readonly string[]; render: (field: ExtraFieldProps) => ReactNode };
  /** The submit button's label, when not the public form's. */
  submitLabel?: string;
}

/** What a variant's extra fields need: the prefixed id, the kept value and the translated error of a field. */
export interface ExtraFieldProps {
  id: (name: string) => string;
  value: (name: string) => string | undefined;
  error: (name: string) => string | undefined;
}

const TEXT_FIELDS = ["titulo", "autor", "edicao", "editor", "isbn_issn", "periodico"] as const;

/**
 * The purchase suggestion form (spec §3 fields; library, title and publisher required). Choosing a campus narrows
 * the libraries with JS; without JS every library is listed with its campus. Logged out: a login prompt.
 */
export function SuggestionForm({
  idPrefix,
  units,
  signedIn,
  lastResult,
  formError,
  via = "page",
  fetcher,
  loginRedirect,
  action = "/sugestao",
  schema = SuggestionSchema,
  extra,
  submitLabel,
}: SuggestionFormProps) {
  const { t } = useTranslation("requests");
  const values = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const str = (k: string) => (typeof values[k] === "string" ? (values[k] as string) : undefined);
  const [campus, setCampus] = useState(str("campus") ?? "");
  const [form, fields] = useForm({
    id: `${idPrefix}-form`,
    lastResult: lastResult ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (!signedIn) {
    return (
      <p className="notice">
        {t("suggestion.login_prompt")} <Link to={`/login?redirect=${encodeURIComponent(loginRedirect)}`}>{t("comment.login_link")}</Link>
      </p>
    );
  }
  const id = (f: string) => `${idPrefix}-${f}`;
  // A variant's fields are not in the public schema's type; conform keeps their errors by name all the same.
  const extraErrors = (f: string) => (fields as unknown as Record<string, { errors?: string[] } | undefined>)[f]?.errors;
  const campuses = [...new Map(units.map((u) => [u.cod_campus, u.nome_campus])).entries()];
  const libraries = units.filter((u) => !campus || String(u.cod_campus) === campus);
  const summary = summaryOf(
    t,
    formError,
    [
      { id: id("campus"), errors: fields.campus.errors },
      { id: id("biblioteca"), errors: fields.biblioteca.errors },
      ...TEXT_FIELDS.map((f) => ({ id: id(f), errors: fields[f].errors })),
      { id: id("outras_inf"), errors: fields.outras_inf.errors },
      ...(extra?.names ?? []).map((f) => ({ id: id(f), errors: extraErrors(f) })),
    ],
    id("biblioteca"),
  );
  const FormTag = fetcher ? fetcher.Form : Form;
  const busy = fetcher ? fetcher.state !== "idle" : false;
  return (
    <>
      <ErrorSummary errors={summary} />
      <FormTag method="post" action={action} {...getFormProps(form)} noValidate>
        <input type="hidden" name="via" value={via} />
        <SelectField
          id={id("campus")}
          name="campus"
          label={t("fields.campus")}
          placeholder={t("fields.any_campus")}
          options={campuses.map(([cod, nome]) => ({ value: String(cod), label: nome }))}
          defaultValue={str("campus")}
          error={fieldError(t, fields.campus.errors)}
          onChange={setCampus}
        />
        <SelectField
          id={id("biblioteca")}
          name="biblioteca"
          label={t("fields.library")}
          placeholder={t("fields.choose")}
          options={libraries.map((u) => ({
            value: String(u.cod_biblioteca),
            label: campus ? u.desc_biblioteca : `${u.desc_biblioteca} (${u.nome_campus})`,
          }))}
          defaultValue={str("biblioteca")}
          error={fieldError(t, fields.biblioteca.errors)}
          required
        />
        {TEXT_FIELDS.map((f) => (
          <TextField
            key={f}
            id={id(f)}
            name={f}
            label={t(`suggestion.fields.${f}`)}
            defaultValue={str(f)}
            error={fieldError(t, fields[f].errors)}
            required={f === "titulo" || f === "editor"}
          />
        ))}
        <TextAreaField
          id={id("outras_inf")}
          name="outras_inf"
          label={t("suggestion.fields.outras_inf")}
          defaultValue={str("outras_inf")}
          error={fieldError(t, fields.outras_inf.errors)}
          maxLength={2000}
          rows={3}
        />
        {extra?.render({ id, value: str, error: (f) => fieldError(t, extraErrors(f)) })}
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t("sending") : (submitLabel ?? t("suggestion.submit"))}
        </button>
      </FormTag>
    </>
  );
}
