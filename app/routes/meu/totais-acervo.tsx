import { useTranslation } from "~/framework/use-translation";
import { StatisticsFigure, StatisticsSummary } from "~/components/account/StatisticsFigure";
import { StatisticsFilter } from "~/components/account/StatisticsFilter";
import { PageTitle } from "~/components/profile/PageTitle";
import { privateAreaPath } from "~/lib/product";
import type { Route } from "./+types/totais-acervo";
import { loadCollectionTotalsPage } from "./totais-acervo.server";

export function loader(args: Route.LoaderArgs) {
  return loadCollectionTotalsPage(args);
}

/** Collection totals (spec §2 menu, §7 "Acervo" totais): titles and copies by work type, for a range and a library. */
export default function CollectionTotalsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("statistics");
  const { title, form, totals, failed } = loaderData;
  return (
    <div className="page account-screen">
      <PageTitle title={title} failed={Object.keys(form.errors).length > 0} />
      <h1>{title}</h1>
      <p>{t("totals.intro")}</p>
      <StatisticsFilter id="totais" path={`${privateAreaPath}/totais-acervo`} {...form} />
      {failed ? <p className="notice notice--warning">{t("failed")}</p> : null}
      {totals ? (
        <>
          <StatisticsSummary
            items={[
              { label: t("totals.titles"), value: totals.titles },
              { label: t("totals.copies"), value: totals.copies },
            ]}
          />
          <StatisticsFigure
            id="totais-tipo"
            heading={t("totals.by_type")}
            labelColumn={t("col.type")}
            columns={[t("col.copies"), t("col.titles")]}
            rows={totals.types}
          />
        </>
      ) : null}
    </div>
  );
}
