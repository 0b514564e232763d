import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import { PageTitle } from "~/components/profile/PageTitle";
import { SelectField } from "~/components/forms/SelectField";
import { SuggestionForm } from "~/components/requests/SuggestionForm";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { TextField } from "~/components/forms/TextField";
import { MAX_COPIES, ProfessorSuggestionSchema } from "~/schemas/professor-suggestion";
import type { Route } from "./+types/sugestao-professor";
import { loadProfessorSuggestion, professorSuggestionAction, type ProfessorSuggestionActionData } from "./sugestao-professor.server";
import { PROFESSOR_SUGGESTION_PATH, SUGGESTIONS_PATH } from "./paths-library-requests";

export async function loader({ context }: Route.LoaderArgs) {
  return loadProfessorSuggestion(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return professorSuggestionAction(request, context);
}

const EXTRA = ["plano", "tipo_bibliografia", "exemplares", "justificativa"] as const;

/**
 * A professor suggests a title for the bibliography of one of their teaching plans: the patron's suggestion
 * fields (the same form) plus the plan, basic or complementary bibliography, the copies and a justification.
 */
export default function ProfessorSuggestionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("requests");
  const { title, professor, units, plans } = loaderData;
  const failed = actionData as ProfessorSuggestionActionData | undefined;
  return (
    <div className="page account-screen">
      <PageTitle title={title} failed={Boolean(failed)} />
      <h1>{title}</h1>
      {!professor ? (
        <p>{t("suggestion.professor.not_professor")}</p>
      ) : plans === null ? (
        <p className="notice notice--warning">{t("suggestion.professor.failed")}</p>
      ) : plans.length === 0 ? (
        <p>{t("suggestion.professor.no_plans")}</p>
      ) : (
        <>
          <p>
            {t("suggestion.professor.intro")} <Link to={SUGGESTIONS_PATH}>{t("suggestion.professor.mine_link")}</Link>
          </p>
          <SuggestionForm
            idPrefix="sugestao-professor"
            units={units}
            signedIn
            lastResult={failed?.result}
            formError={failed?.formError}
            loginRedirect={PROFESSOR_SUGGESTION_PATH}
            action={PROFESSOR_SUGGESTION_PATH}
            schema={ProfessorSuggestionSchema}
            submitLabel={t("suggestion.professor.submit")}
            extra={{
              names: EXTRA,
              render: ({ id, value, error }) => (
                <fieldset className="form-group">
                  <legend>{t("suggestion.professor.legend")}</legend>
                  <SelectField
                    id={id("plano")}
                    name="plano"
                    label={t("suggestion.professor.fields.plano")}
                    description={t("suggestion.professor.fields.plano_hint")}
                    placeholder={t("fields.choose")}
                    options={plans}
                    defaultValue={value("plano")}
                    error={error("plano")}
                    required
                  />
                  <SelectField
                    id={id("tipo_bibliografia")}
                    name="tipo_bibliografia"
                    label={t("suggestion.professor.fields.tipo_bibliografia")}
                    placeholder={t("fields.choose")}
                    options={[
                      { value: "B", label: t("suggestion.professor.types.B") },
                      { value: "C", label: t("suggestion.professor.types.C") },
                    ]}
                    defaultValue={value("tipo_bibliografia")}
                    error={error("tipo_bibliografia")}
                    required
                  />
                  <TextField
                    id={id("exemplares")}
                    name="exemplares"
                    type="number"
                    inputMode="numeric"
                    label={t("suggestion.professor.fields.exemplares")}
                    description={t("suggestion.professor.fields.exemplares_hint", { max: MAX_COPIES })}
                    defaultValue={value("exemplares")}
                    error={error("exemplares")}
                    required
                  />
                  <TextAreaField
                    id={id("justificativa")}
                    name="justificativa"
                    label={t("suggestion.professor.fields.justificativa")}
                    defaultValue={value("justificativa")}
                    error={error("justificativa")}
                    maxLength={2000}
                    rows={3}
                  />
                </fieldset>
              ),
            }}
          />
        </>
      )}
    </div>
  );
}
