import { useArrivalFocus } from "~/lib/use-arrival-focus";
import { useTranslation } from "~/framework/use-translation";
import type { Route } from "./+types/token";
import { loadLoanTokenPage, loanTokenAction } from "./token.server";
import { LoanTokenPanel } from "~/components/account/LoanTokenPanel";
import { pageTitle } from "~/components/search/page-title";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : []);

export function loader(args: Route.LoaderArgs) {
  return loadLoanTokenPage(args);
}

export function action(args: Route.ActionArgs) {
  return loanTokenAction(args);
}

/** The loan token for self-service machines (spec §3 "Loan token", §7 GET/POST emprestimo/token). */
export default function LoanTokenPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { ref: status, autoFocus } = useArrivalFocus<HTMLParagraphElement>(loaderData.created);
  return (
    <div className="page account">
      <h1>{t("token.heading")}</h1>
      <p>{t("token.intro")}</p>
      {loaderData.created ? (
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the result's focus on a page load (WCAG 2.4.3, 4.1.3)
        <p className="notice" role="status" tabIndex={-1} ref={status} autoFocus={autoFocus}>
          {t("token.created")}
        </p>
      ) : null}
      <LoanTokenPanel token={loaderData.token} back="token" />
    </div>
  );
}
