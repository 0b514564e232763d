/** A list's titles as a downloaded export (the basket's formats, through `POST /api/exportar-cesta`; ADR 246). */
import { data, type RouterContextProvider } from "react-router";
import { exportBasket } from "~/lib/api/basket.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { getT } from "~/lib/i18n.server";
import { isExportFormat } from "~/schemas/basket";

export async function listExportResponse(request: Request, context: Readonly<RouterContextProvider>, ids: number[], name: string): Promise<Response> {
  const t = getT(context);
  const tipo = new URL(request.url).searchParams.get("tipo");
  const plain = (message: string, status: number) =>
    new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  if (!isExportFormat(tipo)) return plain(t("basket:errors.badFormat"), 400);
  if (ids.length === 0) return plain(t("lists:export.empty"), 404);
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
    if (error.status === 404) return plain(t("lists:export.empty"), 404);
    throw data(null, { status: error.status === 0 ? 503 : 502 });
  }
}
