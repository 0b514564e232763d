import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import { pageTitle } from "~/components/search/page-title";
import { PlanSection } from "~/components/search/TeachingPlan";
import type { Route } from "./+types/plano-ensino";
import { loadMyTeachingPlans } from "./plano-ensino.server";
// The plan sections share the catalogue's look (facts list, availability) with the public tab.
import "~/styles/catalogue.css";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? [{ title: pageTitle(loaderData.title, matches) }] : []);

export async function loader({ context }: Route.LoaderArgs) {
  return loadMyTeachingPlans(context);
}

/** The professor's own teaching plans (spec §3): each plan's bibliography with copies available, on loan and lent. */
export default function MyTeachingPlansPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("statistics");
  const { title, professor, plans } = loaderData;
  return (
    <div className="page account-screen">
      <h1>{title}</h1>
      {!professor ? (
        <p>{t("plans.not_professor")}</p>
      ) : plans === null ? (
        <p className="notice notice--warning">{t("plans.failed")}</p>
      ) : (
        <>
          <p>
            {t("plans.intro")} <Link to="/plano-ensino">{t("plans.search_link")}</Link>
          </p>
          <section aria-labelledby="meus-planos">
            <h2 id="meus-planos">{t("plans.count", { count: plans.total })}</h2>
            {plans.total > plans.planos.length ? <p>{t("plans.limited", { shown: plans.planos.length })}</p> : null}
            {plans.planos.map((p) => (
              <PlanSection key={p.cod_plano} plan={p} showLoans />
            ))}
          </section>
        </>
      )}
    </div>
  );
}
