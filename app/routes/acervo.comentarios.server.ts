/** A title's comment screen's loader (the title and the libraries) and action (sends the comment on the title). */
import { data } from "react-router";
import { COMMENT_SENT_PARAM } from "~/components/acervo/CommentsSection";
import { getAcervo } from "~/lib/api/catalogue.server";
import { getApi } from "~/lib/api/client.server";
import { postTitleComment, submitComment } from "~/lib/api/comments.server";
import { getUnits, orNotFound } from "~/lib/api/requests.server";
import { getT } from "~/lib/i18n.server";
import type { Route } from "./+types/acervo.comentarios";
import { parseCodAcervo } from "./acervo.server";

/** The comment form as a page: where a no-JS post with errors lands, and a link target of its own. */
export async function loadRecordComment({ params, context }: Route.LoaderArgs) {
  const id = parseCodAcervo(params.codAcervo);
  if (id === null) throw data(null, { status: 404 });
  const api = getApi(context);
  const t = getT(context);
  const [acervo, libraries] = await orNotFound(Promise.all([getAcervo(api, id), getUnits(api)]));
  return { codAcervo: id, titulo: acervo.titulo, libraries, pageTitle: t("requests:comment.page_title", { title: acervo.titulo }) };
}

/** Posts a comment on the title; success goes back to the title page's comments with a toast (PRG). */
export async function recordCommentAction({ request, params, context }: Route.ActionArgs) {
  const id = parseCodAcervo(params.codAcervo);
  if (id === null) throw data(null, { status: 404 });
  return submitComment(
    request,
    context,
    (api, value) => postTitleComment(api, id, { texto: value.texto, biblioteca: value.biblioteca }),
    () => `/acervo/${id}?${COMMENT_SENT_PARAM}=enviado#comentarios`,
  );
}
