/** The general comment screen's loader (the libraries, and whether one was just sent) and action (sends the comment). */
import { getApi } from "~/lib/api/client.server";
import { postGeneralComment, submitComment } from "~/lib/api/comments.server";
import { getUnits } from "~/lib/api/requests.server";
import { getT } from "~/lib/i18n.server";
import type { Route } from "./+types/comentario";

/** The footer's general comment as a page (the no-JS form of its dialog); the dialog loads this data too. */
export async function loadGeneralComment({ request, context }: Route.LoaderArgs) {
  const libraries = await getUnits(getApi(context));
  const sent = new URL(request.url).searchParams.get("enviado") === "1";
  return { libraries, sent, pageTitle: getT(context)("requests:general.page_title") };
}

/** POST /comentario {content, b}; PRG to the page with a toast, or data for the dialog. */
export async function generalCommentAction({ request, context }: Route.ActionArgs) {
  return submitComment(
    request,
    context,
    (api, value) => postGeneralComment(api, { content: value.texto, b: value.biblioteca }),
    () => "/comentario?enviado=1",
  );
}
