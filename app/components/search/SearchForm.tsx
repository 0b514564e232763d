import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { hasTranslation, useTranslation } from "~/framework/use-translation";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { SelectField } from "~/components/forms/SelectField";
import type { TabOptionGroup } from "~/lib/api/types/catalogue";
import { TextField } from "~/components/forms/TextField";
import { TermFields } from "./TermFields";
import {
  AdvancedSearchSchema,
  DISPLAYS,
  MATCH_MODES,
  OPERATOR_FIELDS,
  PAGE_SIZES,
  ROW_OPERATORS,
  SEARCH_ORDERINGS,
  TabSearchSchema,
} from "~/schemas/search";
import { numberFormat } from "~/lib/i18n";

/** The forms' constraints, derived from their schemas once (a walk of the schema on every render otherwise). */
const TAB_CONSTRAINT = getZodConstraint(TabSearchSchema);
const ADVANCED_CONSTRAINT = getZodConstraint(AdvancedSearchSchema);

export interface SearchFormProps {
  /** Where the form submits: "/" or "/{guia}". */
  action: string;
  /** The values the URL asked for (the form shows them again). */
  defaults: {
    termo?: string;
    tipo?: string;
    titulo?: string;
    autor?: string;
    assunto?: string;
    isbn?: string;
    editora?: string;
    ano_de?: string;
    ano_ate?: string;
    /** The advanced form's word matching: every word (default) or any of them. */
    modo?: string;
    /** How the author and subject rows join the rows above them: E (default), OU, NAO (ADR 257). */
    op_autor?: string;
    op_assunto?: string;
    ordenacao?: string;
    qtd?: number;
    exibicao?: string;
    /** The tab's option values, by field. */
    opcoes?: Record<string, string>;
  };
  /** The loader's reply when the term failed validation. */
  lastResult?: SubmissionResult<string[]> | null;
  /** Sort options from `GET /consulta/ordenacao`; the known codes when the API gave none. */
  ordenacoes?: Array<{ codigo: string; descricao: string }>;
  /** The advanced tab: title, author and subject fields combined (at least one). */
  advanced?: boolean;
  /** The tab's own option fields (archive, normative acts, case law): one select each, "any" first. */
  tabOptions?: TabOptionGroup[];
}

/**
 * The catalogue search form: a GET form, so every search is a shareable URL and works with JS off.
 * With JS, conform validates the same zod schema before navigating.
 */
