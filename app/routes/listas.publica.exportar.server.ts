/** A public list's download in one of the basket's formats (read-only, by the list's token; ADR 246). */
import { data } from "react-router";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { getPublicList } from "~/lib/api/lists/lists.server";
import { exportDownload } from "~/lib/export-download.server";
import type { Route } from "./+types/listas.publica.exportar";

/** Download of a public list in one of the basket's formats (read-only, by the list's token). */
export async function loadPublicListExport({ request, context, params }: Route.LoaderArgs) {
  const token = params.token ?? "";
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw data(null, { status: 404 });
  try {
    const list = await getPublicList(getApi(context), token);
    return exportDownload(
      request,
      context,
      list.titulos.map((i) => i.cod_acervo),
      "lista",
      "lists:export.empty",
    );
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}
