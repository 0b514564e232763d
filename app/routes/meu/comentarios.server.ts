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

/** Deletes one of the patron's comments (POST, then back with a notice: PRG). */
export async function commentsAction(request: Request, context: Ctx) {
  const form = await request.formData();
  const t = getT(context);
  const id = Number(form.get("comentario"));
  if (!Number.isInteger(id) || id <= 0) return data({ error: t("contributions:comments.not_found") }, { status: 400 });
  try {
    await deleteMyComment(getApi(context), id);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    if (err.status === 404) return data({ error: t("contributions:comments.not_found") }, { status: 400 });
    const m = describeError(err);
    return data({ error: t(m.key, m.values) }, { status: err.status === 0 ? 503 : 400 });
  }
  return redirect(`${COMMENTS_PATH}?aviso=apagado`);
}
