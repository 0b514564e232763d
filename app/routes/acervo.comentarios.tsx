import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import { CommentForm } from "~/components/requests/CommentForm";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/acervo.comentarios";
import { loadRecordComment, recordCommentAction } from "./acervo.comentarios.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : [];
}

export function loader(args: Route.LoaderArgs) {
  return loadRecordComment(args);
}

export function action(args: Route.ActionArgs) {
  return recordCommentAction(args);
}

export default function TitleCommentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("requests");
  const root = useRootData();
  const titlePath = `/acervo/${loaderData.codAcervo}`;
  return (
    <div className="page">
      <h1>{t("comment.page_heading", { title: loaderData.titulo })}</h1>
      <p>{t("comment.moderated")}</p>
      <CommentForm
        idPrefix="comentario"
        action={`${titlePath}/comentarios`}
        libraries={loaderData.libraries}
        signedIn={Boolean(root?.user)}
        lastResult={actionData?.result}
        formError={actionData?.formError}
        redirectTo={titlePath}
        submitLabel={t("comment.submit")}
      />
      <p>
        <Link to={titlePath}>{t("back_to_title")}</Link>
      </p>
    </div>
  );
}
