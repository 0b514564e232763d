/** A patron's list as a download in one of the basket's formats (a read-only GET: `?tipo=ris`; ADR 246). */
import { data } from "react-router";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { getList } from "~/lib/api/lists/lists.server";
import { exportDownload } from "~/lib/export-download.server";
import type { Route } from "./+types/lista.exportar";
import { refParam } from "./lista.server";

/** Download of a patron's list in one of the basket's formats (a read-only GET: `?tipo=ris`). */
export async function loadListExport({ request, context, params }: Route.LoaderArgs) {
  const lista = refParam(params.lista);
  try {
    const list = await getList(getApi(context), lista);
    return exportDownload(
      request,
      context,
      list.titulos.map((i) => i.cod_acervo),
      `lista-${lista}`,
      "lists:export.empty",
    );
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}
