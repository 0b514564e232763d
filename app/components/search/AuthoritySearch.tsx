import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { Ref } from "react";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { hasTranslation, useTranslation } from "~/framework/use-translation";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { SelectField } from "~/components/forms/SelectField";
import { TextField } from "~/components/forms/TextField";
import type { AuthoritySearch } from "~/lib/api/types/catalogue";
import { AuthoritySearchSchema } from "~/schemas/search";
import { Pagination } from "./Pagination";
import { pageCount } from "./search-url";
import { numberFormat } from "~/lib/i18n";

/** The form's constraints, derived from its schema once. */
const AUTHORITY_CONSTRAINT = getZodConstraint(AuthoritySearchSchema);

export interface AuthoritySearchFormProps {
  action: string;
  types: Array<{ codigo: number; descricao: string }>;
  defaults: { termo: string; tipo_autoridade: string };
  lastResult?: SubmissionResult<string[]> | null;
}

/** The authorities tab's GET form (ADR 066): words of a heading or see-from reference, and the authority type. */
export function AuthoritySearchForm({ action, types, defaults, lastResult }: AuthoritySearchFormProps) {
  const { t, i18n } = useTranslation("catalogue");
  const [form, fields] = useForm({
    id: "pesquisa-autoridades",
    lastResult: lastResult ?? undefined,
    constraint: AUTHORITY_CONSTRAINT,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AuthoritySearchSchema }),
  });
  const termError = fields.termo.errors?.[0];
  // The API names the types in pt/es/en; the page language names the nine known ones.
  const typeLabel = (o: { codigo: number; descricao: string }) =>
    hasTranslation(i18n, `catalogue:authorities.types.${o.codigo}`) ? t(`authorities.types.${o.codigo}`) : o.descricao;
  return (
    <Form method="get" action={action} role="search" aria-label={t("authorities.formLabel")} className="search-form" {...getFormProps(form)}>
      <ErrorSummary errors={termError ? [{ fieldId: fields.termo.id, message: t(termError) }] : []} />
      <TextField
        id={fields.termo.id}
        name={fields.termo.name}
        type="search"
        label={t("authorities.termLabel")}
        description={t("authorities.termHint")}
        defaultValue={defaults.termo}
        error={termError ? t(termError) : undefined}
        autoComplete="off"
        required
      />
      <div className="search-form__selects">
        <SelectField
          id={`${form.id}-tipo`}
          name="tipo_autoridade"
          label={t("authorities.typeLabel")}
          placeholder={t("tabOptions.any")}
          defaultValue={defaults.tipo_autoridade}
          options={types.map((o) => ({ value: String(o.codigo), label: typeLabel(o) }))}
        />
      </div>
      <button type="submit" className="button button--primary search-form__submit">
        {t("search.submit")}
      </button>
    </Form>
  );
}

/** The authority hits: heading (a link to its page), type, the see-from reference that matched, linked titles. */
export function AuthorityResults({
  results,
  termo,
  search,
  headingRef,
}: {
  results: AuthoritySearch;
  termo: string;
  search: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t, i18n } = useTranslation("catalogue");
  const nf = numberFormat(i18n.language);
  const typeLabel = (r: { tipo: number; desc_tipo: string }) =>
    hasTranslation(i18n, `catalogue:authorities.types.${r.tipo}`) ? t(`authorities.types.${r.tipo}`) : r.desc_tipo;
  return (
    <section className="results" aria-labelledby="resultados-autoridades">
      <h2 id="resultados-autoridades" tabIndex={-1} ref={headingRef}>
        {results.total === 0
          ? t("authorities.none", { termo })
          : t("authorities.count", { count: results.total, formatted: nf.format(results.total), termo })}
      </h2>
      {results.total === 0 ? <p>{t("authorities.noneHint")}</p> : null}
      <ol className="results__list" start={(results.pagina - 1) * results.qtd + 1}>
        {results.resultados.map((r) => (
          <li key={r.cod_autoridade} className="result">
            <h3 className="result__title">
              <Link to={`/autoridade/${r.cod_autoridade}`}>{r.cabecalho}</Link>
            </h3>
            <p className="result__brief">
              {typeLabel(r)} · {t("authorities.linked", { count: r.total_acervos, formatted: nf.format(r.total_acervos) })}
            </p>
            {r.remissiva ? <p className="result__brief">{t("authorities.usedFor", { remissiva: r.remissiva })}</p> : null}
          </li>
        ))}
      </ol>
      <Pagination search={search} page={results.pagina} pages={pageCount(results.total, results.qtd)} />
    </section>
  );
}
