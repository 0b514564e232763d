import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { Link } from "~/framework/Link";
import type { ErrorMessage } from "~/lib/api/errors";
import { useTranslation } from "~/framework/use-translation";
import type { DimensionOptions } from "~/schemas/hold";
import { DimensionFields, dimensionSummaryFields } from "./DimensionFields";
import { summaryOf } from "~/components/forms/form-errors";

/** What a request form's action answers when it does not redirect (the hold, the loan request). */
export interface RequestActionData {
  result: SubmissionResult<string[]>;
  formError: ErrorMessage | null;
}

/**
 * The state of a request form (conform + zod, validated on submit and again while correcting): each named
 * field's errors, the values kept after a refused POST, the error summary's entries (the form's message, the
 * copy dimensions, then `summaryFields` in page order) and whether it is being sent.
 */
export function useRequestForm({
  id,
  schema,
  actionData,
  fieldNames,
  options,
  summaryFields,
}: {
  id: string;
  schema: z.ZodType;
  actionData: RequestActionData | undefined;
  fieldNames: readonly string[];
  options: DimensionOptions;
  summaryFields: readonly string[];
}) {
  const { t } = useTranslation("requests");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id,
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // conform's `fields` is a proxy (no own keys): read each field by name.
  const errors = Object.fromEntries(fieldNames.map((k) => [k, (fields as Record<string, { errors?: string[] }>)[k]?.errors])) as Record<
    string,
    string[] | undefined
  >;
  const values = (actionData?.result.initialValue ?? {}) as Record<string, unknown>;
  const str = (k: string) => (typeof values[k] === "string" ? (values[k] as string) : undefined);
  const fieldId = (f: string) => `${id.replace(/-form$/, "")}-${f}`;
  const prefix = fieldId("").slice(0, -1);
  const summary = summaryOf(
    t,
    actionData?.formError,
    [...dimensionSummaryFields(prefix, options, errors), ...summaryFields.map((f) => ({ id: fieldId(f), errors: errors[f] }))],
    fieldId(summaryFields[0]),
  );
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  return { form, errors, values, str, fieldId, prefix, summary, submitting };
}

/**
 * A request form's page: heading, error summary, intro, then a POST form with the idempotency key, the copy
 * dimensions, the form's own fields (`children`), the submit button (disabled while sending) and a way back.
 */
export function RequestFormPage({
  heading,
  intro,
  state,
  chave,
  options,
  submitLabel,
  titlePath,
  children,
}: {
  heading: string;
  intro: ReactNode;
  state: ReturnType<typeof useRequestForm>;
  chave: string;
  options: DimensionOptions;
  submitLabel: string;
  titlePath: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("requests");
  const { form, errors, values, str, prefix, summary, submitting } = state;
  return (
    <div className="page">
      <h1>{heading}</h1>
      <ErrorSummary errors={summary} />
      {intro}
      <Form method="post" {...getFormProps(form)} noValidate>
        {/* Without the key the API could not tell a resubmission from a new request. */}
        <input type="hidden" name="chave" value={str("chave") ?? chave} />
        <DimensionFields t={t} idPrefix={prefix} options={options} errors={errors} values={values} />
        {children}
        <button type="submit" className="button" aria-disabled={submitting || undefined} onClick={(e) => submitting && e.preventDefault()}>
          {submitting ? t("sending") : submitLabel}
        </button>{" "}
        <Link to={titlePath} className="button button--secondary">
          {t("cancel")}
        </Link>
      </Form>
    </div>
  );
}

/** The page a request form's PRG lands on (placed, created, joined): heading, the announced result, the way back. */
export function RequestOutcome({ heading, text, titlePath, children }: { heading: string; text: string; titlePath: string; children?: ReactNode }) {
  const { t } = useTranslation("requests");
  return (
    <div className="page">
      <h1>{heading}</h1>
      <p className="notice" role="status">
        {text}
      </p>
      {children}
      <p>
        <Link to={titlePath}>{t("back_to_title")}</Link>
      </p>
    </div>
  );
}
