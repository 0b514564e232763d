import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { useTranslation } from "react-i18next";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { TextField } from "~/components/ui/TextField";
import { PAGE_SIZES, SEARCH_ORDERINGS, SEARCH_TYPES, SearchSchema, type SearchInput } from "~/schemas/search";

export interface SearchFormProps {
  /** Where the form submits: "/" or "/{guia}". */
  action: string;
  /** The values the URL asked for (the form shows them again). */
  defaults: Partial<SearchInput> & { termo?: string };
  /** The loader's reply when the term failed validation. */
  lastResult?: SubmissionResult<string[]> | null;
}

/**
 * The catalogue search form: a GET form, so every search is a shareable URL and works with JS off.
 * With JS, conform validates the same zod schema before navigating.
 */
export function SearchForm({ action, defaults, lastResult }: SearchFormProps) {
  const { t } = useTranslation("catalogue");
  const [form, fields] = useForm({
    id: "pesquisa",
    lastResult: lastResult ?? undefined,
    constraint: getZodConstraint(SearchSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SearchSchema }),
  });

  const termErrors = fields.termo.errors ?? [];
  const summary = termErrors.map((key) => ({ fieldId: fields.termo.id, message: t(key) }));
  const tipo = defaults.tipo ?? "livre";

  return (
    <Form method="get" action={action} role="search" aria-label={t("search.formLabel")} className="search-form" {...getFormProps(form)}>
      <ErrorSummary errors={summary} />
      <TextField
        id={fields.termo.id}
        name={fields.termo.name}
        type="search"
        label={t("search.termLabel")}
        description={t("search.termHint")}
        defaultValue={defaults.termo ?? ""}
        error={termErrors[0] ? t(termErrors[0]) : undefined}
        autoComplete="off"
        required
      />
      <fieldset className="search-form__types">
        <legend>{t("search.typeLegend")}</legend>
        {SEARCH_TYPES.map((value) => (
          <label key={value} className="search-form__radio">
            <input type="radio" name={fields.tipo.name} value={value} defaultChecked={value === tipo} />
            <span>{t(`search.types.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="search-form__selects">
          <div className="search-form__select">
            <label htmlFor={fields.ordenacao.id}>{t("search.orderingLabel")}</label>
            <select id={fields.ordenacao.id} name={fields.ordenacao.name} defaultValue={defaults.ordenacao ?? "C"}>
              {SEARCH_ORDERINGS.map((value) => (
                <option key={value} value={value}>
                  {t(`search.orderings.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="search-form__select">
            <label htmlFor={fields.qtd.id}>{t("search.pageSizeLabel")}</label>
            <select id={fields.qtd.id} name={fields.qtd.name} defaultValue={String(defaults.qtd ?? 20)}>
              {PAGE_SIZES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
      </div>
      <button type="submit" className="button button--primary search-form__submit">
        {t("search.submit")}
      </button>
    </Form>
  );
}
