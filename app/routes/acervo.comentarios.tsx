import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { data } from "react-router";
import { Link } from "~/framework/Link";
import { CommentForm } from "~/components/requests/CommentForm";
import { COMMENT_SENT_PARAM } from "~/components/acervo/CommentsSection";
import { getAcervo } from "~/lib/api/catalogue.server";
import { getApi } from "~/lib/api/client.server";
import { postTitleComment, submitComment } from "~/lib/api/comments.server";
import { getUnits, orNotFound } from "~/lib/api/requests.server";
import { getT } from "~/lib/i18n.server";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/acervo.comentarios";
import { parseCodAcervo } from "./acervo.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : [];
}

/** The comment form as a page: where a no-JS post with errors lands, and a link target of its own. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseCodAcervo(params.codAcervo);
  if (id === null) throw data(null, { status: 404 });
  const api = getApi(context);
  const t = getT(context);
  const [acervo, libraries] = await orNotFound(Promise.all([getAcervo(api, id), getUnits(api)]));
  return { codAcervo: id, titulo: acervo.titulo, libraries, pageTitle: t("requests:comment.page_title", { title: acervo.titulo }) };
}

/** Posts a comment on the title; success goes back to the title page's comments with a toast (PRG). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseCodAcervo(params.codAcervo);
  if (id === null) throw data(null, { status: 404 });
  return submitComment(
    request,
    context,
    (api, value) => postTitleComment(api, id, { texto: value.texto, biblioteca: value.biblioteca }),
    () => `/acervo/${id}?${COMMENT_SENT_PARAM}=enviado#comentarios`,
  );
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
