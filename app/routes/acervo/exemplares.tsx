import { Form } from "react-router";
import { useTranslation } from "~/framework/use-translation";
import { CopiesTable } from "~/components/acervo/CopiesTable";
import { SubPage, TitleErrorBoundary } from "~/components/acervo/SubPage";
import { subPageMeta } from "~/components/acervo/sub-page-meta";
import type { Route } from "./+types/exemplares";
import "~/styles/catalogue.css";
import "~/components/acervo/acervo.css";
import { loadCopies } from "./exemplares.server";

export const meta: Route.MetaFunction = (args) => subPageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadCopies(args);
}

/** "/acervo/:codAcervo/exemplares": copies by location, loan type and expected return, filterable by library (GET form). */
export default function ExemplaresPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("acervo");
  const { title, data, unidade } = loaderData;
  return (
    <SubPage title={title} page="exemplares">
      {data.bibliotecas.length > 0 ? (
        <Form method="get" className="filter-form" aria-labelledby="filtro-exemplares">
          <h2 id="filtro-exemplares" className="visually-hidden">
            {t("exemplares.filterLegend")}
          </h2>
          <div>
            <label htmlFor="cod_unidade">{t("exemplares.library")}</label>
            <select id="cod_unidade" name="cod_unidade" defaultValue={unidade ? String(unidade) : ""} key={unidade ?? 0}>
              <option value="">{t("exemplares.all")}</option>
              {data.bibliotecas.map((b) => (
                <option key={b.cod_biblioteca} value={b.cod_biblioteca}>
                  {b.desc_biblioteca}
                </option>
              ))}
            </select>
          </div>
          <button type="submit">{t("exemplares.apply")}</button>
        </Form>
      ) : null}
      {unidade && data.exemplares.length === 0 ? (
        <p>{t("exemplares.noneInLibrary")}</p>
      ) : (
        <CopiesTable titulo={title.titulo} exemplares={data.exemplares} />
      )}
    </SubPage>
  );
}

export const ErrorBoundary = TitleErrorBoundary;
