/**
 * Titles as a downloaded export in one of the basket's formats (`?tipo=`, through `POST /api/exportar-cesta`;
 * ADR 070, ADR 246): the basket's download and the lists' (a patron's and a public one) answer through it.
 */
import { data, type RouterContextProvider } from "react-router";
import { exportBasket } from "~/lib/api/basket.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { getT } from "~/lib/i18n.server";
import { isExportFormat } from "~/schemas/basket";

/** What the download says when there is nothing to export: the basket's words or the lists'. */
export type EmptyExportMessage = "basket:errors.emptyBasket" | "lists:export.empty";

/**
 * The download of `ids` as `<name>-<tipo>.<extension>`: a bad `?tipo=` answers 400, no titles (or none the API
 * knows) 404, both in plain text; a failing API is a 502/503 page.
 */
export async function exportDownload(
  request: Request,
  context: Readonly<RouterContextProvider>,
  ids: number[],
  name: string,
  empty: EmptyExportMessage,
): Promise<Response> {
  const t = getT(context);
  const tipo = new URL(request.url).searchParams.get("tipo");
  const plain = (message: string, status: number) =>
    new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  if (!isExportFormat(tipo)) return plain(t("basket:errors.badFormat"), 400);
  if (ids.length === 0) return plain(t(empty), 404);
  try {
    const result = await exportBasket(getApi(context), tipo, ids);
    return new Response(result.conteudo, {
      headers: {
        "Content-Type": result.contentType,
        "Content-Disposition": `attachment; filename="${name}-${tipo}.${result.extensao}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) return plain(t(empty), 404);
    throw data(null, { status: error.status === 0 ? 503 : 502 });
  }
}
