/** An answered catalogue-card request's card as a tagged PDF download. */
import { data } from "react-router";
import { CatalogueCardAnswerSchema } from "~/lib/api/account/library-request-types";
import { getLibraryRequest } from "~/lib/api/account/library-requests.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { getT } from "~/lib/i18n.server";
import { pdfResponse } from "~/lib/tagged-pdf.server";
import type { Route } from "./+types/ficha-catalografica.pdf";
import { catalogueCardPdf, type CardRequest } from "./+shared/catalogue-card-pdf.server";

/** The card's PDF; 404 for a malformed or unknown id, and until the library answers. */
export async function loadCatalogueCardPdf({ params, context }: Route.LoaderArgs): Promise<Response> {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  let request;
  try {
    request = await getLibraryRequest(getApi(context), "ficha-catalografica", id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
  const answer = CatalogueCardAnswerSchema.safeParse(request.resposta);
  if (request.situacao !== "atendida" || !answer.success) throw data(null, { status: 404 });
  const t = getT(context);
  const pdf = await catalogueCardPdf(request.dados as unknown as CardRequest, answer.data, {
    title: t("librequests:card.pdf_title"),
    made_by: t("librequests:card.made_by"),
    librarian: t("librequests:card.librarian"),
  });
  return pdfResponse(pdf, `ficha-catalografica-${id}.pdf`);
}
