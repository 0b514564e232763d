import { useTranslation } from "~/framework/use-translation";
import { data } from "react-router";
import { Link } from "~/framework/Link";
import { RequestsPage, type RequestsActionView } from "~/components/library-requests/RequestsPage";
import { SWITCHING_SURVEY_FORMS, type SwitchingSurveySegment } from "~/lib/library-requests/forms";
import { getT } from "~/lib/i18n.server";
import type { Route } from "./+types/comutacao-levantamento.formulario";
import { requestAction } from "./+shared/library-requests.server";
import { SWITCHING_SURVEY_PATH } from "./paths-library-requests";

function formOf(segment: string | undefined) {
  if (!segment || !Object.hasOwn(SWITCHING_SURVEY_FORMS, segment)) throw data(null, { status: 404 });
  return SWITCHING_SURVEY_FORMS[segment as SwitchingSurveySegment];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const key = formOf(params.tipo);
  return { key, title: getT(context)(`librequests:forms.${key}.page_title`), status: "", statusError: null, sent: null, lists: [], libraries: [] };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return requestAction(request, context, formOf(params.tipo), SWITCHING_SURVEY_PATH);
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
