import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { SelectField } from "~/components/forms/SelectField";
import { TextField } from "~/components/forms/TextField";

const FIELDS = ["dataIni", "dataFim", "biblioteca"] as const;
type Field = (typeof FIELDS)[number];

export interface StatisticsFilterProps {
  /** Base of the field ids (the error summary links to them). */
  id: string;
  /** The screen's own path, for "clear". */
  path: string;
  values: Record<Field, string>;
  errors: Partial<Record<Field, string>>;
  libraries: Array<{ value: string; label: string }>;
  filtered: boolean;
}

/** The statistics screens' plain GET filter (ADR 193): a date range (both or neither) and a library; works without JS. */
export function StatisticsFilter({ id, path, values, errors, libraries, filtered }: StatisticsFilterProps) {
  const { t } = useTranslation("statistics");
  const summary = FIELDS.flatMap((k) => (errors[k] ? [{ fieldId: `${id}-${k}`, message: errors[k] }] : []));
  return (
    <>
      <ErrorSummary errors={summary} />
      <Form method="get" className="account-filter" aria-labelledby={`${id}-filtro`}>
        <h2 id={`${id}-filtro`}>{t("filter.heading")}</h2>
        <p>{t("filter.hint")}</p>
        <TextField id={`${id}-dataIni`} name="dataIni" type="date" label={t("filter.from")} defaultValue={values.dataIni} error={errors.dataIni} />
        <TextField id={`${id}-dataFim`} name="dataFim" type="date" label={t("filter.to")} defaultValue={values.dataFim} error={errors.dataFim} />
        <SelectField
          id={`${id}-biblioteca`}
          name="biblioteca"
          label={t("filter.library")}
          placeholder={t("filter.any_library")}
          options={libraries}
          defaultValue={values.biblioteca}
          error={errors.biblioteca}
        />
        <button type="submit" className="button">
          {t("filter.submit")}
        </button>{" "}
        {filtered ? <Link to={path}>{t("filter.clear")}</Link> : null}
      </Form>
    </>
  );
}
