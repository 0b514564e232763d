/** The app screen's loader: the loan token, and whether one was just made. */
import type { Route } from "./+types/app";
import { getT } from "~/lib/i18n.server";
import { PRODUCT_NAME } from "~/lib/product";
import { loadLoanToken } from "./+shared/loan-token.server";

export async function loadAppPage({ request, context }: Route.LoaderArgs) {
  return {
    pageTitle: getT(context)("account:app.heading", { product: PRODUCT_NAME }),
    token: await loadLoanToken(context),
    created: new URL(request.url).searchParams.get("gerado") === "1",
  };
}
