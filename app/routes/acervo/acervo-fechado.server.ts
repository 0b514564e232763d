/** A title's closed stacks screen's loader: the title and its permissions, 404 when it has no copy in closed stacks. */
import { getPermissoes } from "~/lib/api/acervo.server";
import type { Route } from "./+types/acervo-fechado";
import { data } from "react-router";
import { getI18n } from "~/lib/i18n.server";
import { loadSubPage, type AcervoErrorData } from "./index.server";

export async function loadClosedStacks({ params, context }: Route.LoaderArgs) {
  // Without permissions the page still explains the collection; it only leaves out the request link.
  const page = await loadSubPage(params, context, "acervoFechado", (api, id) => getPermissoes(api, id).catch(() => null));
  // Only a title with a copy in closed stacks (a location the library marked closed) has this page.
  if (!page.title.acervoFechado)
    throw data<AcervoErrorData>({ pageTitle: getI18n(context).t("catalogue:meta.notFound") }, { status: 404, statusText: "Not Found" });
  return page;
}
