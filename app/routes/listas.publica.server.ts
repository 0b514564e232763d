/** A public list's page (ADR 246): read-only, by its link's token; not for search engines. */
import { data } from "react-router";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { getPublicList } from "~/lib/api/lists/lists.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { listItemView } from "~/lib/lists.server";
import { EXPORT_FORMATS } from "~/schemas/basket";
import type { Route } from "./+types/listas.publica";

export async function loadPublicListPage({ context, params }: Route.LoaderArgs) {
  const token = params.token ?? "";
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw data(null, { status: 404, headers: { "X-Robots-Tag": "noindex" } });
  const t = getT(context);
  const lang = getLanguage(context);
  let list;
  try {
    list = await getPublicList(getApi(context), token);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404, headers: { "X-Robots-Tag": "noindex" } });
    throw err;
  }
  return data(
    {
      token,
      name: list.nome,
      updated: formatDate(list.atualizada_em, lang),
      formats: EXPORT_FORMATS.map((f) => ({ value: f, label: t(`basket:formats.${f}`) })),
      items: list.titulos.map((i) => listItemView(i, lang)),
    },
    { headers: { "X-Robots-Tag": "noindex", "Cache-Control": "no-store" } },
  );
}
