/** The loan token screen's loader (the token, and whether one was just made) and action (make a new one, then back). */
import { redirect } from "react-router";
import type { Route } from "./+types/token";
import { getT } from "~/lib/i18n.server";
import { privateAreaPath } from "~/lib/product";
import { generateLoanToken, loadLoanToken } from "./+shared/loan-token.server";

export async function loadLoanTokenPage({ request, context }: Route.LoaderArgs) {
  return {
    pageTitle: getT(context)("account:token.heading"),
    token: await loadLoanToken(context),
    created: new URL(request.url).searchParams.get("gerado") === "1",
  };
}

/** POST: a new token, then back (PRG) to the token page or the app page. */
export async function loanTokenAction({ request, context }: Route.ActionArgs) {
  const back = (await request.formData()).get("voltar") === "app" ? "app" : "token";
  await generateLoanToken(context);
  return redirect(`${privateAreaPath}/${back}?gerado=1`);
}
