import type { TFunction } from "i18next";
import type { ErrorMessage } from "~/lib/api/errors";

/** The summary entries of a conform form: its form-level message first, then one per invalid field. */
export function summaryOf(
  t: TFunction,
  formError: ErrorMessage | null | undefined,
  fields: Array<{ id: string; errors: string[] | undefined }>,
  firstFieldId: string,
): Array<{ fieldId: string; message: string }> {
  const out: Array<{ fieldId: string; message: string }> = [];
  if (formError) out.push({ fieldId: firstFieldId, message: t(formError.key, formError.values) });
  for (const f of fields) if (f.errors?.[0]) out.push({ fieldId: f.id, message: t(f.errors[0]) });
  return out;
}

/** The first error of a field, translated (conform keeps message keys). */
export function fieldError(t: TFunction, errors: string[] | undefined): string | undefined {
  return errors?.[0] ? t(errors[0]) : undefined;
}
