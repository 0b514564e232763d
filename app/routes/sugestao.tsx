import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import { SuggestionForm } from "~/components/requests/SuggestionForm";
import { Toast } from "~/components/ui/Toast";
import { ACTIVITY } from "~/lib/activities";
import { PRODUCT_NAME } from "~/lib/product";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/sugestao";
import { loadSuggestionPage, suggestionAction } from "./sugestao.server";
import { PROFESSOR_SUGGESTION_PATH } from "./meu/paths-library-requests";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : [];
}

export function loader(args: Route.LoaderArgs) {
  return loadSuggestionPage(args);
}

export function action(args: Route.ActionArgs) {
  return suggestionAction(args);
}

export default function SuggestionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("requests");
  const root = useRootData();
  const enabled = Boolean(root?.site?.activities.includes(ACTIVITY.SUGGESTION));
  return (
    <div className="page">
      <h1>{t("suggestion.heading")}</h1>
      <Toast message={loaderData.sent ? t("suggestion.sent") : null} dismissHref="/sugestao" />
      {!enabled ? (
        <p>{t("suggestion.disabled")}</p>
      ) : (
        <>
          <p>{t("suggestion.intro")}</p>
          {loaderData.professor ? (
            <p className="notice">
              {t("suggestion.professor_notice")}{" "}
              <Link to={PROFESSOR_SUGGESTION_PATH}>{t("suggestion.professor_link", { product: PRODUCT_NAME })}</Link>
            </p>
          ) : null}
          <SuggestionForm
            idPrefix="sugestao"
            units={loaderData.units}
            signedIn={Boolean(root?.user)}
            lastResult={actionData?.result}
            formError={actionData?.formError}
            loginRedirect="/sugestao"
          />
        </>
      )}
    </div>
  );
}
