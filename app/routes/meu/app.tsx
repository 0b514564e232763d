import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import type { Route } from "./+types/app";
import { loadAppPage } from "./app.server";
import { LoanTokenPanel } from "~/components/account/LoanTokenPanel";
import { pageTitle } from "~/components/search/page-title";
import { PRODUCT_NAME, privateAreaPath } from "~/lib/product";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : []);

export function loader(args: Route.LoaderArgs) {
  return loadAppPage(args);
}

/** The app page (spec §2 "/meu{product}/app"): what the mobile app offers, how to get it, the loan token. */
export default function AppPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  return (
    <div className="page account">
      <h1>{t("app.heading", { product: PRODUCT_NAME })}</h1>
      <section className="account__section" aria-labelledby="app-oferece">
        <h2 id="app-oferece">{t("app.offers_heading")}</h2>
        <ul>
          <li>{t("app.offer_loans")}</li>
          <li>{t("app.offer_alerts")}</li>
          <li>{t("app.offer_token")}</li>
          <li>{t("app.offer_search")}</li>
        </ul>
      </section>
      <section className="account__section" aria-labelledby="app-obter">
        <h2 id="app-obter">{t("app.get_heading")}</h2>
        <p>{t("app.get_text", { product: PRODUCT_NAME })}</p>
        {/* Spec §8: the institution has not configured automatic access through the app. */}
        <p className="notice">{t("app.not_configured")}</p>
      </section>
      <section className="account__section" aria-labelledby="app-token">
        <h2 id="app-token">{t("app.token_heading")}</h2>
        <p>{t("app.token_text")}</p>
        {loaderData.created ? (
          <p className="notice" role="status">
            {t("token.created")}
          </p>
        ) : null}
        <LoanTokenPanel token={loaderData.token} back="app" />
        <p>
          <Link to={`${privateAreaPath}/token`}>{t("app.token_link")}</Link>
        </p>
      </section>
    </div>
  );
}
