/** One switching or survey form's loader (which form, or 404) and action (sends the request). */
import { data } from "react-router";
import { SWITCHING_SURVEY_FORMS, type SwitchingSurveySegment } from "~/lib/library-requests/forms";
import { getT } from "~/lib/i18n.server";
import type { Route } from "./+types/comutacao-levantamento.formulario";
import { requestAction } from "./+shared/library-requests.server";
import { SWITCHING_SURVEY_PATH } from "./paths-library-requests";

function formOf(segment: string | undefined) {
  if (!segment || !Object.hasOwn(SWITCHING_SURVEY_FORMS, segment)) throw data(null, { status: 404 });
  return SWITCHING_SURVEY_FORMS[segment as SwitchingSurveySegment];
}

export async function loadSwitchingSurveyForm({ params, context }: Route.LoaderArgs) {
  const key = formOf(params.tipo);
  return { key, title: getT(context)(`librequests:forms.${key}.page_title`), status: "", statusError: null, sent: null, lists: [], libraries: [] };
}

export async function switchingSurveyFormAction({ request, params, context }: Route.ActionArgs) {
  return requestAction(request, context, formOf(params.tipo), SWITCHING_SURVEY_PATH);
}
