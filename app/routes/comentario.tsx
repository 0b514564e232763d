import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { CommentForm } from "~/components/requests/CommentForm";
import { Toast } from "~/components/ui/Toast";
import { ACTIVITY } from "~/lib/activities";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/comentario";
import { loadGeneralComment, generalCommentAction } from "./comentario.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : [];
}

export function loader(args: Route.LoaderArgs) {
  return loadGeneralComment(args);
}

export function action(args: Route.ActionArgs) {
  return generalCommentAction(args);
}

export default function GeneralCommentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("requests");
  const root = useRootData();
  if (!root?.site?.activities.includes(ACTIVITY.COMMENT)) {
    return (
      <div className="page">
        <h1>{t("general.heading")}</h1>
        <p>{t("general.disabled")}</p>
      </div>
    );
  }
  return (
    <div className="page">
      <h1>{t("general.heading")}</h1>
      <Toast message={loaderData.sent ? t("comment.sent") : null} dismissHref="/comentario" />
      <p>{t("general.intro")}</p>
      <CommentForm
        idPrefix="comentario-geral"
        action="/comentario"
        libraries={loaderData.libraries}
        signedIn={Boolean(root.user)}
        lastResult={actionData?.result}
        formError={actionData?.formError}
        redirectTo="/comentario"
        submitLabel={t("general.submit")}
      />
    </div>
  );
}
