import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { CommentForm } from "~/components/requests/CommentForm";
import { Toast } from "~/components/ui/Toast";
import { ACTIVITY } from "~/lib/activities";
import { getApi } from "~/lib/api/client.server";
import { postGeneralComment, submitComment } from "~/lib/api/comments.server";
import { getUnits } from "~/lib/api/requests.server";
import { getT } from "~/lib/i18n.server";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/comentario";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : [];
}

/** The footer's general comment as a page (the no-JS form of its dialog); the dialog loads this data too. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const libraries = await getUnits(getApi(context));
  const sent = new URL(request.url).searchParams.get("enviado") === "1";
  return { libraries, sent, pageTitle: getT(context)("requests:general.page_title") };
}

/** POST /comentario {content, b}; PRG to the page with a toast, or data for the dialog. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitComment(
    request,
    context,
    (api, value) => postGeneralComment(api, { content: value.texto, b: value.biblioteca }),
    () => "/comentario?enviado=1",
  );
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
