/** The reference page's loader: the title and its references (ABNT with the bold title, and every text format), in parallel. */
import { data } from "react-router";
import type { Route } from "./+types/referencia";
import { getReferencia } from "~/lib/api/basket.server";
import { getAcervo } from "~/lib/api/catalogue.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError, type ErrorMessage } from "~/lib/api/errors";
import { getT } from "~/lib/i18n.server";
import { parseCodAcervo } from "./index.server";

export interface ErrorData {
  pageTitle: string;
  message?: ErrorMessage;
}

/** The title and its references (ABNT with the bold title, and every text format) in parallel. */
export async function loadReference({ params, context }: Route.LoaderArgs) {
  const t = getT(context);
  const id = parseCodAcervo(params.codAcervo);
  const notFound = () => data<ErrorData>({ pageTitle: t("catalogue:meta.notFound") }, { status: 404 });
  if (id === null) throw notFound();
  const api = getApi(context);
  try {
    const [acervo, referencia] = await Promise.all([getAcervo(api, id), getReferencia(api, id)]);
    return {
      codAcervo: id,
      titulo: acervo.titulo,
      referencia,
      pageTitle: t("basket:reference.pageTitle", { titulo: acervo.titulo }),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw data<ErrorData>(
      { pageTitle: t("catalogue:meta.titleError"), message: describeError(error) },
      { status: error instanceof ApiError && error.status > 0 ? 502 : 503 },
    );
  }
}
