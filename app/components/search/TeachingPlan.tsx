import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { SelectField } from "~/components/forms/SelectField";
import type { TeachingPlanOptions, TeachingPlans } from "~/lib/api/types/catalogue";
import { TEACHING_PLAN_FIELDS, TeachingPlanSchema } from "~/schemas/search";
import { numberFormat } from "~/lib/i18n";

/** The form's constraints, derived from its schema once. */
const TEACHING_PLAN_CONSTRAINT = getZodConstraint(TeachingPlanSchema);

type Field = (typeof TEACHING_PLAN_FIELDS)[number];

export interface TeachingPlanFormProps {
  action: string;
  options: TeachingPlanOptions | null;
  defaults: Record<Field, string>;
  lastResult?: SubmissionResult<string[]> | null;
}

/** The teaching-plan tab's GET form (ADR 067): six selects with "any" first; at least one must be chosen. */
export function TeachingPlanForm({ action, options, defaults, lastResult }: TeachingPlanFormProps) {
  const { t } = useTranslation("catalogue");
  const [form, fields] = useForm({
    id: "plano-ensino",
    lastResult: lastResult ?? undefined,
    constraint: TEACHING_PLAN_CONSTRAINT,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TeachingPlanSchema }),
  });
  const numbers = (list: number[] | undefined, label: (n: number) => string) => (list ?? []).map((n) => ({ value: String(n), label: label(n) }));
  const named = (list: Array<{ codigo: number; descricao: string }> | undefined) =>
    (list ?? []).map((o) => ({ value: String(o.codigo), label: o.descricao }));
  const choices: Record<Field, Array<{ value: string; label: string }>> = {
    departamento: named(options?.departamentos),
    ano: numbers(options?.anos, String),
    semestre: numbers(options?.semestres, (n) => t("teachingPlan.semesterValue", { n })),
    periodo: numbers(options?.periodos, (n) => t("teachingPlan.periodValue", { n })),
    disciplina: named(options?.disciplinas),
    biblioteca: named(options?.bibliotecas),
  };
  const errorOf = (f: Field) => fields[f].errors?.[0];
  const summary = TEACHING_PLAN_FIELDS.flatMap((f) => (errorOf(f) ? [{ fieldId: fields[f].id, message: t(errorOf(f)!) }] : []));
  return (
    <Form method="get" action={action} role="search" aria-label={t("teachingPlan.formLabel")} className="search-form" {...getFormProps(form)}>
      <ErrorSummary errors={summary} />
      <p className="search-form__hint">{t("teachingPlan.hint")}</p>
      <div className="search-form__selects search-form__options">
        {TEACHING_PLAN_FIELDS.map((f) => (
          <SelectField
            key={f}
            id={fields[f].id}
            name={f}
            label={t(`teachingPlan.fields.${f}`)}
            placeholder={t("tabOptions.any")}
            defaultValue={defaults[f]}
            error={errorOf(f) ? t(errorOf(f)!) : undefined}
            options={choices[f]}
          />
        ))}
      </div>
      <button type="submit" className="button button--primary search-form__submit">
        {t("search.submit")}
      </button>
    </Form>
  );
}

type Plan = TeachingPlans["planos"][number];

/** The plans found, one section per discipline, with the basic and complementary bibliography as lists of titles. */
export function TeachingPlanResults({ results }: { results: TeachingPlans }) {
  const { t, i18n } = useTranslation("catalogue");
  const nf = numberFormat(i18n.language);
  return (
    <section className="results" aria-labelledby="resultados-planos">
      <h2 id="resultados-planos" tabIndex={-1}>
        {results.total === 0 ? t("teachingPlan.none") : t("teachingPlan.count", { count: results.total, formatted: nf.format(results.total) })}
      </h2>
      {results.total > results.planos.length ? <p>{t("teachingPlan.limited", { shown: nf.format(results.planos.length) })}</p> : null}
      {results.planos.map((p) => (
        <PlanSection key={p.cod_plano} plan={p} />
      ))}
    </section>
  );
}

/**
 * One plan: its discipline, facts and bibliography. `showLoans` (the professor's own plans in the private area,
 * ADR 193) adds each title's loans and the plan's total loans.
 */
export function PlanSection({ plan, showLoans = false }: { plan: Plan; showLoans?: boolean }) {
  const { t } = useTranslation("catalogue");
  const id = `plano-${plan.cod_plano}`;
  const totalLoans = [...plan.basica, ...plan.complementar].reduce((n, b) => n + (b.emprestimos ?? 0), 0);
  return (
    <section className="teaching-plan" aria-labelledby={id}>
      <h3 id={id}>
        {plan.disciplina.sigla ? `${plan.disciplina.sigla} – ` : ""}
        {plan.disciplina.descricao}
        <span className="teaching-plan__when"> ({t("teachingPlan.when", { ano: plan.ano, semestre: plan.semestre })})</span>
      </h3>
      <dl className="result__facts">
        <div>
          <dt>{t("teachingPlan.course")}</dt>
          <dd>{plan.curso.descricao}</dd>
        </div>
        <div>
          <dt>{t("teachingPlan.fields.departamento")}</dt>
          <dd>{plan.departamento.descricao}</dd>
        </div>
        <div>
          <dt>{t("teachingPlan.fields.periodo")}</dt>
          <dd>{t("teachingPlan.periodValue", { n: plan.periodo })}</dd>
        </div>
        <div>
          <dt>{t("teachingPlan.fields.biblioteca")}</dt>
          <dd>{plan.biblioteca.descricao}</dd>
        </div>
        {plan.vagas != null ? (
          <div>
            <dt>{t("teachingPlan.vacancies")}</dt>
            <dd>{plan.vagas}</dd>
          </div>
        ) : null}
        {showLoans ? (
          <div>
            <dt>{t("teachingPlan.totalLoans")}</dt>
            <dd>{totalLoans}</dd>
          </div>
        ) : null}
      </dl>
      <Bibliography heading={t("teachingPlan.basic")} titles={plan.basica} showLoans={showLoans} />
      <Bibliography heading={t("teachingPlan.complementary")} titles={plan.complementar} showLoans={showLoans} />
    </section>
  );
}

function Bibliography({ heading, titles, showLoans }: { heading: string; titles: Plan["basica"]; showLoans: boolean }) {
  const { t } = useTranslation("catalogue");
  if (titles.length === 0) return null;
  return (
    <>
      <h4>{heading}</h4>
      <ul className="teaching-plan__titles">
        {titles.map((b) => (
          <li key={b.cod_acervo}>
            <Link to={`/acervo/${b.cod_acervo}`}>{b.titulo}</Link>
            {b.autor || b.ano_publicacao ? <span> — {[b.autor, b.ano_publicacao].filter((v) => v != null && v !== "").join(", ")}</span> : null}
            <span className="teaching-plan__availability">
              {" "}
              · {b.exemplares === 0 ? t("teachingPlan.noCopies") : t("teachingPlan.available", { available: b.disponiveis, count: b.exemplares })}
            </span>
            {showLoans ? (
              <span className="teaching-plan__loans">
                {" "}
                · {t("teachingPlan.onLoan", { count: b.emprestados ?? 0 })} · {t("teachingPlan.loans", { count: b.emprestimos ?? 0 })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
