import type { TFunction } from "i18next";
import { DIMENSION_FIELDS, type DimensionOptions } from "~/schemas/hold";
import { fieldError } from "~/components/forms/form-errors";
import { SelectField } from "~/components/forms/SelectField";

/** The volume / tome / part / material selects a title offers (none when its copies have no such data). */
export function DimensionFields({
  t,
  idPrefix,
  options,
  errors,
  values,
}: {
  t: TFunction;
  idPrefix: string;
  options: DimensionOptions;
  errors: Record<string, string[] | undefined>;
  values: Record<string, unknown>;
}) {
  return (
    <>
      {DIMENSION_FIELDS.filter((d) => options[d.options].length > 0).map((d) => (
        <SelectField
          key={d.field}
          id={`${idPrefix}-${d.field}`}
          name={d.field}
          label={t(`fields.${d.field}`)}
          placeholder={t("fields.choose")}
          options={options[d.options].map((v) => ({ value: v, label: v }))}
          defaultValue={typeof values[d.field] === "string" ? (values[d.field] as string) : undefined}
          error={fieldError(t, errors[d.field])}
          required
        />
      ))}
    </>
  );
}

/** The summary entries of the dimension fields that have options. */
export function dimensionSummaryFields(idPrefix: string, options: DimensionOptions, errors: Record<string, string[] | undefined>) {
  return DIMENSION_FIELDS.filter((d) => options[d.options].length > 0).map((d) => ({ id: `${idPrefix}-${d.field}`, errors: errors[d.field] }));
}
