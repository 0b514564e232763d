import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { MarcTable } from "~/components/acervo/MarcTable";
import { SubPage, TitleErrorBoundary } from "~/components/acervo/SubPage";
import { subPageMeta } from "~/components/acervo/sub-page-meta";
import "~/styles/catalogue.css";
import "~/components/acervo/acervo.css";
import type { Route } from "./+types/acervo.marc";
import { loadRecordMarc } from "./acervo.marc.server";

export const meta: Route.MetaFunction = (args) => subPageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadRecordMarc(args);
}

/** "/acervo/:codAcervo/marc": the tagged MARC display. */
export default function MarcPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("acervo");
  const { title, data: marc, liberacao } = loaderData;
  return (
    <SubPage title={title} page="marc">
      <p>
        {liberacao ? <>{t("marc.localShown")} </> : null}
        <Link to={liberacao ? `/acervo/${title.cod_acervo}/marc` : `/acervo/${title.cod_acervo}/marc?liberacao=1`}>
          {liberacao ? t("marc.hideLocal") : t("marc.showLocal")}
        </Link>
      </p>
      <MarcTable marc={marc} caption={t("marc.caption", { titulo: title.titulo })} />
    </SubPage>
  );
}

export const ErrorBoundary = TitleErrorBoundary;
