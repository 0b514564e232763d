/** The switching and survey screen's loader: the patron's requests of those two kinds. */
import type { Route } from "./+types/comutacao-levantamento";
import { loadRequestsPage } from "./+shared/library-requests.server";

export async function loadSwitchingSurvey({ request, context }: Route.LoaderArgs) {
  return loadRequestsPage(request, context, {
    titleKey: "librequests:pages.switching_survey.title",
    kinds: ["comutacao-bibliografica", "levantamento-bibliografico"],
  });
}
