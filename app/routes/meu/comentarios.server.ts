/** The patron's comments by title with their moderation status (spec §4: sent, awaiting approval, shown); delete one. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { getMyCommentedTitles, getMyCommentsOnTitle } from "~/lib/api/account/contributions.server";
import { deleteMyComment } from "~/lib/api/account/profile.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { settle } from "~/lib/api/settle.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { COMMENTS_PATH } from "./paths-library-requests";

type Ctx = Readonly<RouterContextProvider>;
const STATUSES = ["aguardando", "aprovado", "rejeitado"] as const;

export async function loadComments(request: Request, context: Ctx) {
  const t = getT(context);
  const lang = getLanguage(context);
  const api = getApi(context);
  const titles = await settle(getMyCommentedTitles(api));
  const groups = titles.ok
    ? await Promise.all(
        titles.value.map(async (title) => {
          const comments = await settle(getMyCommentsOnTitle(api, title.cod_acervo));
          return {
            codAcervo: title.cod_acervo,
            title: title.titulo,
            author: title.autor ?? "",
            comments: comments.ok
              ? comments.value.map((c) => ({
                  id: c.cod_comentario,
                  text: c.texto,
                  date: formatDate(c.data_envio, lang),
                  library: c.biblioteca,
                  status: (STATUSES as readonly string[]).includes(c.situacao) ? c.situacao : "aguardando",
                }))
              : null,
          };
        }),
      )
    : null;
  return { title: t("contributions:comments.title"), groups, deleted: new URL(request.url).searchParams.get("aviso") === "apagado" };
}

/** A comment on the confirmation step: its text and the title it is about. */
export interface CommentToDelete {
  id: number;
  codAcervo: number;
  text: string;
  title: string;
}

export interface CommentsActionData {
  error?: string;
  /** The step before deleting (the no-JS confirmation page). */
  confirm?: CommentToDelete;
}

/**
 * intent=apagar: deletes one of the patron's comments, then back with a notice (PRG); any other post (the
 * list's "delete" button without JS) answers the confirmation step, writing nothing.
 */
export async function commentsAction(request: Request, context: Ctx) {
  const form = await request.formData();
  const t = getT(context);
  const api = getApi(context);
  const id = Number(form.get("comentario"));
  const codAcervo = Number(form.get("acervo"));
  const notFound = () => data<CommentsActionData>({ error: t("contributions:comments.not_found") }, { status: 400 });
  if (!Number.isInteger(id) || id <= 0) return notFound();
  try {
    if (form.get("intent") !== "apagar") {
      if (!Number.isInteger(codAcervo) || codAcervo <= 0) return notFound();
      const [titles, comments] = await Promise.all([getMyCommentedTitles(api), getMyCommentsOnTitle(api, codAcervo)]);
      const comment = comments.find((c) => c.cod_comentario === id);
      if (!comment) return notFound();
      const title = titles.find((x) => x.cod_acervo === codAcervo)?.titulo ?? "";
      return data<CommentsActionData>({ confirm: { id, codAcervo, text: comment.texto, title } });
    }
    await deleteMyComment(api, id);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    if (err.status === 404) return notFound();
    const m = describeError(err);
    return data<CommentsActionData>({ error: t(m.key, m.values) }, { status: err.status === 0 ? 503 : 400 });
  }
  return redirect(`${COMMENTS_PATH}?aviso=apagado`);
}
