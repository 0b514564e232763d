import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import { RequestsPage, type RequestsActionView } from "~/components/library-requests/RequestsPage";
import type { Route } from "./+types/comutacao-levantamento.formulario";
import { loadSwitchingSurveyForm, switchingSurveyFormAction } from "./comutacao-levantamento.formulario.server";
import { SWITCHING_SURVEY_PATH } from "./paths-library-requests";

export function loader(args: Route.LoaderArgs) {
  return loadSwitchingSurveyForm(args);
}

export function action(args: Route.ActionArgs) {
  return switchingSurveyFormAction(args);
}

/** One switching form (article, thesis, part of a document; spec §3 fields) or the survey form (spec §5 rules). */
export default function SwitchingSurveyFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("librequests");
  return (
    <RequestsPage
      data={loaderData}
      action={actionData as RequestsActionView | undefined}
      path={SWITCHING_SURVEY_PATH}
      intro={t(`forms.${loaderData.key}.intro`)}
      formKey={loaderData.key}
      showLists={false}
    >
      <p>
        <Link to={SWITCHING_SURVEY_PATH}>{t("pages.switching_survey.back")}</Link>
      </p>
    </RequestsPage>
  );
}
