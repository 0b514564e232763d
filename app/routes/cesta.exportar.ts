import { data } from "react-router";
import type { Route } from "./+types/cesta.exportar";
import { exportBasket } from "~/lib/api/basket.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { parseBasket, readBasket } from "~/lib/basket.server";
import { getT } from "~/lib/i18n.server";
import { isExportFormat } from "~/schemas/basket";

/**
 * Download of an export as a file (a read-only GET, so plain links work without JS):
 * `/cesta/exportar?tipo=ris` exports the basket; `&acervos=12.30` exports those titles instead
 * (the reference page of one title uses it).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const t = getT(context);
  const tipo = url.searchParams.get("tipo");
  const explicit = url.searchParams.get("acervos");
  const ids = explicit !== null ? parseBasket(explicit) : readBasket(request);
  const plain = (message: string, status: number) =>
    new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  if (!isExportFormat(tipo)) return plain(t("basket:errors.badFormat"), 400);
  if (ids.length === 0) return plain(t("basket:errors.emptyBasket"), 404);
  try {
    const result = await exportBasket(getApi(context), tipo, ids);
    const name = explicit !== null && ids.length === 1 ? `acervo-${ids[0]}` : "cesta";
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
    if (error.status === 404) return plain(t("basket:errors.emptyBasket"), 404);
    throw data(null, { status: error.status === 0 ? 503 : 502 });
  }
}
