import { useTranslation } from "~/framework/use-translation";
import { StatisticsFigure, StatisticsSummary } from "~/components/account/StatisticsFigure";
import { StatisticsFilter } from "~/components/account/StatisticsFilter";
import { PageTitle } from "~/components/profile/PageTitle";
import { privateAreaPath } from "~/lib/product";
import type { Route } from "./+types/estatisticas-aquisicao";
import { loadAcquisitionStatisticsPage } from "./estatisticas-aquisicao.server";

export function loader(args: Route.LoaderArgs) {
  return loadAcquisitionStatisticsPage(args);
}

/** Acquisition statistics (spec §2 menu, §7 "Aquisicao"): copies acquired by period and mode, suggestions by status. */
export default function AcquisitionStatisticsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("statistics");
  const { title, form, stats, failed } = loaderData;
  const measures = [t("col.copies"), t("col.titles")];
  return (
    <div className="page account-screen">
      <PageTitle title={title} failed={Object.keys(form.errors).length > 0} />
      <h1>{title}</h1>
      <p>{t("acquisitions.intro")}</p>
      <StatisticsFilter id="aquisicao" path={`${privateAreaPath}/estatisticas-aquisicao`} {...form} />
      {failed ? <p className="notice notice--warning">{t("failed")}</p> : null}
      {stats ? (
        <>
          <StatisticsSummary
            items={[
              { label: t("acquisitions.copies"), value: stats.copies },
              { label: t("acquisitions.titles"), value: stats.titles },
            ]}
          />
          <StatisticsFigure
            id="aquisicao-periodo"
            heading={stats.byYear ? t("acquisitions.by_year") : t("acquisitions.by_month")}
            labelColumn={t("col.period")}
            columns={measures}
            rows={stats.periods}
          />
          <StatisticsFigure
            id="aquisicao-modalidade"
            heading={t("acquisitions.by_mode")}
            labelColumn={t("col.mode")}
            columns={measures}
            rows={stats.modes}
          />
          <StatisticsFigure
            id="aquisicao-sugestoes"
            heading={t("acquisitions.suggestions")}
            labelColumn={t("col.status")}
            columns={[t("col.suggestions")]}
            rows={stats.suggestions}
          />
        </>
      ) : null}
    </div>
  );
}
