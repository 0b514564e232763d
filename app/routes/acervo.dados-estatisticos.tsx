import { useTranslation } from "~/framework/use-translation";
import { LoansChart } from "~/components/acervo/LoansChart";
import { SubPage, TitleErrorBoundary } from "~/components/acervo/SubPage";
import { subPageMeta } from "~/components/acervo/sub-page-meta";
import "~/styles/catalogue.css";
import "~/components/acervo/acervo.css";
import type { Route } from "./+types/acervo.dados-estatisticos";
import { loadRecordStatistics } from "./acervo.dados-estatisticos.server";

export const meta: Route.MetaFunction = (args) => subPageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadRecordStatistics(args);
}

/** "/acervo/:codAcervo/dados-estatisticos": loans per year, as a chart and a table. */
export default function DadosEstatisticosPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("acervo");
  const { title, data } = loaderData;
  return (
    <SubPage title={title} page="estatisticas">
      {data.length === 0 ? <p>{t("stats.none")}</p> : <LoansChart titulo={title.titulo} anos={data} />}
    </SubPage>
  );
}

export const ErrorBoundary = TitleErrorBoundary;