export function SearchForm({ action, defaults, lastResult, ordenacoes, advanced = false, tabOptions = [] }: SearchFormProps) {
  const { t, i18n } = useTranslation("catalogue");
  const schema = advanced ? AdvancedSearchSchema : TabSearchSchema;
  const [form, fields] = useForm({
    id: advanced ? "pesquisa-avancada" : "pesquisa",
    lastResult: lastResult ?? undefined,
    constraint: advanced ? ADVANCED_CONSTRAINT : TAB_CONSTRAINT,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  const textFields = advanced ? (["titulo", "autor", "assunto", "isbn", "editora", "ano_de", "ano_ate"] as const) : (["termo"] as const);
  const errorsOf = (name: string) => (fields as unknown as Record<string, { id: string; errors?: string[] }>)[name];
  const summary = textFields.flatMap((name) => (errorsOf(name).errors ?? []).map((key) => ({ fieldId: errorsOf(name).id, message: t(key) })));
  const orderings = ordenacoes?.length ? ordenacoes : SEARCH_ORDERINGS.map((codigo) => ({ codigo, descricao: codigo }));
  // The API labels sort options in pt/es/en only; known codes follow the page language.
  const orderLabel = (o: { codigo: string; descricao: string }) =>
    hasTranslation(i18n, `catalogue:search.orderings.${o.codigo}`) ? t(`search.orderings.${o.codigo}`) : o.descricao;

  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={t(advanced ? "advanced.formLabel" : "search.formLabel")}
      className="search-form"
      {...getFormProps(form)}
    >
      <ErrorSummary errors={summary} />
      {advanced ? (
        <>
          <p className="search-form__hint">{t("advanced.hint")}</p>
          {(["titulo", "autor", "assunto", "isbn", "editora"] as const).map((name) => {
            const f = errorsOf(name);
            const field = (
              <TextField
                key={name}
                id={f.id}
                name={name}
                type="search"
                label={t(`advanced.fields.${name}`)}
                defaultValue={defaults[name] ?? ""}
                error={f.errors?.[0] ? t(f.errors[0]) : undefined}
                autoComplete="off"
              />
            );
            if (name !== "autor" && name !== "assunto") return field;
            // Each text row after the first joins the rows above it by E, OU or NÃO (ADR 257): a plain select.
            const op = OPERATOR_FIELDS[name];
            return (
              <div key={name} className="search-form__row">
                <SelectField
                  id={`${form.id}-${op}`}
                  name={op}
                  label={t("advanced.operatorLabel", { field: t(`advanced.fields.${name}`) })}
                  defaultValue={defaults[op] ?? "E"}
                  options={ROW_OPERATORS.map((value) => ({ value, label: t(`advanced.operators.${value}`) }))}
                />
                {field}
              </div>
            );
          })}
          <fieldset className="search-form__types search-form__years">
            <legend>{t("advanced.yearsLegend")}</legend>
            {(["ano_de", "ano_ate"] as const).map((name) => {
              const f = errorsOf(name);
              return (
                <TextField
                  key={name}
                  id={f.id}
                  name={name}
                  label={t(`advanced.fields.${name}`)}
                  description={t("advanced.yearHint")}
                  defaultValue={defaults[name] ?? ""}
                  error={f.errors?.[0] ? t(f.errors[0]) : undefined}
                  inputMode="numeric"
                  maxLength={4}
                  autoComplete="off"
                />
              );
            })}
          </fieldset>
          <fieldset className="search-form__types">
            <legend>{t("advanced.modeLegend")}</legend>
            {MATCH_MODES.map((value) => (
              <label key={value} className="search-form__radio">
                <input type="radio" name="modo" value={value} defaultChecked={value === (defaults.modo ?? "todas")} />
                <span>{t(`advanced.modes.${value}`)}</span>
              </label>
            ))}
          </fieldset>
        </>
      ) : (
        <>
          <TermFields
            id={fields.termo.id}
            name={fields.termo.name}
            description={t("search.termHint")}
            defaultTerm={defaults.termo}
            defaultType={defaults.tipo}
            error={fields.termo.errors?.[0] ? t(fields.termo.errors[0]) : undefined}
            autocomplete
            submit={<SubmitButton label={t("search.submit")} />}
          />
          <TabOptionFields groups={tabOptions} values={defaults.opcoes ?? {}} formId={form.id} />
        </>
      )}
      <div className="search-form__selects">
        <div className="search-form__select">
          <label htmlFor={`${form.id}-ordenacao`}>{t("search.orderingLabel")}</label>
          <select id={`${form.id}-ordenacao`} name="ordenacao" defaultValue={defaults.ordenacao ?? "C"}>
            {orderings.map((o) => (
              <option key={o.codigo} value={o.codigo}>
                {orderLabel(o)}
              </option>
            ))}
          </select>
        </div>
        <div className="search-form__select">
          <label htmlFor={`${form.id}-qtd`}>{t("search.pageSizeLabel")}</label>
          <select id={`${form.id}-qtd`} name="qtd" defaultValue={String(defaults.qtd ?? 20)}>
            {PAGE_SIZES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <div className="search-form__select">
          <label htmlFor={`${form.id}-exibicao`}>{t("search.displayLabel")}</label>
          <select id={`${form.id}-exibicao`} name="exibicao" defaultValue={defaults.exibicao ?? "D"}>
            {DISPLAYS.map((value) => (
              <option key={value} value={value}>
                {t(`search.displays.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {advanced ? <SubmitButton label={t("search.submit")} /> : null}
    </Form>
  );
}

/** The search forms' submit button: beside the search box, or after the advanced form's fields. */
export function SubmitButton({ label }: { label: string }) {
  return (
    <button type="submit" className="button button--primary search-form__submit">
      {label}
    </button>
  );
}

/** Fields whose values are kinds the portal names itself (the others are data: work types, years, courts). */
const KIND_FIELDS = new Set(["especie", "decisao"]);

/** One labelled select per option field of the tab (ADR 065), with "any" first and each value's number of titles. */
function TabOptionFields({ groups, values, formId }: { groups: TabOptionGroup[]; values: Record<string, string>; formId: string }) {
  const { t, i18n } = useTranslation("catalogue");
  const shown = groups.filter((g) => g.opcoes.length > 0);
  if (shown.length === 0) return null;
  // The API labels fields and kinds in pt/es/en only; known codes follow the page language.
  const label = (key: string, fallback: string) => (hasTranslation(i18n, `catalogue:${key}`) ? t(key) : fallback);
  const nf = numberFormat(i18n.language);
  return (
    <div className="search-form__selects search-form__options">
      {shown.map((g) => (
        <SelectField
          key={g.campo}
          id={`${formId}-${g.campo}`}
          name={g.campo}
          label={label(`tabOptions.fields.${g.campo}`, g.descricao)}
          placeholder={t("tabOptions.any")}
          defaultValue={values[g.campo] ?? ""}
          options={g.opcoes.map((o) => ({
            value: o.codigo,
            label: t("tabOptions.valueCount", {
              label: KIND_FIELDS.has(g.campo) ? label(`tabOptions.values.${o.codigo}`, o.descricao) : o.descricao,
              count: o.total,
              formatted: nf.format(o.total),
            }),
          }))}
        />
      ))}
    </div>
  );
}
