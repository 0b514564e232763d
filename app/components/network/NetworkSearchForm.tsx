import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { useTranslation } from "~/framework/use-translation";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { SubmitButton } from "~/components/search/SearchForm";
import { TermFields } from "~/components/search/TermFields";
import type { InstituicaoRede } from "~/lib/api/types/rede";
import { NETWORK_ORDERINGS, PAGE_SIZES, TabSearchSchema } from "~/schemas/search";
import { numberFormat } from "~/lib/i18n";

/** The form's constraints, derived from its schema once. */
const NETWORK_CONSTRAINT = getZodConstraint(TabSearchSchema);

export interface NetworkSearchFormProps {
  action: string;
  defaults: { termo?: string; tipo: string; ordenacao: string; qtd: number; instituicoes: string[] };
  /** The member institutions: the "choice of other institutions" (spec §2), sent as Z filters. */
  instituicoes: InstituicaoRede[];
  lastResult?: SubmissionResult<string[]> | null;
}

/**
 * The network (OAI) search form: a GET form (shareable URL, works with JS off) whose institution checkboxes
 * send `filtro=Z:<code>`, the same value the Z facet uses. With JS, conform checks the term first.
 */
export function NetworkSearchForm({ action, defaults, instituicoes, lastResult }: NetworkSearchFormProps) {
  const { t, i18n } = useTranslation("network");
  const [form, fields] = useForm({
    id: "pesquisa-rede",
    lastResult: lastResult ?? undefined,
    constraint: NETWORK_CONSTRAINT,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TabSearchSchema }),
  });
  const termError = fields.termo.errors?.[0] ? t(fields.termo.errors[0]) : undefined;
  const nf = numberFormat(i18n.language);

  return (
    <Form method="get" action={action} role="search" aria-label={t("form.label")} className="search-form" {...getFormProps(form)}>
      <ErrorSummary errors={termError ? [{ fieldId: fields.termo.id, message: termError }] : []} />
      <TermFields
        id={fields.termo.id}
        name={fields.termo.name}
        description={t("form.termHint")}
        defaultTerm={defaults.termo}
        defaultType={defaults.tipo}
        error={termError}
        submit={<SubmitButton label={t("form.submit")} />}
      />
      {instituicoes.length ? (
        <fieldset className="network-form__institutions">
          <legend>{t("form.institutionsLegend")}</legend>
          <p className="network-form__hint">{t("form.institutionsHint")}</p>
          <ul>
            {instituicoes.map((inst) => (
              <li key={inst.cod_instituicao}>
                <input
                  type="checkbox"
                  id={`rede-instituicao-${inst.cod_instituicao}`}
                  name="filtro"
                  value={`Z:${inst.cod_instituicao}`}
                  defaultChecked={defaults.instituicoes.includes(String(inst.cod_instituicao))}
                />
                <label htmlFor={`rede-instituicao-${inst.cod_instituicao}`}>
                  {inst.nome}{" "}
                  <span className="network-form__count">{t("form.records", { count: inst.registros, formatted: nf.format(inst.registros) })}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <div className="search-form__selects">
        <div className="search-form__select">
          <label htmlFor="pesquisa-rede-ordenacao">{t("catalogue:search.orderingLabel")}</label>
          <select id="pesquisa-rede-ordenacao" name="ordenacao" defaultValue={defaults.ordenacao}>
            {NETWORK_ORDERINGS.map((codigo) => (
              <option key={codigo} value={codigo}>
                {t(`catalogue:search.orderings.${codigo}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="search-form__select">
          <label htmlFor="pesquisa-rede-qtd">{t("catalogue:search.pageSizeLabel")}</label>
          <select id="pesquisa-rede-qtd" name="qtd" defaultValue={String(defaults.qtd)}>
            {PAGE_SIZES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
      </div>
    </Form>
  );
}
