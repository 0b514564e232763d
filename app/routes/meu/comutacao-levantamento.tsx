import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import { RequestsPage, type RequestsActionView } from "~/components/library-requests/RequestsPage";
import { SWITCHING_SURVEY_FORMS } from "~/lib/library-requests/forms";
import type { Route } from "./+types/comutacao-levantamento";
import { loadSwitchingSurvey } from "./comutacao-levantamento.server";
import { SWITCHING_SURVEY_PATH } from "./paths-library-requests";

export function loader(args: Route.LoaderArgs) {
  return loadSwitchingSurvey(args);
}

/** Bibliographic switching and survey: links to the four forms (article, thesis, part of a document, survey) and the patron's requests. */
export default function SwitchingSurveyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("librequests");
  return (
    <RequestsPage
      data={loaderData}
      action={undefined as RequestsActionView | undefined}
      path={SWITCHING_SURVEY_PATH}
      intro={t("pages.switching_survey.intro")}
    >
      <section aria-labelledby="novos-pedidos" className="profile-section">
        <h2 id="novos-pedidos">{t("pages.switching_survey.new_heading")}</h2>
        <ul>
          {Object.entries(SWITCHING_SURVEY_FORMS).map(([segment, key]) => (
            <li key={segment}>
              <Link to={`${SWITCHING_SURVEY_PATH}/${segment}`}>{t(`forms.${key}.heading`)}</Link>
            </li>
          ))}
        </ul>
      </section>
    </RequestsPage>
  );
}
