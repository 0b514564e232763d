import { useEffect, useRef } from "react";
import { useTranslation } from "~/framework/use-translation";
import { redirect } from "react-router";
import type { Route } from "./+types/token";
import { LoanTokenPanel } from "~/components/account/LoanTokenPanel";
import { pageTitle } from "~/components/search/page-title";
import { getT } from "~/lib/i18n.server";
import { privateAreaPath } from "~/lib/product";
import { generateLoanToken, loadLoanToken } from "./+shared/loan-token.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    pageTitle: getT(context)("account:token.heading"),
    token: await loadLoanToken(context),
    created: new URL(request.url).searchParams.get("gerado") === "1",
  };
}

/** POST: a new token, then back (PRG) to the token page or the app page. */
export async function action({ request, context }: Route.ActionArgs) {
  const back = (await request.formData()).get("voltar") === "app" ? "app" : "token";
  await generateLoanToken(context);
  return redirect(`${privateAreaPath}/${back}?gerado=1`);
}

/** The loan token for self-service machines (spec §3 "Loan token", §7 GET/POST emprestimo/token). */
export default function LoanTokenPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (loaderData.created) status.current?.focus();
  }, [loaderData.created]);
  return (
    <div className="page account">
      <h1>{t("token.heading")}</h1>
      <p>{t("token.intro")}</p>
      {loaderData.created ? (
        <p className="notice" role="status" tabIndex={-1} ref={status}>
          {t("token.created")}
        </p>
      ) : null}
      <LoanTokenPanel token={loaderData.token} back="token" />
    </div>
  );
}
