import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { SelectField } from "~/components/forms/SelectField";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { TextField } from "~/components/forms/TextField";
import type { ErrorMessage } from "~/lib/api/errors";
import { FORMS, type FieldSpec, type FormKey } from "~/lib/library-requests/forms";
import { maxYear, MIN_YEAR } from "../../../contract/request-fields";
import { requestFormSchema } from "~/schemas/account/library-requests";

export interface RequestFormProps {
  formKey: FormKey;
  /** The last submission of this form (from the action), to show its errors and keep what was typed. */
  lastResult?: SubmissionResult<string[]>;
  formError?: ErrorMessage | null;
  libraries?: Array<{ value: string; label: string }>;
  action?: string;
}

/**
 * One request-to-the-library form, drawn from its field list (app/lib/library-requests/forms.ts): native,
 * uncontrolled controls that work without JS; conform validates on submit (and again while typing) with JS,
 * the action with the same schema without it. Each error names its field (spec §5) beside it and in the summary.
 */
export function RequestForm({ formKey, lastResult, formError, libraries = [], action }: RequestFormProps) {
  const { t } = useTranslation("librequests");
  const spec = FORMS[formKey];
  // The libraries offered are the only ones accepted, so a wrong one is named together with every other error.
  const schema = requestFormSchema(formKey, { libraries: libraries.map((l) => l.value) });
  const [form, fields] = useForm({
    id: `form-${formKey}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const typed = (lastResult?.initialValue ?? null) as Record<string, unknown> | null;
  const id = (name: string) => `${formKey}-${name}`;
  const label = (f: FieldSpec) => t(`fields.${f.name}`);
  const errorsOf = (name: string) => (fields as unknown as Record<string, { errors?: string[] }>)[name]?.errors;
  const errorText = (f: FieldSpec) => {
    const key = errorsOf(f.name)?.[0];
    return key ? t(key, { field: label(f), min: MIN_YEAR, max: maxYear() }) : undefined;
  };
  const value = (name: string) => (typed && typeof typed[name] === "string" ? (typed[name] as string) : undefined);
  const summary = [
    ...(formError ? [{ fieldId: id(spec.fields[0].name), message: t(formError.key, formError.values) }] : []),
    ...spec.fields.filter((f) => errorText(f)).map((f) => ({ fieldId: id(f.name), message: errorText(f) as string })),
  ];
  const shownLabel = (f: FieldSpec) => (f.required ? t("required_label", { label: label(f) }) : label(f));
  const hint = (f: FieldSpec) => (f.hint ? t(`hints.${f.name}`) : undefined);

  return (
    <>
      <ErrorSummary errors={summary} />
      <Form method="post" action={action} {...getFormProps(form)} noValidate className="profile-form">
        {spec.fields.map((f) => {
          const common = {
            key: f.name,
            id: id(f.name),
            name: f.name,
            label: shownLabel(f),
            error: errorText(f),
            description: hint(f),
            required: f.required,
          };
          if (f.kind === "checkbox") {
            return (
              <div key={f.name} className="profile-check">
                <input type="checkbox" id={id(f.name)} name={f.name} defaultChecked={typed ? typed[f.name] === "on" : false} />
                <label htmlFor={id(f.name)}>{label(f)}</label>
              </div>
            );
          }
          if (f.kind === "select" || f.kind === "library") {
            const options = f.kind === "library" ? libraries : (f.options ?? []).map((o) => ({ value: o, label: t(`options.${f.name}.${o}`) }));
            return <SelectField {...common} key={f.name} placeholder={t("choose")} options={options} defaultValue={value(f.name)} />;
          }
          if (f.kind === "textarea") return <TextAreaField {...common} key={f.name} maxLength={f.max} defaultValue={value(f.name)} />;
          const type = f.kind === "email" ? "email" : f.kind === "date" ? "date" : "text";
          const numeric = f.kind === "integer" || f.kind === "year";
          return (
            <TextField
              {...common}
              key={f.name}
              type={type}
              inputMode={numeric ? "numeric" : undefined}
              autoComplete={f.autoComplete}
              maxLength={numeric ? (f.kind === "year" ? 4 : 6) : f.max}
              defaultValue={value(f.name)}
            />
          );
        })}
        <button type="submit" className="button">
          {t(`forms.${formKey}.submit`)}
        </button>
      </Form>
    </>
  );
}
